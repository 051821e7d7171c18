// Batch verification of partition proofs (see partition_verify.hpp).
#include "filecoin/partition_verify.hpp"

#include <string>

#include "groth16/proof.hpp"

namespace cuzk::filecoin {

FilecoinResult<unsigned> verify_partition_proofs(const groth16::PreparedVerifyingKey& pvk,
                                                 std::span<const std::vector<ff::Fr>> inputs,
                                                 std::span<const uint8_t> proof_bytes,
                                                 const std::string& what) {
  const unsigned partitions = unsigned(inputs.size());
  const size_t expected = size_t(partitions) * groth16::kProofBytes;
  if (partitions == 0 || proof_bytes.size() != expected)
    return filecoin_error(FilecoinError::kShape,
                          "proof: " + std::to_string(proof_bytes.size()) + " bytes, expected " +
                              std::to_string(expected) + " (" + std::to_string(partitions) +
                              " partitions x 192)");
  std::vector<groth16::Proof> proofs;
  for (unsigned k = 0; k < partitions; ++k) {
    auto proof = groth16::decode_proof(
        proof_bytes.subspan(size_t(k) * groth16::kProofBytes, groth16::kProofBytes));
    if (!proof)
      return filecoin_error(FilecoinError::kShape, "proof of partition " + std::to_string(k) +
                                                       ": " + curve::to_string(proof.error().code));
    proofs.push_back(*proof);
  }
  if (pvk.ic.size() != inputs[0].size() + 1)
    return filecoin_error(FilecoinError::kShape, "verifying key: " + std::to_string(pvk.ic.size()) +
                                                     " IC points, the " + what + " circuit has " +
                                                     std::to_string(inputs[0].size() + 1) +
                                                     " inputs");
  if (!groth16::verify_proofs_batch(pvk, proofs, inputs))
    return filecoin_error(FilecoinError::kInconsistent,
                          "proof: the " + std::to_string(partitions) + " " + what +
                              " partition proofs do not verify for these public inputs");
  return partitions;
}

}  // namespace cuzk::filecoin
