// PoSt public inputs (see post_public_inputs.hpp).
#include "filecoin/post_public_inputs.hpp"

#include <algorithm>
#include <string>

#include "filecoin/post_challenges.hpp"
#include "util/parallel_checks.hpp"

namespace cuzk::filecoin {

FilecoinResult<std::vector<ff::Fr>> post_public_inputs(const PoStProofType& proof,
                                                       const hash::Node32& randomness,
                                                       std::span<const PostPublicSector> sectors,
                                                       unsigned partition) {
  if (proof.type() == PoStType::kWinning) {
    return post_partition_public_inputs(proof, randomness, sectors, partition);
  }
  const uint64_t per_partition = proof.circuit->circuit_sectors;
  const uint64_t first = uint64_t(partition) * per_partition;
  if (sectors.empty() || first >= sectors.size())
    return filecoin_error(FilecoinError::kShape, "PoSt partition " + std::to_string(partition) +
                                                     " of " + std::to_string(sectors.size()) +
                                                     " sectors (" + std::to_string(per_partition) +
                                                     " per partition)");
  return post_partition_public_inputs(
      proof, randomness,
      sectors.subspan(first, std::min<uint64_t>(per_partition, sectors.size() - first)), partition);
}

FilecoinResult<std::vector<ff::Fr>> post_partition_public_inputs(
    const PoStProofType& proof, const hash::Node32& randomness,
    std::span<const PostPublicSector> chunk, unsigned partition, unsigned threads) {
  if (auto ok = check_canonical(randomness, "randomness"); !ok) return ok.error();
  const PostCircuitConfig& circuit = *proof.circuit;
  std::vector<PostPublicSector> expanded;
  if (proof.type() == PoStType::kWinning) {
    if (chunk.size() != kWinningPostSectorCount)
      return filecoin_error(FilecoinError::kShape, "winning PoSt: " + std::to_string(chunk.size()) +
                                                       " sectors, expected " +
                                                       std::to_string(kWinningPostSectorCount));
    if (partition != 0)
      return filecoin_error(FilecoinError::kShape, "winning PoSt: partition " +
                                                       std::to_string(partition) +
                                                       ", a WinningPoSt has only partition 0");
    expanded.assign(circuit.circuit_sectors, chunk[0]);
    chunk = expanded;
  }
  const uint64_t per_partition = circuit.circuit_sectors;
  const uint64_t first = uint64_t(partition) * per_partition;
  if (chunk.empty() || chunk.size() > per_partition)
    return filecoin_error(FilecoinError::kShape, "PoSt partition " + std::to_string(partition) +
                                                     ": " + std::to_string(chunk.size()) +
                                                     " sectors, a partition holds 1 to " +
                                                     std::to_string(per_partition));

  // Sector i's inputs at i * per_sector, a sector per task; then the padding.
  const size_t per_sector = 1 + circuit.circuit_challenges;
  std::vector<ff::Fr> inputs(per_partition * per_sector);
  auto filled = first_error_of(chunk.size(), threads, [&](size_t i) -> FilecoinResult<bool> {
    auto comm_r = hash::fr_from_node(chunk[i].comm_r);
    if (!comm_r)
      return filecoin_error(FilecoinError::kSchema, "sectors[" + std::to_string(first + i) +
                                                        "].comm_r: not a canonical field element");
    ff::Fr* out = inputs.data() + i * per_sector;
    out[0] = *comm_r;
    for (unsigned n = 0; n < circuit.circuit_challenges; ++n) {
      const uint64_t index =
          post_challenge_index(proof.api_version, first + i, circuit.circuit_challenges, n);
      out[1 + n] = ff::Fr::from_u64(
          post_leaf_challenge(randomness, chunk[i].sector_id, index, circuit.nodes()));
    }
    return true;
  });
  if (!filled) return filled.error();
  // Pad by repeating the last sector's inputs.
  const auto last = inputs.begin() + long((chunk.size() - 1) * per_sector);
  for (size_t i = chunk.size(); i < per_partition; ++i)
    std::copy(last, last + long(per_sector), inputs.begin() + long(i * per_sector));
  return inputs;
}

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

}  // namespace cuzk::filecoin
