// NI-PoRep seal proofs as SnarkPack aggregates (see ni_seal.hpp).
#include "filecoin/ni_seal.hpp"

#include <bit>

#include "filecoin/porep_verify.hpp"
#include "hash/sha256.hpp"
#include "snarkpack/prover.hpp"
#include "snarkpack/verifier.hpp"

namespace cuzk::filecoin {

uint32_t ni_aggregated_proofs(unsigned partitions) {
  return std::max<uint32_t>(2, std::bit_ceil(partitions));
}

std::array<uint8_t, 32> ni_transcript_include(std::span<const hash::Node32> comm_rs) {
  hash::Sha256 h;
  for (const auto& c : comm_rs) h.update(c);
  return h.finalize();
}

std::string aggregation_srs_path(const std::string& dir, bool test_parameters) {
  return dir + "/" + (test_parameters ? snarkpack::kTestSrsFile : snarkpack::kFilecoinSrsFile);
}

FilecoinResult<std::vector<uint8_t>> aggregate_ni_seal(const snarkpack::ProverSrs& srs,
                                                       const ProofType& proof,
                                                       const hash::Node32& comm_r,
                                                       std::span<const groth16::Proof> partitions,
                                                       unsigned threads) {
  if (partitions.size() != proof.partitions()) {
    return filecoin_error(FilecoinError::kShape, std::to_string(partitions.size()) +
                                                     " partition proofs, " +
                                                     std::string(proof.name) + " has " +
                                                     std::to_string(proof.partitions()));
  }
  const auto proofs = pad_for_aggregation(std::vector(partitions.begin(), partitions.end()));
  const auto include = ni_transcript_include(std::span(&comm_r, 1));
  auto aggregate = snarkpack::aggregate_proofs(srs, include, proofs, threads);
  if (!aggregate) return filecoin_error(FilecoinError::kShape, aggregate.error().message);
  return snarkpack::encode_aggregate_proof(*aggregate);
}

FilecoinResult<unsigned> verify_ni_seal_inputs(const snarkpack::VerifierSrs& srs,
                                               const groth16::VerifyingKey& vk,
                                               const ProofType& proof, const hash::Node32& comm_r,
                                               std::vector<std::vector<ff::Fr>> partition_inputs,
                                               std::span<const uint8_t> proof_bytes,
                                               unsigned threads) {
  auto aggregate = snarkpack::decode_aggregate_proof(proof_bytes);
  if (!aggregate)
    return filecoin_error(FilecoinError::kShape, "NI seal proof: " + aggregate.error().message);
  const uint32_t n = ni_aggregated_proofs(proof.partitions());
  if (aggregate->gipa.nproofs != n) {
    return filecoin_error(FilecoinError::kShape, "NI seal proof: an aggregate of " +
                                                     std::to_string(aggregate->gipa.nproofs) +
                                                     " proofs, " + std::string(proof.name) +
                                                     " aggregates " + std::to_string(n));
  }
  const auto inputs = pad_for_aggregation(std::move(partition_inputs));
  const auto include = ni_transcript_include(std::span(&comm_r, 1));
  auto check = snarkpack::verify_aggregate_proof(srs, vk, inputs, *aggregate, include, threads);
  if (!check) return filecoin_error(FilecoinError::kShape, check.error().message);
  if (!check->valid) {
    return filecoin_error(FilecoinError::kInconsistent,
                          "NI seal proof does not verify: " + check->failed);
  }
  return proof.partitions();
}

FilecoinResult<unsigned> verify_ni_seal(const snarkpack::VerifierSrs& srs,
                                        const groth16::VerifyingKey& vk, const ProofType& proof,
                                        const PorepPublicValues& values,
                                        std::span<const uint8_t> proof_bytes, unsigned threads) {
  auto inputs = porep_c2_public_inputs(proof, values);
  if (!inputs) return inputs.error();
  return verify_ni_seal_inputs(srs, vk, proof, values.comm_r, std::move(inputs).value(),
                               proof_bytes, threads);
}

}  // namespace cuzk::filecoin
