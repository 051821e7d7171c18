// WitnessSliceCS, the block-parallel synthesis built on it (witness_blocks.hpp) and the allocator
// behind r1cs::FrVector: a circuit split into a top part and independent blocks, each block
// synthesised into its own slice, gives WitnessCS's witness value for value with the same
// (global) variable numbers — blocks between serial parts (synthesize_alike_blocks, a later part
// reading a block's variables) and at the end (fill_witness_blocks), on any thread count; a block
// that allocates other than block 0 is refused, naming it; writing past a slice throws; only
// witness-only systems may skip constraints; a sized FrVector keeps what push_back and copies put
// in it.
#include "r1cs/witness_slice_cs.hpp"

#include <gtest/gtest.h>

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_blocks.hpp"
#include "r1cs/witness_cs.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

// A block: inputs, aux values and constraints, the same counts for every seed; returns its input.
Variable block(ConstraintSystem& cs, uint64_t seed) {
  const Variable x = cs.alloc_input(Fr::from_u64(seed), "x");
  test_circuits::multiplication_chain(cs, 5, seed);
  cs.enforce(x, ConstraintSystem::one(), x, "x = x");
  return x;
}

TEST(WitnessSliceCS, BlocksInSlicesEqualTheWholeWitness) {
  WitnessCS whole;
  test_circuits::cubic(whole, 3, 35);
  for (uint64_t b = 0; b < 3; ++b) block(whole, 10 + b);
  const Witness& want = whole.witness();

  WitnessCS top_cs;
  test_circuits::cubic(top_cs, 3, 35);
  Witness got = std::move(top_cs).take();
  const size_t top_aux = got.aux.size(), top_inputs = got.inputs.size();
  const size_t aux_each = (want.aux.size() - top_aux) / 3;
  const size_t inputs_each = (want.inputs.size() - top_inputs) / 3;
  ASSERT_EQ(top_aux + 3 * aux_each, want.aux.size());
  ASSERT_EQ(top_inputs + 3 * inputs_each, want.inputs.size());
  got.aux.resize(want.aux.size());
  got.inputs.resize(want.inputs.size());
  for (uint64_t b = 0; b < 3; ++b) {
    const size_t at = top_aux + b * aux_each, in_at = top_inputs + b * inputs_each;
    WitnessSliceCS cs(std::span(got.aux).subspan(at, aux_each), at,
                      std::span(got.inputs).subspan(in_at, inputs_each), in_at);
    EXPECT_FALSE(cs.wants_constraints());
    EXPECT_EQ(cs.num_aux(), at);
    block(cs, 10 + b);
    EXPECT_EQ(cs.aux_written(), aux_each);
    EXPECT_EQ(cs.inputs_written(), inputs_each);
    EXPECT_EQ(cs.num_aux(), at + aux_each);
    got.num_constraints += cs.num_constraints();
  }
  EXPECT_EQ(got.num_constraints, want.num_constraints);
  EXPECT_TRUE(got.inputs == want.inputs);
  EXPECT_TRUE(got.aux == want.aux);
}

TEST(WitnessSliceCS, VariablesCarryTheirGlobalIndex) {
  std::vector<Fr> aux(2), inputs(1);
  WitnessSliceCS cs(aux, 100, inputs, 7);
  EXPECT_EQ(cs.alloc(Fr::from_u64(5)), Variable::aux(100));
  EXPECT_EQ(cs.alloc(Fr::from_u64(6)), Variable::aux(101));
  EXPECT_EQ(cs.alloc_input(Fr::from_u64(8)), Variable::input(7));
  EXPECT_EQ(aux[1], Fr::from_u64(6));
  EXPECT_EQ(inputs[0], Fr::from_u64(8));
  EXPECT_THROW(cs.alloc(Fr::from_u64(9)), std::length_error);
  EXPECT_THROW(cs.alloc_input(Fr::from_u64(9)), std::length_error);
  cs.skip_constraints(4);
  EXPECT_EQ(cs.num_constraints(), 4u);
}

// Only witness-only systems may skip building constraints: the others want every one.
TEST(WitnessSliceCS, OnlyWitnessOnlySystemsSkipConstraints) {
  WitnessCS witness;
  witness.skip_constraints(3);
  EXPECT_EQ(witness.num_constraints(), 3u);
  ProvingAssignment prover;
  EXPECT_TRUE(prover.wants_constraints());
  EXPECT_THROW(prover.skip_constraints(1), std::logic_error);
}

// A serial part after the blocks: the product of blocks 1 and 2's inputs.
void tail(ConstraintSystem& cs, const Witness& w, const std::vector<Variable>& xs) {
  const Fr product = w.inputs[xs[1].index()] * w.inputs[xs[2].index()];
  const Variable p = cs.alloc(product, "p");
  cs.enforce(xs[1], xs[2], p, "p = x1 * x2");
}

TEST(WitnessBlocks, AlikeBlocksBetweenSerialPartsEqualTheWholeWitness) {
  WitnessCS whole;
  test_circuits::cubic(whole, 3, 35);
  std::vector<Variable> xs;
  for (uint64_t b = 0; b < 4; ++b) xs.push_back(block(whole, 20 + b));
  tail(whole, whole.witness(), xs);
  for (uint64_t b = 0; b < 3; ++b) block(whole, 30 + b);

  for (unsigned threads : {1u, 3u}) {
    SCOPED_TRACE(threads);
    TaskPool pool(threads);
    WitnessCS cs;
    test_circuits::cubic(cs, 3, 35);
    std::vector<Variable> got(4);
    synthesize_alike_blocks(cs, 4, pool, "test", "block",
                            [&](size_t i, ConstraintSystem& b) { got[i] = block(b, 20 + i); });
    EXPECT_EQ(got, xs);
    tail(cs, cs.witness(), got);
    Witness w = std::move(cs).take();
    const CircuitSizes sizes{whole.witness().inputs.size(), whole.witness().aux.size(), 0};
    fill_witness_blocks(w, sizes, 3, pool, "test", "block",
                        [&](size_t i, ConstraintSystem& b) { block(b, 30 + i); });
    EXPECT_EQ(w.num_constraints, whole.witness().num_constraints);
    EXPECT_TRUE(w.inputs == whole.witness().inputs);
    EXPECT_TRUE(w.aux == whole.witness().aux);
  }
}

TEST(WitnessBlocks, ABlockUnlikeBlockZeroIsRefused) {
  TaskPool pool(2);
  WitnessCS cs;
  try {
    synthesize_alike_blocks(cs, 3, pool, "test", "hash", [&](size_t i, ConstraintSystem& b) {
      test_circuits::multiplication_chain(b, i == 2 ? 3 : 4);
    });
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("test: hash 2 allocated"), std::string::npos) << e.what();
  }
  WitnessCS more;
  EXPECT_THROW(synthesize_alike_blocks(more, 2, pool, "test", "hash",
                                       [&](size_t i, ConstraintSystem& b) {
                                         test_circuits::multiplication_chain(b, 4 + i);
                                       }),
               std::length_error);
}

TEST(FrVector, KeepsWhatIsWritten) {
  FrVector v;
  for (uint64_t i = 0; i < 1000; ++i)
    v.push_back(Fr::from_u64(i));  // through several reallocations
  v.resize(2000);                  // the new half is left unwritten
  for (uint64_t i = 1000; i < 2000; ++i) v[i] = Fr::from_u64(i);
  const FrVector copy = v;
  for (uint64_t i = 0; i < 2000; ++i) ASSERT_EQ(copy[i], Fr::from_u64(i));
}

}  // namespace
}  // namespace cuzk::r1cs
