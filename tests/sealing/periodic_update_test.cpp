// Generated periodic SnapDeals sectors (sealing/periodic_merkle_tree.hpp, update_vanilla_gen.hpp
// generate_periodic_update_vanilla): the periodic tree equals a full tree built over every leaf,
// node for node and path for path, for binary and compound shapes, any region and period; the
// generated partitions pass the reference's vanilla checks at 2 KiB (and satisfy the circuit),
// 8 MiB and 32 GiB, the same for any thread count; bad periods are refused.
#include <gtest/gtest.h>

#include "common/circuit_checks.hpp"
#include "filecoin/update_proof_type.hpp"
#include "filecoin/update_vanilla.hpp"
#include "r1cs/proving_assignment.hpp"
#include "sealing/full_sector.hpp"
#include "sealing/periodic_merkle_tree.hpp"
#include "sealing/update_vanilla_gen.hpp"

namespace cuzk::sealing {
namespace {

using cuzk::testing::unsatisfied_rows;

// Leaves that depend only on (i / region, i mod min(period, region)), all different otherwise.
std::vector<ff::Fr> periodic_leaves(uint64_t count, uint64_t region, uint64_t period) {
  const uint64_t q = std::min(region, period);
  std::vector<ff::Fr> leaves(count);
  for (uint64_t i = 0; i < count; ++i)
    leaves[i] = ff::Fr::from_u64((i / region) * 1000003 + i % q + 1);
  return leaves;
}

void expect_equal_to_full_tree(hash::TreeShape shape, uint64_t count, uint64_t region,
                               uint64_t period) {
  SCOPED_TRACE("leaves " + std::to_string(count) + ", region " + std::to_string(region) +
               ", period " + std::to_string(period));
  const auto leaves = periodic_leaves(count, region, period);
  const PoseidonTree full(leaves, shape);
  const PeriodicMerkleTree<hash::PoseidonNodeHasher> periodic(
      hash::tree_level_arities(shape, count), region, period, [&](uint64_t i) { return leaves[i]; },
      2);
  EXPECT_EQ(periodic.root(), full.root());
  for (size_t l = 0; l < full.levels().size(); ++l)
    for (uint64_t i = 0; i < full.levels()[l].size(); ++i)
      ASSERT_EQ(periodic.node(l, i), full.levels()[l][i]) << "level " << l << " node " << i;
  for (uint64_t i = 0; i < count; i += 7) {
    const auto a = periodic.path(i), b = full.path(i);
    ASSERT_EQ(a.size(), b.size());
    for (size_t l = 0; l < a.size(); ++l) {
      EXPECT_EQ(a[l].index, b[l].index);
      EXPECT_EQ(a[l].siblings, b[l].siblings) << "leaf " << i << " level " << l;
    }
  }
  EXPECT_THROW((void)periodic.path(count), std::invalid_argument);
}

TEST(PeriodicMerkleTree, EqualsTheFullTreeOverEveryLeaf) {
  for (auto [region, period] : std::vector<std::pair<uint64_t, uint64_t>>{
           {512, 512}, {512, 8}, {64, 8}, {64, 64}, {32, 128}, {8, 1}, {512, 1}, {128, 2}})
    expect_equal_to_full_tree(hash::kTreeR_8_0_0, 512, region, period);
  // Compound shapes: 16 base trees of 64 leaves (8-8-2), 8 of 8 (8-8-0); regions smaller and
  // larger than a base tree.
  for (auto [region, period] :
       std::vector<std::pair<uint64_t, uint64_t>>{{1024, 16}, {256, 32}, {16, 4}, {128, 1024}})
    expect_equal_to_full_tree(hash::kTreeR_8_8_2, 1024, region, period);
  expect_equal_to_full_tree(hash::kTreeR_8_8_0, 64, 16, 2);
  expect_equal_to_full_tree(hash::kBinaryTreeShape, 256, 32, 4);
}

TEST(PeriodicMerkleTree, RefusesRegionsAndPeriodsThatDoNotFit) {
  const auto arities = hash::tree_level_arities(hash::kTreeR_8_0_0, 64);
  const auto leaf = [](uint64_t) { return ff::Fr::from_u64(1); };
  EXPECT_THROW((PeriodicMerkleTree<hash::PoseidonNodeHasher>(arities, 128, 8, leaf, 1)),
               std::invalid_argument);
  EXPECT_THROW((PeriodicMerkleTree<hash::PoseidonNodeHasher>(arities, 24, 8, leaf, 1)),
               std::invalid_argument);
  EXPECT_THROW((PeriodicMerkleTree<hash::PoseidonNodeHasher>(arities, 16, 6, leaf, 1)),
               std::invalid_argument);
}

const filecoin::UpdateProofType& update_proof(const char* name) {
  return **filecoin::find_update_proof(std::string_view(name));
}

// Every partition passes the vanilla checks; with_circuit: and satisfies the circuit.
void expect_valid(const UpdateVanillaSet& set, bool with_circuit) {
  const filecoin::UpdateCircuitShape shape = filecoin::update_circuit_shape(*set.proof->sector);
  ASSERT_EQ(set.partitions.size(), shape.partitions);
  EXPECT_NE(set.comm_r_old, set.comm_r_new);
  for (unsigned k = 0; k < shape.partitions; ++k) {
    auto checked = filecoin::update_check_vanilla(shape, set.public_values(k), set.partitions[k]);
    ASSERT_TRUE(checked.ok()) << "partition " << k << ": " << checked.error().message;
    if (!with_circuit) continue;
    r1cs::ProvingAssignment cs;
    filecoin::synthesize_update_circuit(cs, shape, set.public_values(k), set.partitions[k]);
    cs.finalize();
    EXPECT_EQ(unsatisfied_rows(cs), 0u) << "partition " << k;
  }
}

TEST(PeriodicUpdate, TwoKiBSectorsRandomAndPeriodicPassTheChecksAndTheCircuit) {
  const auto& proof = update_proof("StackedDrg2KiBV1");
  for (uint64_t period : {uint64_t(64), uint64_t(8), uint64_t(1)}) {
    SCOPED_TRACE("period " + std::to_string(period));
    auto set = generate_periodic_update_vanilla(proof, 3, 11, period, 2);
    ASSERT_TRUE(set.ok()) << set.error().message;
    expect_valid(*set, true);
  }
}

TEST(PeriodicUpdate, TheSameForAnyThreadCountAndAnotherForAnotherSeed) {
  const auto& proof = update_proof("StackedDrg8MiBV1");
  auto one = generate_periodic_update_vanilla(proof, 3, 11, 256, 1);
  auto two = generate_periodic_update_vanilla(proof, 3, 11, 256, 2);
  auto other = generate_periodic_update_vanilla(proof, 3, 12, 256, 2);
  ASSERT_TRUE(one.ok() && two.ok() && other.ok());
  EXPECT_EQ(one->comm_r_new, two->comm_r_new);
  EXPECT_EQ(filecoin::serialize_update_partition_proof(one->partitions[0]),
            filecoin::serialize_update_partition_proof(two->partitions[0]));
  EXPECT_NE(one->comm_r_new, other->comm_r_new);
  expect_valid(*two, false);
}

// The size that cannot be sealed here: 2^30 nodes, 16 partitions of 86 challenges.
TEST(PeriodicUpdate, ThirtyTwoGiBPartitionsPassTheVanillaChecks) {
  auto set = generate_periodic_update_vanilla(update_proof("StackedDrg32GiBV1"), 5, 1, 16);
  ASSERT_TRUE(set.ok()) << set.error().message;
  expect_valid(*set, false);
}

TEST(PeriodicUpdate, APeriodThatIsNotAPowerOfTwoIsRefused) {
  auto set = generate_periodic_update_vanilla(update_proof("StackedDrg2KiBV1"), 3, 11, 48);
  ASSERT_FALSE(set.ok());
  EXPECT_EQ(set.code(), SealingError::kBadParameter);
  EXPECT_NE(set.error().message.find("48"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::sealing
