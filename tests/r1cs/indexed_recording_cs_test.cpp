// IndexedRecordingCS and PrecompiledCircuit::record(), which synthesises into it: the same
// circuit as from_recording() of a RecordingCS — digest, sizes, coefficient table (in
// from_recording's order), matrices entry by entry, densities — on the small test circuits and
// on one with dropped zero coefficients, repeated coefficients, coefficients first used in C or B
// before A, and inputs allocated between aux variables (column renumbering); exact contents for
// that one; and the lifecycle rules.
#include "r1cs/indexed_recording_cs.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/small_fr.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

using Circuit = std::function<void(ConstraintSystem&)>;

using small_fr::f;

// Aux x, y; input p1; aux z; input p2 (columns after renumbering: ONE 0, p1 1, p2 2, x 3, y 4,
// z 5). Coefficients in enforce order 7, 9, 5, 3, 11; scanning A, B, C: 7, 5, 3, 9, 11.
//   c0: (7y + 0x) * x = 9p1 + 9z
//   c1: (x - x + 5p2) * 9y = 3x - z
//   c2: (3p1 + 3p2 + 3z) * ONE = 11·ONE
void renumbering_circuit(ConstraintSystem& cs) {
  const Variable x = cs.alloc(f(2));
  const Variable y = cs.alloc(f(3));
  const Variable p1 = cs.alloc_input(f(4));
  const Variable z = cs.alloc(f(5));
  const Variable p2 = cs.alloc_input(f(6));
  const Variable one = ConstraintSystem::one();
  cs.enforce(LinearCombination() + f(7) * y + Fr::zero() * x, x,
             LinearCombination() + f(9) * z + f(9) * p1);
  cs.enforce(LinearCombination(x) - x + f(5) * p2, f(9) * y, LinearCombination() + f(3) * x - z);
  cs.enforce(LinearCombination() + f(3) * z + f(3) * p2 + f(3) * p1, one, f(11) * one);
}

std::vector<test_circuits::NamedCircuit> circuits() {
  auto all = test_circuits::named_circuits();
  all.emplace_back("renumbering", renumbering_circuit);
  all.emplace_back("empty", [](ConstraintSystem&) {});
  return all;
}

void expect_same_circuit(const PrecompiledCircuit& expected, const PrecompiledCircuit& actual) {
  EXPECT_EQ(actual.digest(), expected.digest());
  EXPECT_EQ(actual.num_inputs(), expected.num_inputs());
  EXPECT_EQ(actual.num_aux(), expected.num_aux());
  EXPECT_EQ(actual.num_constraints(), expected.num_constraints());
  EXPECT_EQ(actual.coeffs(), expected.coeffs());
  const IndexedCsr* want[] = {&expected.a(), &expected.b(), &expected.c()};
  const IndexedCsr* got[] = {&actual.a(), &actual.b(), &actual.c()};
  for (int m = 0; m < 3; ++m) {
    SCOPED_TRACE("ABC"[m]);
    EXPECT_EQ(got[m]->row_ptr, want[m]->row_ptr);
    EXPECT_EQ(got[m]->cols, want[m]->cols);
    EXPECT_EQ(got[m]->coeff_index, want[m]->coeff_index);
  }
  EXPECT_TRUE(actual.densities() == expected.densities());
  EXPECT_EQ(actual.memory_bytes(), expected.memory_bytes());
}

TEST(IndexedRecordingCS, RecordEqualsFromRecordingCS) {
  for (const auto& [name, circuit] : circuits()) {
    SCOPED_TRACE(name);
    RecordingCS rec;
    circuit(rec);
    rec.finalize();
    const PrecompiledCircuit expected = PrecompiledCircuit::from_recording(rec);
    expect_same_circuit(expected, PrecompiledCircuit::record(circuit));

    // The recording itself, before it is moved into a PrecompiledCircuit.
    IndexedRecordingCS indexed;
    circuit(indexed);
    EXPECT_EQ(indexed.num_constraints() + rec.num_inputs(), rec.num_constraints());
    indexed.finalize();
    EXPECT_EQ(indexed.num_inputs(), rec.num_inputs());
    EXPECT_EQ(indexed.num_aux(), rec.num_aux());
    EXPECT_EQ(indexed.num_constraints(), rec.num_constraints());
    EXPECT_EQ(indexed.coeffs(), expected.coeffs());
    EXPECT_TRUE(indexed.a() == expected.a() && indexed.b() == expected.b() &&
                indexed.c() == expected.c());
    expect_same_circuit(expected, PrecompiledCircuit::from_recording(std::move(indexed)));
  }
}

