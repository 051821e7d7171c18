// The StackedDRG circuit: constraint counts from rust-fil-proofs' tests and the spec's
// per-challenge figures, satisfaction on genuine C1s, public inputs equal to the verifier's,
// and rejection of a damaged witness.
#include "filecoin/stacked_circuit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "c1_fixture.hpp"
#include "common/circuit_checks.hpp"
#include "filecoin/labels.hpp"
#include "filecoin/public_inputs.hpp"
#include "gadgets/sha256_fr.hpp"
#include "hash/node32.hpp"
#include "r1cs/counting_cs.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::unsatisfied_rows;

cuzk::testing::CircuitCount count_blank(const StackedCircuitShape& shape) {
  return cuzk::testing::count_circuit(
      [&](r1cs::CountingCS& cs) { synthesize_stacked_blank(cs, shape); });
}

// storage-proofs-porep tests/stacked_circuit.rs: 2 layers, 1 challenge, 22 inputs.
TEST(StackedCircuit, ReferenceTestShapes) {
  struct Case {
    unsigned log2_nodes;
    hash::TreeShape shape;
    size_t constraints;
  };
  for (const Case& c : {Case{3, {2, 0, 0}, 1'206'212}, Case{3, {8, 0, 0}, 1'199'620},
                        Case{5, {8, 4, 0}, 1'296'576}, Case{6, {8, 4, 2}, 1'346'982}}) {
    const auto n = count_blank({2, c.log2_nodes, c.shape, 1});
    EXPECT_EQ(n.inputs, 22u) << c.constraints;
    EXPECT_EQ(n.constraints, c.constraints);
  }
}

// Spec §13.1: the 32 GiB per-challenge block (18 inputs, 7,237,665 c, 7,231,629 aux) and the
// 571-constraint top level; the full partition is 571 + 18 blocks = 130,278,541 constraints
// (+ 328 input rows = 130,278,869), 130,169,893 aux, 328 inputs.
TEST(StackedCircuit, ThirtyTwoGiBChallengeBlock) {
  const auto sector = find_porep_circuit("porep-32g");
  ASSERT_TRUE(sector.ok());
  StackedCircuitShape shape = stacked_circuit_shape(**sector);
  ASSERT_EQ(shape.challenges, 18u);
  shape.challenges = 1;
  const auto n = count_blank(shape);
  EXPECT_EQ(n.inputs, 1u + 3 + 18);
  EXPECT_EQ(n.constraints, 571u + 7'237'665);
  EXPECT_EQ(n.aux, 571u + 7'231'629);
  EXPECT_EQ(571 + 18 * (n.constraints - 571) + 328, 130'278'869u);
  EXPECT_EQ(571 + 18 * (n.aux - 571), 130'169'893u);
}

TEST(StackedCircuit, TwoKiBPartitionIsSatisfiedWithTheVerifiersInputs) {
  for (const char* name :
       {"StackedDrg2KiBV1", "StackedDrg2KiBV1_1", "StackedDrg2KiBV1_1_Feat_SyntheticPoRep"}) {
    SCOPED_TRACE(name);
    const auto proof = find_seal_proof(std::string_view(name));
    ASSERT_TRUE(proof.ok());
    const SealCommitPhase1Output c1 = testing::make_full_c1(**proof);
    r1cs::ProvingAssignment cs;
    synthesize_stacked_partition(cs, c1, 0);
    EXPECT_EQ(unsatisfied_rows(cs), 0u);
    // The circuit's public inputs (after ONE) are exactly the verifier's.
    const auto expected =
        porep_public_inputs(**proof, {c1.replica_id, c1.comm_d, c1.comm_r, c1.seed}, 0);
    ASSERT_TRUE(expected.ok());
    ASSERT_EQ(cs.num_inputs(), 40u);
    EXPECT_TRUE(std::equal(expected->begin(), expected->end(), cs.inputs().begin() + 1));
  }
}

