// Blank-circuit sizes (see circuit_info.hpp).
#include "filecoin/circuit_info.hpp"

#include "filecoin/post_proof_type.hpp"
#include "filecoin/update_proof_type.hpp"
#include "r1cs/counting_cs.hpp"

namespace cuzk::filecoin {

namespace {

CircuitInfo finish(r1cs::CountingCS& cs) {
  CircuitInfo info;
  info.synthesized = cs.num_constraints();
  cs.finalize();
  info.inputs = cs.num_inputs();
  info.aux = cs.num_aux();
  info.constraints = cs.num_constraints();
  info.nnz_a = cs.nnz_a();
  info.nnz_b = cs.nnz_b();
  info.nnz_c = cs.nnz_c();
  info.a_aux_density = cs.densities().a_aux.popcount();
  info.b_input_density = cs.densities().b_input.popcount();
  info.b_aux_density = cs.densities().b_aux.popcount();
  return info;
}

}  // namespace

CircuitInfo stacked_circuit_info(const StackedCircuitShape& shape) {
  r1cs::CountingCS cs;
  synthesize_stacked_blank(cs, shape);
  return finish(cs);
}

CircuitInfo post_circuit_info(const PostCircuitShape& shape) {
  r1cs::CountingCS cs;
  synthesize_post_blank(cs, shape);
  return finish(cs);
}

CircuitInfo update_circuit_info(const UpdateCircuitShape& shape) {
  r1cs::CountingCS cs;
  synthesize_update_blank(cs, shape);
  return finish(cs);
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

FilecoinResult<CircuitInfo> circuit_info_for(std::string_view circuit_id) {
  if (auto porep = find_porep_circuit(circuit_id))
    return stacked_circuit_info(stacked_circuit_shape(**porep));
  if (auto post = find_post_circuit(circuit_id))
    return post_circuit_info(post_circuit_shape(**post));
  if (auto update = find_update_circuit(circuit_id))
    return update_circuit_info(update_circuit_shape(**update));
  return filecoin_error(FilecoinError::kUnknownProof,
                        "unknown circuit id \"" + std::string(circuit_id) +
                            "\" (known: " + known_circuit_ids() + ")");
}

std::string to_json(const CircuitInfo& info) {
  std::string out = "{";
  auto field = [&](const char* key, size_t value) {
    if (out.size() > 1) out += ',';
    out += '"';
    out += key;
    out += "\":";
    out += std::to_string(value);
  };
  field("inputs", info.inputs);
  field("aux", info.aux);
  field("synthesized", info.synthesized);
  field("constraints", info.constraints);
  field("nnz_a", info.nnz_a);
  field("nnz_b", info.nnz_b);
  field("nnz_c", info.nnz_c);
  field("a_aux_density", info.a_aux_density);
  field("b_input_density", info.b_input_density);
  field("b_aux_density", info.b_aux_density);
  return out + "}";
}

}  // namespace cuzk::filecoin
