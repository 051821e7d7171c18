// SnapDeals proving and verification (see update_prove.hpp).
#include "filecoin/update_prove.hpp"

#include <string>

#include "filecoin/update_vanilla.hpp"

namespace cuzk::filecoin {

FilecoinResult<std::vector<std::vector<ff::Fr>>> update_proof_public_inputs(
    const UpdateProofType& proof, const UpdateSectorValues& values) {
  const UpdateCircuitShape shape = update_circuit_shape(*proof.sector);
  std::vector<std::vector<ff::Fr>> inputs;
  for (unsigned k = 0; k < shape.partitions; ++k) {
    auto partition = update_public_inputs(shape, values.partition(k));
    if (!partition) return partition.error();
    inputs.push_back(std::move(partition).value());
  }
  return inputs;
}

FilecoinResult<PartitionProofs> prove_update(const UpdateProofType& proof,
                                             const UpdateSectorValues& values,
                                             std::span<const UpdatePartitionWitness> partitions,
                                             const groth16::Parameters& params,
                                             groth16::Backend& backend,
                                             const UpdateProveOptions& options) {
  const UpdateCircuitShape shape = update_circuit_shape(*proof.sector);
  if (partitions.size() != shape.partitions)
    return filecoin_error(FilecoinError::kShape,
                          "vanilla_proofs: " + std::to_string(partitions.size()) + " partitions, " +
                              std::string(proof.name) + " has " + std::to_string(shape.partitions));
  auto inputs = update_proof_public_inputs(proof, values);
  if (!inputs) return inputs.error();
  auto synthesize = [&](unsigned k, r1cs::ConstraintSystem& cs) -> FilecoinResult<bool> {
    if (options.check_vanilla) {
      auto checked = update_check_vanilla(shape, values.partition(k), partitions[k]);
      if (!checked) return checked.error();
    }
    synthesize_update_circuit(cs, shape, values.partition(k), partitions[k]);
    return true;
  };
  return prove_partitions(std::move(inputs).value(), synthesize, params, backend,
                          options.randomness, options.on_partition);
}

}  // namespace cuzk::filecoin
