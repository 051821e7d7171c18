// Test helpers for whole circuits: a circuit's sizes (CountingCS), how many rows of a prover's
// assignment are violated (fast: a_i · b_i = c_i on the evaluated rows, no names, no matrices),
// and the opt-in switch for the slow full-size counts (CUZK_LONG_TESTS=1).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string_view>

#include "r1cs/counting_cs.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::testing {

struct CircuitCount {
  size_t inputs, aux, constraints;  // inputs with ONE
};

// The sizes of what synthesize(CountingCS&) allocates and enforces.
template <class Synthesize>
CircuitCount count_circuit(Synthesize&& synthesize) {
  r1cs::CountingCS cs;
  synthesize(cs);
  return {cs.num_inputs(), cs.num_aux(), cs.num_constraints()};
}

inline size_t unsatisfied_rows(const r1cs::ProvingAssignment& cs) {
  size_t n = 0;
  for (size_t i = 0; i < cs.num_constraints(); ++i)
    if (cs.a()[i] * cs.b()[i] != cs.c()[i]) ++n;
  return n;
}

inline bool long_tests() {
  const char* v = std::getenv("CUZK_LONG_TESTS");
  return v != nullptr && std::string_view(v) == "1";
}

}  // namespace cuzk::testing