TEST(StackedCircuit, VirtualThirtyTwoGiBChallengeIsSatisfied) {
  const auto proof = find_seal_proof(std::string_view("StackedDrg32GiBV1_1"));
  ASSERT_TRUE(proof.ok());
  const SealCommitPhase1Output c1 = testing::make_virtual_c1(**proof);
  // One challenge (7.2 M constraints) keeps the test quick; the shape check is elsewhere.
  StackedCircuitShape shape = stacked_circuit_shape(*(*proof)->sector);
  shape.challenges = 1;
  const auto& first = c1.vanilla_proofs[0][0];
  StackedTopWitness top{c1.replica_id, c1.comm_d, c1.comm_r, first.comm_r_last_proof.root,
                        first.replica_column_proofs.c_x.inclusion_proof.root};
  r1cs::ProvingAssignment cs;
  synthesize_stacked_circuit(cs, shape, top, std::span(&first, 1));
  EXPECT_EQ(unsatisfied_rows(cs), 0u);
}

TEST(StackedCircuit, DamagedWitnessIsUnsatisfiedAtTheRightPlace) {
  const auto proof = find_seal_proof(std::string_view("StackedDrg2KiBV1_1"));
  ASSERT_TRUE(proof.ok());
  SealCommitPhase1Output c1 = testing::make_full_c1(**proof);
  c1.vanilla_proofs[0][1].replica_column_proofs.exp_parents[2].column.rows[0][0] ^= 1;
  r1cs::TestConstraintSystem cs;  // names the failing constraint (slow: ~2.6 M named rows)
  synthesize_stacked_partition(cs, c1, 0);
  const auto where = cs.which_is_unsatisfied();
  ASSERT_TRUE(where.has_value());
  EXPECT_NE(where->find("challenge_1/exp_parent_2_inclusion"), std::string::npos) << *where;
}

TEST(StackedCircuit, RejectsWitnessOfTheWrongShape) {
  const auto proof = find_seal_proof(std::string_view("StackedDrg2KiBV1_1"));
  ASSERT_TRUE(proof.ok());
  SealCommitPhase1Output c1 = testing::make_full_c1(**proof);
  r1cs::CountingCS counting;
  EXPECT_THROW(synthesize_stacked_partition(counting, c1, 1), std::invalid_argument);
  c1.vanilla_proofs[0][0].comm_d_proofs.base.pop_back();
  r1cs::CountingCS cs;
  EXPECT_THROW(synthesize_stacked_partition(cs, c1, 0), std::invalid_argument);
}

// storage-proofs-porep stacked/circuit/create_label.rs: every input bit allocated by the test
// (256 + 37 x 256 = 9,728 booleanity constraints), layer 2, node 22 constant: 532,025; and the
// label equals the native one.
TEST(StackedCircuit, CreateLabelCountAndValue) {
  std::mt19937_64 rng(4);
  auto random_node = [&] {
    hash::Node32 n;
    for (auto& b : n) b = uint8_t(rng());
    return hash::trim_to_fr32(n);
  };
  const hash::Node32 replica_id = random_node();
  std::vector<hash::Node32> parents(kLabelParentSlots);
  for (auto& p : parents) p = random_node();

  r1cs::ProvingAssignment cs;
  std::vector<gadgets::Boolean> replica_bits;
  {
    r1cs::Namespace ns(cs, "replica_id_bits");
    replica_bits = gadgets::bytes_into_boolean_vec_be(cs, replica_id);
  }
  std::vector<std::vector<gadgets::Boolean>> parent_bits;
  for (size_t i = 0; i < parents.size(); ++i) {
    r1cs::Namespace ns(cs, [&] { return "parents_" + std::to_string(i); });
    parent_bits.push_back(gadgets::bytes_into_boolean_vec_be(cs, parents[i]));
  }
  std::vector<const std::vector<gadgets::Boolean>*> slots;
  for (const auto& bits : parent_bits) slots.push_back(&bits);
  const gadgets::AllocatedNum label =
      stacked_label_circuit(cs, replica_bits, slots, 2, gadgets::UInt64::constant(22));
  EXPECT_EQ(cs.num_constraints(), 532'025u);
  EXPECT_EQ(unsatisfied_rows(cs), 0u);
  EXPECT_EQ(label.value(), *hash::fr_from_node(porep_label(replica_id, 2, 22, parents)));
}

}  // namespace
}  // namespace cuzk::filecoin
