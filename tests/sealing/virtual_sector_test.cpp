// Virtual sectors (virtual_sector.hpp): 2 KiB, 8 MiB, 32 GiB and 64 GiB C1s pass check_c1 with
// hashes recomputed and round-trip through JSON; comm_d is the zero sector's; a challenge that is
// another challenge's parent gets its computed label; generation is deterministic; synthetic and
// NI proofs and requests with data are refused. Prints generation and check times.
#include "sealing/virtual_sector.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "filecoin/commitments.hpp"
#include "filecoin/stacked_graph.hpp"
#include "sealing_test_util.hpp"

namespace cuzk::sealing {
namespace {

using testing::expect_c1_passes;
using testing::expect_json_round_trip;
using testing::proof_named;

GeneratedC1 generate_or_fail(std::string_view name, uint64_t seed) {
  auto generated = generate_virtual_c1(seal_request_from_seed(proof_named(name), 1000, 1, seed));
  if (!generated.ok()) throw std::runtime_error(generated.error().message);
  return std::move(generated).value();
}

void expect_valid_virtual(std::string_view name, uint64_t seed, bool round_trip = true) {
  SCOPED_TRACE(std::string(name));
  Stopwatch watch;
  const GeneratedC1 generated = generate_or_fail(name, seed);
  const double generate_ms = watch.total_ms();
  const auto& c1 = generated.c1;
  const auto& proof = *c1.registered_proof;
  EXPECT_EQ(c1.comm_d, filecoin::zero_sector_comm_d(proof.sector->log2_nodes));
  EXPECT_EQ(c1.vanilla_proofs.size(), proof.partitions());
  EXPECT_EQ(c1.vanilla_proofs[0][0].comm_d_proofs.base.size(), proof.sector->log2_nodes);
  const double check_ms = expect_c1_passes(c1);
  if (round_trip) expect_json_round_trip(c1);
  std::cout << name << " virtual: generated in " << generate_ms << " ms ("
            << generated.times.to_string() << "); check_c1 " << check_ms << " ms\n";
}

TEST(VirtualSector, SmallSizesPass) {
  expect_valid_virtual("StackedDrg2KiBV1_1", 1);
  expect_valid_virtual("StackedDrg2KiBV1", 2);
  expect_valid_virtual("StackedDrg8MiBV1_1", 1);
}

TEST(VirtualSector, ThirtyTwoGiB) {
  expect_valid_virtual("StackedDrg32GiBV1_1", 1);
  expect_valid_virtual("StackedDrg32GiBV1", 4, /*round_trip=*/false);  // legacy graph (API 1.0)
}

TEST(VirtualSector, SixtyFourGiB) {
  expect_valid_virtual("StackedDrg64GiBV1_1", 1);
}

// In 2 KiB (64 nodes) one challenge is often a parent of the other: its column must then be
// the computed one, not filler, or the other challenge's label check fails.
TEST(VirtualSector, ChallengeThatIsAnotherChallengesParent) {
  const auto& proof = proof_named("StackedDrg2KiBV1_1");
  const auto graph = filecoin::StackedGraph::for_proof(proof);
  unsigned found = 0;
  for (uint64_t seed = 0; seed < 64 && found < 3; ++seed) {
    const auto c1 = generate_or_fail(proof.name, seed).c1;
    const uint64_t a = c1.vanilla_proofs[0][0].encoding_proof.node;
    const uint64_t b = c1.vanilla_proofs[0][1].encoding_proof.node;
    const auto parents_of_b = graph.parents(b), parents_of_a = graph.parents(a);
    const bool linked = a != b && (std::count(parents_of_b.begin(), parents_of_b.end(), a) > 0 ||
                                   std::count(parents_of_a.begin(), parents_of_a.end(), b) > 0);
    if (!linked) continue;
    ++found;
    SCOPED_TRACE(seed);
    expect_c1_passes(c1);
  }
  EXPECT_EQ(found, 3u) << "no seed below 64 links the two challenges";
}

TEST(VirtualSector, Deterministic) {
  const auto once = filecoin::to_json(generate_or_fail("StackedDrg8MiBV1_1", 9).c1);
  EXPECT_EQ(filecoin::to_json(generate_or_fail("StackedDrg8MiBV1_1", 9).c1), once);
  EXPECT_NE(filecoin::to_json(generate_or_fail("StackedDrg8MiBV1_1", 10).c1), once);
}

TEST(VirtualSector, RefusesSyntheticNonInteractiveAndData) {
  for (const char* name :
       {"StackedDrg32GiBV1_1_Feat_SyntheticPoRep", "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep"}) {
    auto r = generate_virtual_c1(seal_request_from_seed(proof_named(name), 1000, 1, 0));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.code(), SealingError::kNotVirtualizable);
    EXPECT_NE(r.error().message.find("depend on comm_r"), std::string::npos);
  }
  SealRequest request = seal_request_from_seed(proof_named("StackedDrg2KiBV1_1"), 1000, 1, 0);
  request.data.assign(64, hash::Node32{});
  EXPECT_EQ(generate_virtual_c1(request).code(), SealingError::kBadSectorData);
  EXPECT_EQ(generate_virtual_c1(SealRequest{}).code(), SealingError::kMissingProof);
}

}  // namespace
}  // namespace cuzk::sealing
