// Blank-circuit sizes (see circuit_info.hpp).
#include "filecoin/circuit_info.hpp"

#include "filecoin/circuit_kind.hpp"
#include "r1cs/counting_cs.hpp"

namespace cuzk::filecoin {

CircuitInfo circuit_info(const std::function<void(r1cs::ConstraintSystem&)>& synthesize) {
  r1cs::CountingCS cs;
  synthesize(cs);
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

FilecoinResult<CircuitInfo> circuit_info_for(std::string_view circuit_id) {
  auto kind = find_circuit_kind(circuit_id);
  if (!kind) return kind.error();
  return circuit_info(kind->synthesize_blank);
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
