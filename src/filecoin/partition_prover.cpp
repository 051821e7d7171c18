// The partition loop and batch verification (see partition_prover.hpp).
#include "filecoin/partition_prover.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "groth16/proof.hpp"
#include "r1cs/proving_assignment.hpp"
#include "util/stopwatch.hpp"
#include "util/system_random.hpp"

namespace cuzk::filecoin {

namespace {

// Appended piece by piece: "p" + ... + "." trips GCC 12's -Wrestrict false positive.
std::string partition_phase(unsigned k, const std::string& phase) {
  std::string name = "p";
  name += std::to_string(k);
  name += '.';
  name += phase;
  return name;
}

}  // namespace

FilecoinResult<PartitionProofs> prove_partitions(std::vector<std::vector<ff::Fr>> expected_inputs,
                                                 const PartitionSynthesis& synthesize,
                                                 const groth16::Parameters& params,
                                                 groth16::Backend& backend,
                                                 std::span<const groth16::Randomness> randomness,
                                                 const PartitionCallback& on_partition) {
  const unsigned partitions = unsigned(expected_inputs.size());
  if (partitions == 0) return filecoin_error(FilecoinError::kShape, "no partitions to prove");
  if (!randomness.empty() && randomness.size() != partitions)
    return filecoin_error(FilecoinError::kShape,
                          "randomness: " + std::to_string(randomness.size()) +
                              " (r, s) pairs for " + std::to_string(partitions) + " partitions");
  if (params.vk.ic.size() != expected_inputs[0].size() + 1)
    return filecoin_error(FilecoinError::kShape,
                          "parameters: " + std::to_string(params.vk.ic.size()) +
                              " IC points, the circuit has " +
                              std::to_string(expected_inputs[0].size() + 1) + " inputs");
  PartitionProofs out;
  Stopwatch sw;
  SystemRandom os_rng;  // blinding values r, s
  std::vector<groth16::Proof> proofs;
  for (unsigned k = 0; k < partitions; ++k) {
    groth16::PhaseTimings timings;
    Stopwatch part;
    std::vector<r1cs::ProvingAssignment> batch(1);
    try {
      auto synthesized = synthesize(k, batch[0]);
      if (!synthesized) return synthesized.error();
    } catch (const std::invalid_argument& e) {
      return filecoin_error(FilecoinError::kShape,
                            "partition " + std::to_string(k) + ": " + e.what());
    }
    batch[0].finalize();
    timings.emplace_back(partition_phase(k, "synthesis"), part.lap_ms());
    const auto circuit_inputs = batch[0].inputs().subspan(1);
    if (!std::equal(circuit_inputs.begin(), circuit_inputs.end(), expected_inputs[k].begin(),
                    expected_inputs[k].end()))
      return filecoin_error(FilecoinError::kInconsistent,
                            "partition " + std::to_string(k) +
                                ": the circuit's public inputs differ from the verifier's");
    const groth16::Randomness rs =
        randomness.empty() ? groth16::Randomness{ff::Fr::random(os_rng), ff::Fr::random(os_rng)}
                           : randomness[k];
    groth16::ProveOutput result;
    try {
      result = backend.prove(std::move(batch), params, std::span(&rs, 1));
    } catch (const std::invalid_argument& e) {
      return filecoin_error(FilecoinError::kShape, std::string("parameters: ") + e.what());
    }
    for (auto& [phase, ms] : result.timings) timings.emplace_back(partition_phase(k, phase), ms);
    proofs.push_back(result.proofs.at(0));
    if (on_partition) on_partition(k, partitions, timings);
    out.timings.insert(out.timings.end(), timings.begin(), timings.end());
  }
  sw.lap_ms();
  const groth16::PreparedVerifyingKey pvk = groth16::prepare_verifying_key(params.vk);
  if (!groth16::verify_proofs_batch(pvk, proofs, expected_inputs))
    return filecoin_error(FilecoinError::kInconsistent,
                          "the finished proofs do not verify (parameters of another circuit?)");
  out.timings.emplace_back("self_verify", sw.lap_ms());
  out.proof = groth16::encode_proofs(proofs);
  out.public_inputs = std::move(expected_inputs);
  return out;
}

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
