// PoSt vanilla proofs to witness and public inputs at submit time (see post_prepare.hpp).
#include "filecoin/post_prepare.hpp"

#include "filecoin/post_public_inputs.hpp"
#include "filecoin/post_vanilla.hpp"
#include "util/parallel_checks.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::filecoin {
namespace {

Error<FilecoinError> field_error(const Error<FilecoinError>& e) {
  return filecoin_error(e.code, "vanilla_proofs: " + e.message);
}

}  // namespace

FilecoinResult<PreparedPostPartition> prepare_post_partition(
    const PoStProofType& proof, const hash::Node32& randomness,
    std::span<const std::string> vanilla_proofs, unsigned partition, unsigned threads) {
  PreparedPostPartition out;
  Stopwatch watch;
  const size_t count = vanilla_proofs.size();
  std::vector<FallbackPoStSectorProof> sectors(count);
  auto parsed = first_error_of(count, threads, [&](size_t i) -> FilecoinResult<bool> {
    const std::string& bytes = vanilla_proofs[i];
    auto sector = parse_fallback_post_sector_proof(
        {reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()}, proof,
        "vanilla_proofs[" + std::to_string(i) + "]");
    if (!sector) return sector.error();
    sectors[i] = std::move(sector).value();
    return true;
  });
  if (!parsed) return parsed.error();
  out.times.parse_ms = watch.lap_ms();

  if (auto checked = post_check_vanilla(proof, randomness, sectors, partition, threads); !checked)
    return field_error(checked.error());
  out.times.check_ms = watch.lap_ms();

  std::vector<PostPublicSector> public_sectors;
  public_sectors.reserve(count);
  for (const auto& s : sectors) public_sectors.push_back({s.sector_id, s.comm_r});
  auto inputs = post_partition_public_inputs(proof, randomness, public_sectors, partition, threads);
  if (!inputs) return field_error(inputs.error());
  out.inputs = std::move(inputs).value();
  out.times.inputs_ms = watch.lap_ms();

  auto witness = post_circuit_witness(proof, std::move(sectors), threads);
  if (!witness) return field_error(witness.error());
  out.witness = std::move(witness).value();
  out.times.witness_ms = watch.lap_ms();
  return out;
}

}  // namespace cuzk::filecoin
