// PoRep C2 in one process and its verifier (see porep_c2.hpp).
#include "filecoin/porep_c2.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>

#include "filecoin/c1_check.hpp"
#include "filecoin/commitments.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "groth16/proof.hpp"
#include "r1cs/proving_assignment.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::filecoin {

namespace {

std::string partition_phase(unsigned k, const std::string& phase) {
  std::string name = "p";
  name += std::to_string(k);
  name += '.';
  name += phase;
  return name;
}

// The proof bytes' partition count, or a kShape error.
FilecoinResult<std::vector<groth16::Proof>> decode_partition_proofs(
    std::span<const uint8_t> bytes, unsigned partitions) {
  const size_t expected = size_t(partitions) * groth16::kProofBytes;
  if (bytes.size() != expected)
    return filecoin_error(FilecoinError::kShape,
                          "proof: " + std::to_string(bytes.size()) + " bytes, expected " +
                              std::to_string(expected) + " (" + std::to_string(partitions) +
                              " partitions x 192)");
  std::vector<groth16::Proof> proofs;
  for (unsigned k = 0; k < partitions; ++k) {
    auto proof = groth16::decode_proof(bytes.subspan(size_t(k) * groth16::kProofBytes,
                                                     groth16::kProofBytes));
    if (!proof)
      return filecoin_error(FilecoinError::kShape,
                            "proof of partition " + std::to_string(k) + ": " +
                                curve::to_string(proof.error().code));
    proofs.push_back(*proof);
  }
  return proofs;
}

}  // namespace

hash::Node32 porep_replica_id(const ProofType& proof, const hash::Node32& prover_id,
                              uint64_t sector_id, const hash::Node32& ticket,
                              const hash::Node32& comm_d) {
  return generate_replica_id(prover_id, sector_id, ticket, comm_d, proof.porep_id());
}

FilecoinResult<std::vector<std::vector<ff::Fr>>> porep_c2_public_inputs(
    const ProofType& proof, const PorepPublicValues& values) {
  std::vector<std::vector<ff::Fr>> inputs;
  for (unsigned k = 0; k < proof.partitions(); ++k) {
    auto partition = porep_public_inputs(proof, values, k);
    if (!partition) return partition.error();
    inputs.push_back(std::move(partition).value());
  }
  return inputs;
}

FilecoinResult<unsigned> verify_porep_c2(const groth16::PreparedVerifyingKey& pvk,
                                         const ProofType& proof, const PorepPublicValues& values,
                                         std::span<const uint8_t> proof_bytes) {
  auto proofs = decode_partition_proofs(proof_bytes, proof.partitions());
  if (!proofs) return proofs.error();
  auto inputs = porep_c2_public_inputs(proof, values);
  if (!inputs) return inputs.error();
  if (pvk.ic.size() != (*inputs)[0].size() + 1)
    return filecoin_error(FilecoinError::kShape,
                          "verifying key: " + std::to_string(pvk.ic.size()) +
                              " IC points, the " + std::string(proof.name) + " circuit has " +
                              std::to_string((*inputs)[0].size() + 1) + " inputs");
  std::mt19937_64 rng(std::random_device{}());
  if (!groth16::verify_proofs_batch(pvk, *proofs, *inputs, rng))
    return filecoin_error(FilecoinError::kInconsistent,
                          "proof: the " + std::to_string(proof.partitions()) +
                              " partition proofs do not verify for these public inputs");
  return proof.partitions();
}

FilecoinResult<PorepC2Output> prove_porep_c2(const SealCommitPhase1Output& c1,
                                             const groth16::Parameters& params,
                                             groth16::Backend& backend,
                                             const PorepC2Options& options) {
  if (c1.registered_proof == nullptr)
    return filecoin_error(FilecoinError::kSchema, "registered_proof: missing");
  const ProofType& proof_type = *c1.registered_proof;
  const unsigned partitions = unsigned(c1.vanilla_proofs.size());
  if (!options.randomness.empty() && options.randomness.size() != partitions)
    return filecoin_error(FilecoinError::kShape,
                          "randomness: " + std::to_string(options.randomness.size()) +
                              " (r, s) pairs for " + std::to_string(partitions) + " partitions");
  PorepC2Output out;
  Stopwatch sw;
  if (options.check_c1) {
    auto checked = check_c1(c1, {true, options.threads});
    if (!checked) return checked.error();
    out.timings.emplace_back("check_c1", sw.lap_ms());
  }
  const PorepPublicValues values{c1.replica_id, c1.comm_d, c1.comm_r, c1.seed};
  auto expected_inputs = porep_c2_public_inputs(proof_type, values);
  if (!expected_inputs) return expected_inputs.error();
  if (expected_inputs->size() != partitions)
    return filecoin_error(FilecoinError::kShape,
                          "vanilla_proofs: " + std::to_string(partitions) + " partitions, " +
                              std::string(proof_type.name) + " has " +
                              std::to_string(expected_inputs->size()));
  if (params.vk.ic.size() != (*expected_inputs)[0].size() + 1)
    return filecoin_error(FilecoinError::kShape,
                          "parameters: " + std::to_string(params.vk.ic.size()) +
                              " IC points, the circuit has " +
                              std::to_string((*expected_inputs)[0].size() + 1) + " inputs");

  std::mt19937_64 os_rng(std::random_device{}());
  std::vector<groth16::Proof> proofs;
  for (unsigned k = 0; k < partitions; ++k) {
    groth16::PhaseTimings timings;
    Stopwatch part;
    std::vector<r1cs::ProvingAssignment> batch(1);
    synthesize_stacked_partition(batch[0], c1, k);
    batch[0].finalize();
    timings.emplace_back(partition_phase(k, "synthesis"), part.lap_ms());
    // The circuit's inputs must be the verifier's (they are, for a checked C1).
    const auto circuit_inputs = batch[0].inputs().subspan(1);
    if (!std::equal(circuit_inputs.begin(), circuit_inputs.end(), (*expected_inputs)[k].begin(),
                    (*expected_inputs)[k].end()))
      return filecoin_error(FilecoinError::kInconsistent,
                            "vanilla_proofs[" + std::to_string(k) +
                                "]: the circuit's public inputs differ from the verifier's");
    const groth16::Randomness rs = options.randomness.empty()
                                       ? groth16::Randomness{ff::Fr::random(os_rng),
                                                             ff::Fr::random(os_rng)}
                                       : options.randomness[k];
    groth16::ProveOutput result;
    try {
      result = backend.prove(std::move(batch), params, std::span(&rs, 1));
    } catch (const std::invalid_argument& e) {
      return filecoin_error(FilecoinError::kShape, std::string("parameters: ") + e.what());
    }
    for (auto& [phase, ms] : result.timings) timings.emplace_back(partition_phase(k, phase), ms);
    proofs.push_back(result.proofs.at(0));
    if (options.on_partition) options.on_partition(k, partitions, timings);
    out.timings.insert(out.timings.end(), timings.begin(), timings.end());
  }

  sw.lap_ms();
  std::mt19937_64 weights(std::random_device{}());
  const groth16::PreparedVerifyingKey pvk = groth16::prepare_verifying_key(params.vk);
  if (!groth16::verify_proofs_batch(pvk, proofs, *expected_inputs, weights))
    return filecoin_error(FilecoinError::kInconsistent,
                          "the finished proofs do not verify (parameters of another circuit?)");
  out.timings.emplace_back("self_verify", sw.lap_ms());
  out.proof = groth16::encode_proofs(proofs);
  out.public_inputs = std::move(expected_inputs).value();
  return out;
}

}  // namespace cuzk::filecoin
