// The size of a circuit without storing it (`cuzk-bench circuit-info`): a blank partition
// synthesised into a CountingCS. What the SRS, the prover's memory and a comparison with the
// Rust reference need: inputs (ONE included), aux, constraints the circuit enforces
// ("synthesized") and the prover's row count (+ one row per input), non-zeros per matrix, and
// the prover's density popcounts. PoRep (stacked), Fallback PoSt (Window / Winning) and
// EmptySectorUpdate shapes; circuit_info_for dispatches on the engine's circuit id.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "filecoin/error.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "filecoin/update_circuit.hpp"

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
CircuitInfo post_circuit_info(const PostCircuitShape& shape);
CircuitInfo update_circuit_info(const UpdateCircuitShape& shape);

// By circuit id: porep-*, wpost-*, winning-*, snap-* (2k, 8m, 512m, 32g, 64g). kUnknownProof
// error (listing the ids) for any other id.
FilecoinResult<CircuitInfo> circuit_info_for(std::string_view circuit_id);
// Every id circuit_info_for knows, comma-separated.
std::string known_circuit_ids();

// One JSON object, keys as the fields above.
std::string to_json(const CircuitInfo& info);

}  // namespace cuzk::filecoin
