// The size of a circuit without storing it (`cuzk-bench circuit-info`): a blank partition
// synthesised into a CountingCS. What the SRS, the prover's memory and a comparison with the
// Rust reference need: inputs (ONE included), aux, constraints the circuit enforces
// ("synthesized") and the prover's row count (+ one row per input), non-zeros per matrix, and
// the prover's density popcounts. circuit_info_for counts the blank partition of any circuit id
// find_circuit_kind knows (PoRep, Fallback PoSt, EmptySectorUpdate).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "filecoin/error.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::filecoin {

struct CircuitInfo {
  size_t inputs = 0;
  size_t aux = 0;
  size_t synthesized = 0;
  size_t constraints = 0;  // synthesized + inputs
  size_t nnz_a = 0, nnz_b = 0, nnz_c = 0;
  size_t a_aux_density = 0, b_input_density = 0, b_aux_density = 0;
};

// The sizes of whatever `synthesize` builds (counted, not stored).
CircuitInfo circuit_info(const std::function<void(r1cs::ConstraintSystem&)>& synthesize);

// By circuit id: porep-*, wpost-*, winning-*, snap-* (2k, 8m, 512m, 32g, 64g): the blank
// partition's sizes. find_circuit_kind's kUnknownProof error (listing the ids) for any other id.
FilecoinResult<CircuitInfo> circuit_info_for(std::string_view circuit_id);

// One JSON object, keys as the fields above.
std::string to_json(const CircuitInfo& info);

}  // namespace cuzk::filecoin
