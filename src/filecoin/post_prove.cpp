// Fallback PoSt proving and verification (see post_prove.hpp).
#include "filecoin/post_prove.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>

#include "filecoin/post_circuit.hpp"
#include "groth16/proof.hpp"
#include "r1cs/proving_assignment.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::filecoin {

FilecoinResult<std::vector<std::vector<ff::Fr>>> post_proof_public_inputs(
    const PoStProofType& proof, const hash::Node32& randomness,
    std::span<const PostPublicSector> sectors) {
  std::vector<std::vector<ff::Fr>> inputs;
  const unsigned partitions = proof.partitions(sectors.size());
  for (unsigned k = 0; k < partitions; ++k) {
    auto partition = post_public_inputs(proof, randomness, sectors, k);
    if (!partition) return partition.error();
    inputs.push_back(std::move(partition).value());
  }
  return inputs;
}

FilecoinResult<PartitionProofs> prove_post(const PoStProofType& proof,
                                           const hash::Node32& randomness,
                                           std::span<const FallbackPoStSectorProof> sectors,
                                           const groth16::Parameters& params,
                                           groth16::Backend& backend,
                                           const PostProveOptions& options) {
  if (sectors.empty()) return filecoin_error(FilecoinError::kShape, "vanilla_proofs: empty");
  if (proof.type() == PoStType::kWinning && sectors.size() != kWinningPostSectorCount)
    return filecoin_error(FilecoinError::kShape,
                          "vanilla_proofs: " + std::to_string(sectors.size()) +
                              " sectors, a WinningPoSt proves exactly 1");
  std::vector<PostPublicSector> public_sectors;
  for (const auto& s : sectors) public_sectors.push_back({s.sector_id, s.comm_r});
  auto inputs = post_proof_public_inputs(proof, randomness, public_sectors);
  if (!inputs) return inputs.error();
  const unsigned per_partition = proof.sector_count();
  const PostCircuitShape shape = post_circuit_shape(*proof.circuit);
  auto synthesize = [&](unsigned k, r1cs::ConstraintSystem& cs) -> FilecoinResult<bool> {
    const size_t begin = size_t(k) * per_partition;
    const size_t count = std::min<size_t>(per_partition, sectors.size() - begin);
    const auto chunk = sectors.subspan(begin, count);
    if (options.check_vanilla) {
      auto checked = post_check_vanilla(proof, randomness, chunk, k);
      if (!checked) return checked.error();
    }
    auto witness = post_circuit_witness(proof, chunk);
    if (!witness) return witness.error();
    synthesize_post_circuit(cs, shape, *witness);
    return true;
  };
  return prove_partitions(std::move(inputs).value(), synthesize, params, backend,
                          options.randomness, options.on_partition);
}

}  // namespace cuzk::filecoin
