// The size of a PoRep circuit without storing it (`cuzk-bench circuit-info`): a blank partition
// synthesised into a CountingCS. What the SRS, the prover's memory and a comparison with the
// Rust reference need: inputs (ONE included), aux, constraints the circuit enforces
// ("synthesized") and the prover's row count (+ one row per input), non-zeros per matrix, and
// the prover's density popcounts.
#pragma once
#include <cstddef>
#include <string>

#include "filecoin/stacked_circuit.hpp"

namespace cuzk::filecoin {

struct CircuitInfo {
  size_t inputs = 0;
  size_t aux = 0;
  size_t synthesized = 0;
  size_t constraints = 0;  // synthesized + inputs
  size_t nnz_a = 0, nnz_b = 0, nnz_c = 0;
  size_t a_aux_density = 0, b_input_density = 0, b_aux_density = 0;
};

CircuitInfo stacked_circuit_info(const StackedCircuitShape& shape);

// One JSON object, keys as the fields above.
std::string to_json(const CircuitInfo& info);

}  // namespace cuzk::filecoin