TEST(IndexedRecordingCS, RenumberingCircuitContents) {
  IndexedRecordingCS cs;
  renumbering_circuit(cs);
  cs.finalize();
  EXPECT_EQ(cs.num_inputs(), 3u);
  EXPECT_EQ(cs.num_aux(), 3u);
  EXPECT_EQ(cs.num_constraints(), 6u);  // 3 enforced + 3 input rows
  const Fr minus_one = -Fr::one();
  EXPECT_EQ(cs.coeffs(), (std::vector<Fr>{f(1), minus_one, f(7), f(5), f(3), f(9), f(11)}));
  // A: 7y | 5p2 (x - x cancels) | 3p1 3p2 3z (inputs first) | ONE | p1 | p2.
  EXPECT_EQ(cs.a().row_ptr, (IndexedCsr::Array<uint64_t>{0, 1, 2, 5, 6, 7, 8}));
  EXPECT_EQ(cs.a().cols, (IndexedCsr::Array<uint32_t>{4, 2, 1, 2, 5, 0, 1, 2}));
  EXPECT_EQ(cs.a().coeff_index, (IndexedCsr::Array<uint32_t>{2, 3, 4, 4, 4, 0, 0, 0}));
  // B: x | 9y | ONE | empty input rows.
  EXPECT_EQ(cs.b().row_ptr, (IndexedCsr::Array<uint64_t>{0, 1, 2, 3, 3, 3, 3}));
  EXPECT_EQ(cs.b().cols, (IndexedCsr::Array<uint32_t>{3, 4, 0}));
  EXPECT_EQ(cs.b().coeff_index, (IndexedCsr::Array<uint32_t>{0, 5, 0}));
  // C: 9p1 9z | 3x -z | 11·ONE | empty input rows.
  EXPECT_EQ(cs.c().row_ptr, (IndexedCsr::Array<uint64_t>{0, 2, 4, 5, 5, 5, 5}));
  EXPECT_EQ(cs.c().cols, (IndexedCsr::Array<uint32_t>{1, 5, 3, 5, 0}));
  EXPECT_EQ(cs.c().coeff_index, (IndexedCsr::Array<uint32_t>{5, 5, 4, 1, 6}));

  IndexedRecordingCS::Matrices m = std::move(cs).take();
  EXPECT_EQ(m.coeffs.size(), 7u);
  EXPECT_EQ(m.c.nnz(), 5u);
}

TEST(IndexedRecordingCS, LifecycleRules) {
  IndexedRecordingCS cs;
  EXPECT_TRUE(cs.wants_constraints());
  EXPECT_THROW(cs.skip_constraints(1), std::logic_error);
  const Variable x = cs.alloc(f(1));
  EXPECT_THROW(cs.a(), std::logic_error);
  EXPECT_THROW(cs.coeffs(), std::logic_error);
  EXPECT_THROW(PrecompiledCircuit::from_recording(std::move(cs)), std::logic_error);
  EXPECT_THROW(cs.enforce(Variable::aux(2), x, x), std::out_of_range);
  EXPECT_THROW(cs.enforce(x, x, Variable::input(1)), std::out_of_range);
  IndexedRecordingCS fresh;
  const Variable y = fresh.alloc(f(1));
  fresh.enforce(y, y, y);
  fresh.finalize();
  EXPECT_THROW(fresh.finalize(), std::logic_error);
  EXPECT_THROW(fresh.alloc(f(1)), std::logic_error);
  EXPECT_THROW(fresh.alloc_input(f(1)), std::logic_error);
  EXPECT_THROW(fresh.enforce(y, y, y), std::logic_error);
  EXPECT_EQ(fresh.num_constraints(), 2u);
}

}  // namespace
}  // namespace cuzk::r1cs
