// PoRep C2 in one process and its verifier (see porep_c2.hpp).
#include "filecoin/porep_c2.hpp"

#include <string>

#include "filecoin/c1_check.hpp"
#include "filecoin/commitments.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::filecoin {

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
  auto inputs = porep_c2_public_inputs(proof, values);
  if (!inputs) return inputs.error();
  return verify_partition_proofs(pvk, *inputs, proof_bytes, std::string(proof.name));
}

FilecoinResult<PorepC2Output> prove_porep_c2(const SealCommitPhase1Output& c1,
                                             const groth16::Parameters& params,
                                             groth16::Backend& backend,
                                             const PorepC2Options& options) {
  if (c1.registered_proof == nullptr)
    return filecoin_error(FilecoinError::kSchema, "registered_proof: missing");
  const ProofType& proof_type = *c1.registered_proof;
  Stopwatch sw;
  if (options.check_c1) {
    auto checked = check_c1(c1, {true, options.threads});
    if (!checked) return checked.error();
  }
  const double check_ms = sw.lap_ms();
  auto expected_inputs =
      porep_c2_public_inputs(proof_type, {c1.replica_id, c1.comm_d, c1.comm_r, c1.seed});
  if (!expected_inputs) return expected_inputs.error();
  if (expected_inputs->size() != c1.vanilla_proofs.size())
    return filecoin_error(FilecoinError::kShape,
                          "vanilla_proofs: " + std::to_string(c1.vanilla_proofs.size()) +
                              " partitions, " + std::string(proof_type.name) + " has " +
                              std::to_string(expected_inputs->size()));
  auto out = prove_partitions(
      std::move(expected_inputs).value(),
      [&c1](unsigned k, r1cs::ConstraintSystem& cs) -> FilecoinResult<bool> {
        synthesize_stacked_partition(cs, c1, k);
        return true;
      },
      params, backend, options.randomness, options.on_partition);
  if (out && options.check_c1) {
    auto& timings = out.value().timings;
    timings.insert(timings.begin(), {"check_c1", check_ms});
  }
  return out;
}

}  // namespace cuzk::filecoin
