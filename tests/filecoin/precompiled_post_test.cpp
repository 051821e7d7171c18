// Precompiled synthesis of Fallback PoSt circuits (WindowPoSt 2 KiB: two sectors; WinningPoSt
// 2 KiB: 66 one-challenge sectors) on genuine test sectors (post_fixture.hpp): matrices recorded
// from one set of sectors, the witness of another set made a sector per task
// (post_circuit_witness_values) equals one WitnessCS over the whole circuit at any thread count
// and on a shared pool, and with the sparse products gives exactly the ProvingAssignment generic
// synthesis gives — a, b, c, inputs, aux, densities — which satisfies the circuit. Sizes that do
// not split into equal sectors, or a wrong sector count, are refused.
#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>
#include <vector>

#include "common/assignment_equality.hpp"
#include "filecoin/post_challenges.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_proof_type.hpp"
#include "post_fixture.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/witness_cs.hpp"
#include "util/task_pool.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::expect_precompiled_equals_generic;
using cuzk::testing::expect_same_witness;

// The circuit sectors of `proof` for test sectors made from `seed`: Window, one test sector per
// circuit sector; Winning, one test sector's challenges as one-challenge circuit sectors.
std::vector<PostSectorWitness> circuit_sectors(const PoStProofType& proof, uint64_t seed) {
  hash::Node32 randomness{};
  randomness[0] = uint8_t(seed);
  const PostCircuitShape shape = post_circuit_shape(*proof.circuit);
  std::vector<PostSectorWitness> out;
  if (proof.type() == PoStType::kWinning) {
    const auto s = testing::make_post_sector(3, 6, hash::kTreeR_8_0_0, seed);
    const auto challenges = post_sector_challenges(proof, randomness, s.sector_id, 0);
    for (uint64_t c : *challenges) out.push_back(s.witness(std::span(&c, 1)));
    return out;
  }
  for (unsigned i = 0; i < shape.sectors; ++i) {
    const auto s = testing::make_post_sector(7 + i, 6, hash::kTreeR_8_0_0, seed * 10 + i);
    const auto challenges = post_sector_challenges(proof, randomness, s.sector_id, i);
    out.push_back(s.witness(*challenges));
  }
  return out;
}

TEST(PrecompiledPost, TwoKiBCircuitsEqualGenericSynthesis) {
  for (const char* name : {"StackedDrgWindow2KiBV1_2", "StackedDrgWinning2KiBV1"}) {
    SCOPED_TRACE(name);
    const PoStProofType& proof = **find_post_proof(std::string_view(name));
    const PostCircuitShape shape = post_circuit_shape(*proof.circuit);
    const auto recorded_from = circuit_sectors(proof, 1), proven = circuit_sectors(proof, 2);
    ASSERT_GT(proven.size(), 1u);
    const r1cs::PrecompiledCircuit pc = r1cs::PrecompiledCircuit::record(
        [&](r1cs::ConstraintSystem& cs) { synthesize_post_circuit(cs, shape, recorded_from); });

    r1cs::WitnessCS serial;
    synthesize_post_circuit(serial, shape, proven);
    for (unsigned threads : {1u, 3u}) {
      SCOPED_TRACE(threads);
      TaskPool pool(threads);
      expect_same_witness(serial.witness(),
                          post_circuit_witness_values(shape, proven, pc.sizes(), pool));
    }
    TaskPool shared(3);  // two circuits' sectors at once on one pool
    r1cs::Witness other;
    std::thread second(
        [&] { other = post_circuit_witness_values(shape, proven, pc.sizes(), shared); });
    r1cs::Witness w = post_circuit_witness_values(shape, proven, pc.sizes(), shared);
    second.join();
    expect_same_witness(serial.witness(), other);

    expect_precompiled_equals_generic(pc, std::move(w), [&](r1cs::ConstraintSystem& cs) {
      synthesize_post_circuit(cs, shape, proven);
    });
  }
}

TEST(PrecompiledPost, SizesThatDoNotSplitIntoSectorsAreRefused) {
  const PoStProofType& proof = **find_post_proof(std::string_view("StackedDrgWindow2KiBV1_2"));
  const PostCircuitShape shape = post_circuit_shape(*proof.circuit);
  const auto sectors = circuit_sectors(proof, 3);
  r1cs::WitnessCS serial;
  synthesize_post_circuit(serial, shape, sectors);
  const r1cs::CircuitSizes sizes{serial.witness().inputs.size(), serial.witness().aux.size(),
                                 serial.witness().num_constraints};
  TaskPool pool(2);
  r1cs::CircuitSizes odd = sizes;
  odd.num_aux += 1;
  EXPECT_THROW(post_circuit_witness_values(shape, sectors, odd, pool), std::invalid_argument);
  r1cs::CircuitSizes bigger = sizes;
  bigger.num_aux += sectors.size();
  EXPECT_THROW(post_circuit_witness_values(shape, sectors, bigger, pool), std::invalid_argument);
  const std::vector<PostSectorWitness> one(sectors.begin(), sectors.begin() + 1);
  EXPECT_THROW(post_circuit_witness_values(shape, one, sizes, pool), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::filecoin
