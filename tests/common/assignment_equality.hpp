// Test helper: two ProvingAssignments are the same prover input — a, b, c, inputs, aux (value by
// value) and the three density bitmaps (bit by bit, popcounts included); two witnesses are the
// same values. Used to check precompiled synthesis against generic synthesis.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <utility>

#include "common/circuit_checks.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

namespace cuzk::testing {

inline ::testing::AssertionResult same_values(const char* what, std::span<const ff::Fr> x,
                                              std::span<const ff::Fr> y) {
  if (x.size() != y.size()) {
    return ::testing::AssertionFailure() << what << ": sizes " << x.size() << " vs " << y.size();
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] != y[i]) return ::testing::AssertionFailure() << what << ": first difference at " << i;
  }
  return ::testing::AssertionSuccess();
}

inline void expect_same_assignment(const r1cs::ProvingAssignment& x,
                                   const r1cs::ProvingAssignment& y) {
  EXPECT_TRUE(same_values("a", x.a(), y.a()));
  EXPECT_TRUE(same_values("b", x.b(), y.b()));
  EXPECT_TRUE(same_values("c", x.c(), y.c()));
  EXPECT_TRUE(same_values("inputs", x.inputs(), y.inputs()));
  EXPECT_TRUE(same_values("aux", x.aux(), y.aux()));
  EXPECT_TRUE(x.a_aux_density() == y.a_aux_density());
  EXPECT_TRUE(x.b_input_density() == y.b_input_density());
  EXPECT_TRUE(x.b_aux_density() == y.b_aux_density());
  EXPECT_EQ(x.a_aux_density().popcount(), y.a_aux_density().popcount());
  EXPECT_EQ(x.b_aux_density().popcount(), y.b_aux_density().popcount());
  EXPECT_EQ(x.finalized(), y.finalized());
}

inline void expect_same_witness(const r1cs::Witness& expected, const r1cs::Witness& actual) {
  EXPECT_EQ(expected.num_constraints, actual.num_constraints);
  EXPECT_TRUE(same_values("inputs", expected.inputs, actual.inputs));
  EXPECT_TRUE(same_values("aux", expected.aux, actual.aux));
}

// The witness `w` with `pc`'s products (checked, on 2 threads) gives exactly the assignment generic
// synthesis gives, and it satisfies the circuit.
inline void expect_precompiled_equals_generic(
    const r1cs::PrecompiledCircuit& pc, r1cs::Witness w,
    const std::function<void(r1cs::ConstraintSystem&)>& synthesize) {
  r1cs::ProvingAssignment generic;
  synthesize(generic);
  generic.finalize();
  r1cs::ProvingAssignment pre;
  r1cs::assign_precompiled(pc, std::move(w), pre, 2, /*check=*/true);
  pre.finalize();
  expect_same_assignment(generic, pre);
  EXPECT_EQ(unsatisfied_rows(pre), 0u);
}

}  // namespace cuzk::testing
