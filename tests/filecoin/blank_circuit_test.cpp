// A circuit's blank synthesis (CircuitKind::synthesize_blank: shape only, every value zero, what
// the parameter setup runs) records exactly the matrices that a real partition's synthesis
// records — the same PrecompiledCircuit digest — for PoRep, WindowPoSt, WinningPoSt and
// SnapDeals (2 KiB, and the 32 GiB WinningPoSt). So a circuit recorded from its blank synthesis
// (at preload, before any proof) is the circuit every later proof of that id synthesises.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <string_view>

#include "filecoin/circuit_kind.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_vanilla.hpp"
#include "filecoin/proof_type.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "filecoin/update_circuit.hpp"
#include "filecoin/update_proof_type.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "sealing/seal_request.hpp"
#include "sealing/update_vanilla_gen.hpp"
#include "sealing/virtual_post.hpp"
#include "sealing/virtual_sector.hpp"

namespace cuzk::filecoin {
namespace {

void expect_blank_records_the_same(const std::string& circuit_id,
                                   const std::function<void(r1cs::ConstraintSystem&)>& real) {
  const auto kind = find_circuit_kind(circuit_id);
  ASSERT_TRUE(kind.ok()) << circuit_id;
  const auto blank = r1cs::PrecompiledCircuit::record(kind->synthesize_blank);
  const auto recorded = r1cs::PrecompiledCircuit::record(real);
  EXPECT_EQ(blank.num_constraints(), recorded.num_constraints()) << circuit_id;
  EXPECT_EQ(blank.digest_hex(), recorded.digest_hex()) << circuit_id;
}

TEST(BlankCircuit, PorepRecordsTheMatricesOfARealPartition) {
  const ProofType& proof = **find_seal_proof(std::string_view("StackedDrg2KiBV1_1"));
  auto c1 = sealing::generate_virtual_c1(sealing::seal_request_from_seed(proof, 1000, 1, 4));
  ASSERT_TRUE(c1.ok()) << c1.error().message;
  expect_blank_records_the_same(
      "porep-2k", [&](r1cs::ConstraintSystem& cs) { synthesize_stacked_partition(cs, c1->c1, 0); });
}

void expect_post_blank_records_the_same(const std::string& circuit_id, std::string_view name) {
  const PoStProofType& proof = **find_post_proof(name);
  auto set = sealing::generate_virtual_post_vanilla(proof, 1000, proof.sector_count(), 4);
  ASSERT_TRUE(set.ok()) << set.error().message;
  auto sectors = post_circuit_witness(proof, set->vanilla);
  ASSERT_TRUE(sectors.ok()) << sectors.error().message;
  const PostCircuitShape shape = post_circuit_shape(*proof.circuit);
  expect_blank_records_the_same(circuit_id, [&](r1cs::ConstraintSystem& cs) {
    synthesize_post_circuit(cs, shape, *sectors);
  });
}

TEST(BlankCircuit, PostRecordsTheMatricesOfARealPartition) {
  expect_post_blank_records_the_same("wpost-2k", "StackedDrgWindow2KiBV1_2");
  expect_post_blank_records_the_same("winning-2k", "StackedDrgWinning2KiBV1");
  expect_post_blank_records_the_same("winning-32g", "StackedDrgWinning32GiBV1");
}

TEST(BlankCircuit, SnapDealsRecordsTheMatricesOfARealPartition) {
  const UpdateProofType& proof = **find_update_proof(std::string_view("StackedDrg2KiBV1"));
  auto set = sealing::generate_update_vanilla(proof, 1000, 1, 4);
  ASSERT_TRUE(set.ok()) << set.error().message;
  const UpdateCircuitShape shape = update_circuit_shape(*proof.sector);
  expect_blank_records_the_same("snap-2k", [&](r1cs::ConstraintSystem& cs) {
    synthesize_update_circuit(cs, shape, set->public_values(0), set->partitions[0]);
  });
}

}  // namespace
}  // namespace cuzk::filecoin
