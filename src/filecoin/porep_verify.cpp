// The PoRep C2 verifier (see porep_verify.hpp).
#include "filecoin/porep_verify.hpp"

#include <string>

#include "filecoin/commitments.hpp"
#include "filecoin/partition_verify.hpp"

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

}  // namespace cuzk::filecoin
