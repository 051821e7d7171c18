// Precompiled synthesis of the SnapDeals (EmptySectorUpdate) circuit on genuine test sectors
// (update_fixture.hpp): the witness made with the apex tree's rows and the challenges as a pool's
// tasks (update_circuit_witness_values) equals one WitnessCS over the whole circuit at any thread
// count and on a shared pool — 2 KiB (8 apex leaves, one partition) and a 16 KiB partition 1
// (128 apex leaves, a partition path); matrices recorded from one sector with the witness of
// another give exactly the ProvingAssignment generic synthesis gives, which satisfies the circuit.
// Sizes that do not split into equal challenges, a witness of the wrong shape and a damaged
// leaf are refused as generic synthesis refuses them.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <thread>

#include "common/assignment_equality.hpp"
#include "filecoin/update_circuit.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/witness_cs.hpp"
#include "update_fixture.hpp"
#include "util/task_pool.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::expect_precompiled_equals_generic;
using cuzk::testing::expect_same_witness;

r1cs::Witness serial_witness(const testing::UpdateTestSector& sector, unsigned k) {
  r1cs::WitnessCS cs;
  synthesize_update_circuit(cs, sector.shape, sector.public_values(k), sector.partition_witness(k));
  return std::move(cs).take();
}

r1cs::CircuitSizes sizes_of(const r1cs::Witness& w) {
  return {w.inputs.size(), w.aux.size(), w.num_constraints};
}

TEST(PrecompiledUpdate, WitnessEqualsWitnessCSAtAnyThreadCount) {
  for (const auto& [log2_nodes, k] : {std::pair{6u, 0u}, std::pair{9u, 1u}}) {
    SCOPED_TRACE(log2_nodes);
    const auto sector = testing::make_update_sector(log2_nodes, 40 + log2_nodes);
    const UpdatePublicValues values = sector.public_values(k);
    const UpdatePartitionWitness witness = sector.partition_witness(k);
    const r1cs::Witness serial = serial_witness(sector, k);
    for (unsigned threads : {1u, 3u}) {
      SCOPED_TRACE(threads);
      TaskPool pool(threads);
      expect_same_witness(serial, update_circuit_witness_values(sector.shape, values, witness,
                                                                sizes_of(serial), pool));
    }
  }
}

TEST(PrecompiledUpdate, TwoKiBEqualsGenericSynthesis) {
  const auto recorded_from = testing::make_update_sector(6, 1),
             proven = testing::make_update_sector(6, 2);
  ASSERT_NE(recorded_from.comm_r_new, proven.comm_r_new);
  const UpdateCircuitShape& shape = proven.shape;
  const r1cs::PrecompiledCircuit pc =
      r1cs::PrecompiledCircuit::record([&](r1cs::ConstraintSystem& cs) {
        synthesize_update_circuit(cs, shape, recorded_from.public_values(0),
                                  recorded_from.partition_witness(0));
      });
  const UpdatePublicValues values = proven.public_values(0);
  const UpdatePartitionWitness witness = proven.partition_witness(0);

  TaskPool shared(3);  // two partitions' blocks at once on one pool
  r1cs::Witness other;
  std::thread second(
      [&] { other = update_circuit_witness_values(shape, values, witness, pc.sizes(), shared); });
  r1cs::Witness w = update_circuit_witness_values(shape, values, witness, pc.sizes(), shared);
  second.join();
  expect_same_witness(serial_witness(proven, 0), other);

  expect_precompiled_equals_generic(pc, std::move(w), [&](r1cs::ConstraintSystem& cs) {
    synthesize_update_circuit(cs, shape, values, witness);
  });
}

TEST(PrecompiledUpdate, BadSizesAndWitnessesAreRefused) {
  const auto sector = testing::make_update_sector(6, 3);
  const UpdatePublicValues values = sector.public_values(0);
  const UpdatePartitionWitness witness = sector.partition_witness(0);
  const r1cs::CircuitSizes sizes = sizes_of(serial_witness(sector, 0));
  TaskPool pool(2);
  auto expect_refused = [&](const r1cs::CircuitSizes& s, const UpdatePartitionWitness& w,
                            const char* needle) {
    try {
      update_circuit_witness_values(sector.shape, values, w, s, pool);
      ADD_FAILURE() << "accepted: " << needle;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  r1cs::CircuitSizes odd = sizes;
  odd.num_aux += 1;
  expect_refused(odd, witness, "does not split into 10 equal challenges");
  r1cs::CircuitSizes bigger = sizes;
  bigger.num_aux += sector.shape.challenges;  // one more value per challenge than it allocates
  expect_refused(bigger, witness, "its share of the circuit");
  UpdatePartitionWitness fewer = witness;
  fewer.challenge_proofs.pop_back();
  expect_refused(sizes, fewer, "challenge proofs");
  UpdatePartitionWitness damaged = witness;
  damaged.challenge_proofs[7].proof_r_new.leaf[0] ^= 1;
  expect_refused(sizes, damaged, "challenge 7: leaf_r_new is not");
}

}  // namespace
}  // namespace cuzk::filecoin
