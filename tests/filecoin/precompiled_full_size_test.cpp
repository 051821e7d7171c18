// Precompiled synthesis equals generic synthesis at 32 GiB for the kinds besides PoRep
// (precompiled_porep_test.cpp has PoRep's): matrices recorded from one input, another input's
// witness made on a pool as the engine makes it (a sector per task for PoSt; apex rows then a
// challenge per task for SnapDeals) with the recorded products gives exactly the assignment
// generic synthesis gives — a, b, c, inputs, aux, densities — and satisfies the circuit.
// WinningPoSt (66 virtual sectors' challenges, 370k constraints) always; a full WindowPoSt
// partition (2349 virtual sectors, ~125 M constraints) and a SnapDeals partition of a generated
// sector (~81 M constraints) opt-in: CUZK_TEST_32G=1, ~45 GB of memory, minutes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string_view>

#include "common/assignment_equality.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_vanilla.hpp"
#include "filecoin/update_circuit.hpp"
#include "filecoin/update_proof_type.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "sealing/update_vanilla_gen.hpp"
#include "sealing/virtual_post.hpp"
#include "util/task_pool.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::expect_precompiled_equals_generic;

bool full_size_tests() {
  return std::getenv("CUZK_TEST_32G") != nullptr;
}

// The circuit sectors of a virtual set of `proof` made from `seed` (every sector of a partition).
std::vector<PostSectorWitness> virtual_post_sectors(const PoStProofType& proof, uint64_t seed) {
  auto set = sealing::generate_virtual_post_vanilla(proof, 1000, proof.sector_count(), seed);
  EXPECT_TRUE(set.ok()) << set.error().message;
  auto sectors = post_circuit_witness(proof, set->vanilla);
  EXPECT_TRUE(sectors.ok()) << sectors.error().message;
  return std::move(sectors).value();
}

void expect_post_precompiled_equals_generic(std::string_view name) {
  const PoStProofType& proof = **find_post_proof(name);
  const PostCircuitShape shape = post_circuit_shape(*proof.circuit);
  const auto recorded_from = virtual_post_sectors(proof, 1),
             proven = virtual_post_sectors(proof, 2);
  const r1cs::PrecompiledCircuit pc = r1cs::PrecompiledCircuit::record(
      [&](r1cs::ConstraintSystem& cs) { synthesize_post_circuit(cs, shape, recorded_from); });
  TaskPool pool(0);
  r1cs::Witness w = post_circuit_witness_values(shape, proven, pc.sizes(), pool);
  expect_precompiled_equals_generic(pc, std::move(w), [&](r1cs::ConstraintSystem& cs) {
    synthesize_post_circuit(cs, shape, proven);
  });
}

TEST(PrecompiledFullSize, ThirtyTwoGiBWinningPostEqualsGenericSynthesis) {
  expect_post_precompiled_equals_generic("StackedDrgWinning32GiBV1");
}

TEST(PrecompiledFullSize, ThirtyTwoGiBWindowPostPartitionEqualsGenericSynthesis) {
  if (!full_size_tests()) GTEST_SKIP() << "set CUZK_TEST_32G=1 to run";
  expect_post_precompiled_equals_generic("StackedDrgWindow32GiBV1_2");
}

TEST(PrecompiledFullSize, ThirtyTwoGiBSnapDealsPartitionEqualsGenericSynthesis) {
  if (!full_size_tests()) GTEST_SKIP() << "set CUZK_TEST_32G=1 to run";
  const UpdateProofType& proof = **find_update_proof(std::string_view("StackedDrg32GiBV1"));
  const UpdateCircuitShape shape = update_circuit_shape(*proof.sector);
  auto recorded_from = sealing::generate_periodic_update_vanilla(proof, 1, 1);
  auto proven = sealing::generate_periodic_update_vanilla(proof, 1, 2);
  ASSERT_TRUE(recorded_from.ok() && proven.ok());
  const unsigned k = 3;
  const r1cs::PrecompiledCircuit pc =
      r1cs::PrecompiledCircuit::record([&](r1cs::ConstraintSystem& cs) {
        synthesize_update_circuit(cs, shape, recorded_from->public_values(0),
                                  recorded_from->partitions[0]);
      });
  TaskPool pool(0);
  r1cs::Witness w = update_circuit_witness_values(shape, proven->public_values(k),
                                                  proven->partitions[k], pc.sizes(), pool);
  expect_precompiled_equals_generic(pc, std::move(w), [&](r1cs::ConstraintSystem& cs) {
    synthesize_update_circuit(cs, shape, proven->public_values(k), proven->partitions[k]);
  });
}

}  // namespace
}  // namespace cuzk::filecoin
