// The engine's circuit ids ("porep-2k", "wpost-32g", "winning-2k", "snap-2k", ...) resolved to
// their circuit: PoRep (StackedDRG), Fallback PoSt (Window / Winning) or EmptySectorUpdate. The
// one dispatch on the id: the circuit sizes (circuit_info.hpp) and the parameter files
// (porep_parameters.hpp) both start from find_circuit_kind.
#pragma once
#include <functional>
#include <string>
#include <string_view>

#include "filecoin/error.hpp"
#include "filecoin/proof_type.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::filecoin {

struct CircuitKind {
  std::string circuit_id;
  // Filecoin's name of the circuit's .params / .vk / .meta file (parameter_file_name,
  // post_parameter_file_name or update_parameter_file_name).
  std::function<std::string(ParameterFile)> parameter_file_name;
  // One blank partition of the circuit (shape only, no witness), into any constraint system.
  std::function<void(r1cs::ConstraintSystem&)> synthesize_blank;
};

// By circuit id: porep-*, wpost-*, winning-*, snap-* (2k, 8m, 512m, 32g, 64g). kUnknownProof
// error listing the known ids for any other id.
FilecoinResult<CircuitKind> find_circuit_kind(std::string_view circuit_id);
// Every id find_circuit_kind knows, comma-separated: the PoRep ones, then PoSt, then SnapDeals.
std::string known_circuit_ids();

}  // namespace cuzk::filecoin
