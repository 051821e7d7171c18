// The SnapDeals registry against rust-filecoin-proofs-api registry.rs, storage-proofs-update
// constants.rs (spec §6.1) and parameters.json (file names).
#include "filecoin/update_proof_type.hpp"

#include <gtest/gtest.h>

namespace cuzk::filecoin {
namespace {

TEST(UpdateProofType, IdsNamesAndSizes) {
  const auto proofs = update_proof_types();
  ASSERT_EQ(proofs.size(), 5u);
  const char* names[] = {"StackedDrg2KiBV1", "StackedDrg8MiBV1", "StackedDrg512MiBV1",
                         "StackedDrg32GiBV1", "StackedDrg64GiBV1"};
  const char* circuits[] = {"snap-2k", "snap-8m", "snap-512m", "snap-32g", "snap-64g"};
  const uint64_t bytes[] = {2048, 8u << 20, 512u << 20, 32ull << 30, 64ull << 30};
  for (unsigned i = 0; i < 5; ++i) {
    SCOPED_TRACE(names[i]);
    EXPECT_EQ(proofs[i].id, i);
    EXPECT_EQ(proofs[i].name, names[i]);
    EXPECT_EQ(proofs[i].api_version, ApiVersion::kV1_1_0);
    EXPECT_EQ(proofs[i].circuit_id(), circuits[i]);
    EXPECT_EQ(proofs[i].sector->sector_size, bytes[i]);
    EXPECT_EQ(proofs[i].sector->nodes() * 32, bytes[i]);
    const auto by_name = find_update_proof(std::string_view(names[i]));
    ASSERT_TRUE(by_name.ok());
    EXPECT_EQ(*by_name, &proofs[i]);
    const auto by_circuit = find_update_circuit(circuits[i]);
    ASSERT_TRUE(by_circuit.ok());
    EXPECT_EQ(*by_circuit, proofs[i].sector);
  }
  EXPECT_FALSE(find_update_proof(uint64_t(5)).ok());
  EXPECT_EQ(find_update_proof(std::string_view("StackedDrg32GiBV1_1")).code(),
            FilecoinError::kUnknownProof);
  const auto bad = find_update_circuit("snap-16g");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("snap-32g"), std::string::npos);
}

// constants.rs for every allowed size, test-only ones included.
TEST(UpdateProofType, ConstantsPerSize) {
  struct Row {
    unsigned log2_nodes, partitions, challenges, apex;
    hash::TreeShape shape;
    unsigned h_default;
  };
  const Row rows[] = {
      {5, 1, 10, 8, {8, 4, 0}, 1},      {6, 1, 10, 8, {8, 0, 0}, 1},
      {7, 1, 10, 8, {8, 2, 0}, 1},      {8, 1, 10, 8, {8, 4, 0}, 1},
      {9, 2, 10, 128, {8, 8, 0}, 1},    {10, 2, 10, 128, {8, 8, 2}, 1},
      {18, 4, 10, 128, {8, 0, 0}, 10},  {19, 4, 10, 128, {8, 2, 0}, 10},
      {24, 16, 86, 128, {8, 0, 0}, 10}, {30, 16, 86, 128, {8, 8, 0}, 10},
      {31, 16, 86, 128, {8, 8, 2}, 10},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(r.log2_nodes);
    const uint64_t n = uint64_t(1) << r.log2_nodes;
    EXPECT_EQ(update_partition_count(n), r.partitions);
    EXPECT_EQ(update_challenge_count(n), r.challenges);
    EXPECT_EQ(update_apex_leaf_count(n), r.apex);
    EXPECT_EQ(update_h_default(n), r.h_default);
    const auto shape = update_tree_r_shape(n);
    ASSERT_TRUE(shape.ok());
    EXPECT_EQ(shape->base_arity, r.shape.base_arity);
    EXPECT_EQ(shape->sub_arity, r.shape.sub_arity);
    EXPECT_EQ(shape->top_arity, r.shape.top_arity);
  }
  EXPECT_FALSE(update_tree_r_shape(uint64_t(1) << 20).ok());

  // The registered rows agree with the functions.
  for (const auto& s : update_sector_configs()) {
    SCOPED_TRACE(s.circuit_id);
    EXPECT_EQ(s.partitions, update_partition_count(s.nodes()));
    EXPECT_EQ(s.challenges_per_partition, update_challenge_count(s.nodes()));
    EXPECT_EQ(s.apex_leaf_count, update_apex_leaf_count(s.nodes()));
    EXPECT_EQ(s.tree_shape.sub_arity, update_tree_r_shape(s.nodes())->sub_arity);
    EXPECT_EQ(s.tree_shape.top_arity, update_tree_r_shape(s.nodes())->top_arity);
  }

  // h_select = 2^(index of h): 8 for the production h = 10.
  const uint64_t n32g = uint64_t(1) << 30;
  EXPECT_EQ(*update_h_select(n32g, 10), 8u);
  EXPECT_EQ(*update_h_select(n32g, 7), 1u);
  EXPECT_EQ(*update_h_select(n32g, 12), 32u);
  EXPECT_EQ(*update_h_select(64, 1), 1u);
  const auto bad = update_h_select(n32g, 13);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.code(), FilecoinError::kShape);
}

// rust-fil-proofs parameters.json: every empty-sector-update .params name (SHA-256 and
// Poseidon variants).
TEST(UpdateProofType, ParameterFileNames) {
  const std::pair<const char*, const char*> expected[] = {
      {"snap-2k", "8-0-0-fb9e095bebdd77511c0269b967b4d87ba8b8a525edaa0e165de23ba454510194"},
      {"snap-8m", "8-0-0-92180959e1918d26350b8e6cfe217bbdd0a2d8de51ebec269078b364b715ad63"},
      {"snap-512m", "8-0-0-61fa69f38b9cc771ba27b670124714b4ea77fbeae05e377fb859c4a43b73a30c"},
      {"snap-32g", "8-8-0-3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18"},
      {"snap-64g", "8-8-2-102e1444a7e9a97ebf1e3d6855dcc77e66c011ea66f936d9b2c508f87f2f83a7"},
  };
  for (const auto& [id, tail] : expected) {
    SCOPED_TRACE(id);
    const UpdateSectorConfig& s = **find_update_circuit(id);
    const std::string stem =
        std::string("v28-empty-sector-update-merkletree-poseidon_hasher-") + tail;
    EXPECT_EQ(update_parameter_file_name(s, ParameterFile::kParams), stem + ".params");
    EXPECT_EQ(update_parameter_file_name(s, ParameterFile::kVk), stem + ".vk");
  }
  const UpdateSectorConfig& s32 = **find_update_circuit("snap-32g");
  EXPECT_EQ(update_parameter_identifier(s32),
            "empty_sector_update::PublicParams{ sector_nodes: 1073741824 }");
  EXPECT_EQ(update_parameter_file_name(s32, ParameterFile::kParams, UpdateVariant::kPoseidon),
            "v28-empty-sector-update-poseidon-merkletree-poseidon_hasher-8-8-0-"
            "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18.params");
}

}  // namespace
}  // namespace cuzk::filecoin
