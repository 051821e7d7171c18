// PoRep public inputs (spec §9.5): count and layout, on the 32 GiB regression record (whose
// first challenge is known from spec §8) and against a 2 KiB C1's own challenges and columns.
#include "filecoin/public_inputs.hpp"

#include <gtest/gtest.h>

#include "c1_fixture.hpp"
#include "filecoin/stacked_graph.hpp"
#include "hash/hash_test_util.hpp"

namespace cuzk::filecoin {
namespace {

using ff::Fr;
using hash::testing::node_from_hex;

// [spec §9.5, §13.4] 32 GiB V1_1 record: 3 + 18·18 = 327 inputs; input 3 is the first
// challenge 980979701 (spec §8), followed by its 14 parents and three more copies of it.
TEST(PublicInputs, RegressionRecordLayout) {
  const ProofType& proof = *find_seal_proof(std::string_view("StackedDrg32GiBV1_1")).value();
  const PorepPublicValues values{
      node_from_hex("3ca7c8110b2ccdcc89d8d7dabeed81b7a5b87a4f73ed43d0b2eb2220de963129"),
      node_from_hex("eb7a26a6d07062559b9e8ca31cf56d76eb9d6a5e861dd2956d17e09c73ad1936"),
      node_from_hex("a816696e8028e4d2ea7d3376b7a1d239fd72c21bb533e0365c8e145b9b683360"),
      node_from_hex("56964257e0d6c11e074117b36172fff3ebd1a6ec18fa79555e58df5a9d889dcb")};
  auto inputs = porep_public_inputs(proof, values, 0);
  ASSERT_TRUE(inputs.ok()) << inputs.error().message;
  ASSERT_EQ(inputs->size(), 327u);
  EXPECT_EQ((*inputs)[0], *hash::fr_from_node(values.replica_id));
  EXPECT_EQ((*inputs)[1], *hash::fr_from_node(values.comm_d));
  EXPECT_EQ((*inputs)[2], *hash::fr_from_node(values.comm_r));
  const uint64_t c = 980979701;
  EXPECT_EQ((*inputs)[3], Fr::from_u64(c));
  const auto parents = StackedGraph::for_proof(proof).parents(c);
  EXPECT_EQ((*inputs)[4], Fr::from_u64(c - 1));  // API 1.1: the predecessor is DRG parent 0
  for (unsigned j = 0; j < kParentCount; ++j) EXPECT_EQ((*inputs)[4 + j], Fr::from_u64(parents[j]));
  for (unsigned j = 18; j < 21; ++j) EXPECT_EQ((*inputs)[j], Fr::from_u64(c));

  auto bad_partition = porep_public_inputs(proof, values, 10);
  ASSERT_FALSE(bad_partition.ok());
  EXPECT_EQ(bad_partition.error().message, "partition 10 >= 10 partitions of StackedDrg32GiBV1_1");
  PorepPublicValues noncanonical = values;
  noncanonical.comm_d.fill(0xff);
  auto bad = porep_public_inputs(proof, noncanonical, 0);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "comm_d: not a canonical field element");
}

// The same inputs can be read off a C1: challenge = node of the proofs, parents = the indices
// of its parent columns. 2 KiB NI: 13 partitions of 39 inputs.
TEST(PublicInputs, AgreeWithC1) {
  const ProofType& proof =
      *find_seal_proof(std::string_view("StackedDrg2KiBV1_2_Feat_NonInteractivePoRep")).value();
  const auto c1 = testing::make_full_c1(proof, {.rng_seed = 5});
  for (unsigned k = 0; k < proof.partitions(); ++k) {
    auto inputs = porep_public_inputs(proof, {c1.replica_id, c1.comm_d, c1.comm_r, c1.seed}, k);
    ASSERT_TRUE(inputs.ok());
    ASSERT_EQ(inputs->size(), 39u);
    for (unsigned i = 0; i < 2; ++i) {
      const auto& p = c1.vanilla_proofs[k][i];
      const Fr* at = inputs->data() + 3 + 18 * i;
      EXPECT_EQ(at[0], Fr::from_u64(p.encoding_proof.node));
      for (unsigned j = 0; j < kDrgDegree; ++j) {
        EXPECT_EQ(at[1 + j], Fr::from_u64(p.replica_column_proofs.drg_parents[j].column.index));
      }
      for (unsigned j = 0; j < kExpanderDegree; ++j) {
        EXPECT_EQ(at[7 + j], Fr::from_u64(p.replica_column_proofs.exp_parents[j].column.index));
      }
      EXPECT_EQ(at[17], Fr::from_u64(p.replica_column_proofs.c_x.column.index));
    }
  }
}

}  // namespace
}  // namespace cuzk::filecoin
