// Command-line lookup of registered seal proofs and circuits (see proof_types.hpp).
#include "proof_types.hpp"

#include <charconv>

namespace cuzk::bench {

const filecoin::ProofType& find_proof_type(const std::string& name_or_id) {
  uint64_t id = 0;
  const char* end = name_or_id.data() + name_or_id.size();
  const auto [ptr, ec] = std::from_chars(name_or_id.data(), end, id);
  auto found = (ec == std::errc() && ptr == end) ? filecoin::find_seal_proof(id)
                                                 : filecoin::find_seal_proof(name_or_id);
  if (found) return **found;
  std::string names;
  for (const auto& p : filecoin::seal_proof_types())
    names += (names.empty() ? "" : ", ") + std::string(p.name);
  throw std::runtime_error("unknown proof type '" + name_or_id + "'; known: " + names);
}

const filecoin::PorepSectorConfig& find_circuit(const std::string& circuit_id) {
  auto found = filecoin::find_porep_circuit(circuit_id);
  if (found) return **found;
  std::string ids;
  for (const auto& s : filecoin::porep_sector_configs())
    ids += (ids.empty() ? "" : ", ") + std::string(s.circuit_id);
  throw std::runtime_error("unknown circuit '" + circuit_id + "'; known: " + ids);
}

}  // namespace cuzk::bench
