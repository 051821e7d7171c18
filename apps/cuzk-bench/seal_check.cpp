// PoRep seal proofs checked from a parameter directory (see seal_check.hpp).
#include "seal_check.hpp"

#include <stdexcept>

#include "filecoin/ni_seal.hpp"
#include "filecoin/porep_parameters.hpp"
#include "filecoin/porep_verify.hpp"
#include "files.hpp"

namespace cuzk::bench {

SealChecker::SealChecker(const std::string& params_dir, const filecoin::ProofType& proof)
    : proof_(&proof) {
  std::vector<std::string> tried;
  const auto vk_file = filecoin::find_parameter_file(params_dir, proof.circuit_id(),
                                                     filecoin::ParameterFile::kVk, &tried);
  if (!vk_file) {
    std::string list;
    for (const auto& t : tried) list += (list.empty() ? "" : ", ") + t;
    throw std::runtime_error("no verifying key for " + std::string(proof.circuit_id()) + " (" +
                             list + ")");
  }
  auto vk = groth16::read_verifying_key(read_file(vk_file->path));
  if (!vk) throw std::runtime_error(vk_file->path + ": " + vk.error().message);
  vk_ = std::move(vk).value();
  pvk_ = groth16::prepare_verifying_key(vk_);
  if (proof.feature != filecoin::SealFeature::kNonInteractivePoRep) return;
  const std::string path = filecoin::aggregation_srs_path(params_dir, vk_file->test_parameters);
  auto srs = snarkpack::read_srs_file(path, 2 * filecoin::kNiMaxAggregatedProofs);
  if (!srs) throw std::runtime_error(srs.error().message);
  auto keys =
      snarkpack::specialize_verifier(*srs, filecoin::ni_aggregated_proofs(proof.partitions()));
  if (!keys) throw std::runtime_error(path + ": " + keys.error().message);
  srs_ = *keys;
}

std::string SealChecker::check(const filecoin::PorepPublicValues& values,
                               std::span<const uint8_t> proof) const {
  auto verified = srs_ ? filecoin::verify_ni_seal(*srs_, vk_, *proof_, values, proof)
                       : filecoin::verify_porep_c2(pvk_, *proof_, values, proof);
  return verified ? std::string() : verified.error().message;
}

}  // namespace cuzk::bench
