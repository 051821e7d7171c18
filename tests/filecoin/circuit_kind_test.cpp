// find_circuit_kind: every PoRep, PoSt and SnapDeals circuit id of the registries resolves to its
// own family (Filecoin's file names of that family, the family's blank synthesis), and any other
// id is a kUnknownProof error that lists the known ids.
#include "filecoin/circuit_kind.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/circuit_checks.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_proof_type.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "filecoin/update_circuit.hpp"
#include "filecoin/update_proof_type.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::CircuitCount;
using cuzk::testing::count_circuit;

constexpr ParameterFile kFiles[] = {ParameterFile::kParams, ParameterFile::kVk,
                                    ParameterFile::kMeta};

void expect_same_counts(const CircuitCount& got, const CircuitCount& want) {
  EXPECT_EQ(got.inputs, want.inputs);
  EXPECT_EQ(got.aux, want.aux);
  EXPECT_EQ(got.constraints, want.constraints);
}

// Every id of a registry resolves to itself, with Filecoin's file names of the registry's family.
template <class Configs, class FileName>
void expect_family_files(const Configs& configs, const FileName& file_name) {
  for (const auto& config : configs) {
    const auto kind = find_circuit_kind(config.circuit_id);
    ASSERT_TRUE(kind.ok()) << config.circuit_id;
    EXPECT_EQ(kind->circuit_id, config.circuit_id);
    for (const ParameterFile f : kFiles)
      EXPECT_EQ(kind->parameter_file_name(f), file_name(config, f)) << config.circuit_id;
  }
}

TEST(CircuitKind, EveryIdHasItsFamilysFiles) {
  expect_family_files(porep_sector_configs(), [](const PorepSectorConfig& s, ParameterFile f) {
    return parameter_file_name(s, f);
  });
  expect_family_files(post_circuit_configs(), [](const PostCircuitConfig& c, ParameterFile f) {
    return post_parameter_file_name(c, f);
  });
  expect_family_files(update_sector_configs(), [](const UpdateSectorConfig& s, ParameterFile f) {
    return update_parameter_file_name(s, f);
  });
}

// The 2 KiB circuits of each family (the small ones: seconds on two cores).
TEST(CircuitKind, BlankSynthesisIsTheFamilys) {
  const auto porep = find_circuit_kind("porep-2k");
  ASSERT_TRUE(porep.ok());
  const StackedCircuitShape stacked = stacked_circuit_shape(**find_porep_circuit("porep-2k"));
  expect_same_counts(count_circuit(porep->synthesize_blank),
                     count_circuit([&](auto& cs) { synthesize_stacked_blank(cs, stacked); }));

  for (const char* id : {"wpost-2k", "winning-2k"}) {
    SCOPED_TRACE(id);
    const auto post = find_circuit_kind(id);
    ASSERT_TRUE(post.ok());
    const PostCircuitShape shape = post_circuit_shape(**find_post_circuit(id));
    expect_same_counts(count_circuit(post->synthesize_blank),
                       count_circuit([&](auto& cs) { synthesize_post_blank(cs, shape); }));
  }

  const auto snap = find_circuit_kind("snap-2k");
  ASSERT_TRUE(snap.ok());
  const UpdateCircuitShape update = update_circuit_shape(**find_update_circuit("snap-2k"));
  expect_same_counts(count_circuit(snap->synthesize_blank),
                     count_circuit([&](auto& cs) { synthesize_update_blank(cs, update); }));
}

TEST(CircuitKind, UnknownIdIsAnErrorListingEveryKnownId) {
  for (const char* id : {"porep-16g", "wpost-16g", "snap-1k", "chain-65536", ""}) {
    const auto kind = find_circuit_kind(id);
    ASSERT_FALSE(kind.ok()) << id;
    EXPECT_EQ(kind.code(), FilecoinError::kUnknownProof);
    EXPECT_EQ(kind.error().message, "unknown circuit id \"" + std::string(id) +
                                        "\" (known: " + known_circuit_ids() + ")");
  }
  // The ids of the three registries, in their order, ", " between them.
  std::vector<std::string> want;
  for (const auto& s : porep_sector_configs()) want.emplace_back(s.circuit_id);
  for (const auto& c : post_circuit_configs()) want.emplace_back(c.circuit_id);
  for (const auto& s : update_sector_configs()) want.emplace_back(s.circuit_id);
  ASSERT_EQ(want.size(), 20u);  // 5 PoRep, 5 WindowPoSt, 5 WinningPoSt, 5 SnapDeals
  std::vector<std::string> listed;
  const std::string known = known_circuit_ids();
  for (size_t begin = 0, end = 0; begin <= known.size(); begin = end + 2) {
    end = std::min(known.find(", ", begin), known.size());
    listed.push_back(known.substr(begin, end - begin));
  }
  EXPECT_EQ(listed, want);
}

}  // namespace
}  // namespace cuzk::filecoin
