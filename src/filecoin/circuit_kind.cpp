// Circuit id -> PoRep, PoSt or SnapDeals circuit (see circuit_kind.hpp).
#include "filecoin/circuit_kind.hpp"

#include "filecoin/post_circuit.hpp"
#include "filecoin/post_proof_type.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "filecoin/update_circuit.hpp"
#include "filecoin/update_proof_type.hpp"

namespace cuzk::filecoin {

FilecoinResult<CircuitKind> find_circuit_kind(std::string_view circuit_id) {
  const std::string id(circuit_id);
  if (auto porep = find_porep_circuit(circuit_id)) {
    const PorepSectorConfig* sector = *porep;
    return CircuitKind{id, [sector](ParameterFile f) { return parameter_file_name(*sector, f); },
                       [sector](r1cs::ConstraintSystem& cs) {
                         synthesize_stacked_blank(cs, stacked_circuit_shape(*sector));
                       }};
  }
  if (auto post = find_post_circuit(circuit_id)) {
    const PostCircuitConfig* circuit = *post;
    return CircuitKind{id,
                       [circuit](ParameterFile f) { return post_parameter_file_name(*circuit, f); },
                       [circuit](r1cs::ConstraintSystem& cs) {
                         synthesize_post_blank(cs, post_circuit_shape(*circuit));
                       }};
  }
  if (auto update = find_update_circuit(circuit_id)) {
    const UpdateSectorConfig* sector = *update;
    return CircuitKind{id,
                       [sector](ParameterFile f) { return update_parameter_file_name(*sector, f); },
                       [sector](r1cs::ConstraintSystem& cs) {
                         synthesize_update_blank(cs, update_circuit_shape(*sector));
                       }};
  }
  return filecoin_error(FilecoinError::kUnknownProof,
                        "unknown circuit id \"" + id + "\" (known: " + known_circuit_ids() + ")");
}

std::string known_circuit_ids() {
  std::string ids;
  auto add = [&](std::string_view id) {
    if (!ids.empty()) ids += ", ";
    ids += id;
  };
  for (const auto& s : porep_sector_configs()) add(s.circuit_id);
  for (const auto& c : post_circuit_configs()) add(c.circuit_id);
  for (const auto& s : update_sector_configs()) add(s.circuit_id);
  return ids;
}

}  // namespace cuzk::filecoin
