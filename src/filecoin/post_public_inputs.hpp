// Groth16 public inputs of one Fallback PoSt partition, as the verifier builds them
// (FallbackPoStCompound::generate_public_inputs; spec §5.3), in order, per circuit sector:
//   comm_r, then the leaf index of each of its challenges.
// The sectors are chunked by the circuit's sector count; a partition short of sectors repeats
// its last sector's inputs. Challenge indices use the circuit's counts: sector_index =
// partition · circuit_sectors + i, and challenge_count = circuit_challenges.
//
// WinningPoSt: the verifier passes its one sector 66 times (verify_winning_post), so circuit
// sector i proves challenge index i (API 1.0.0) — the same 66 leaves the vanilla proof opens.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "filecoin/post_proof_type.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

struct PostPublicSector {
  uint64_t sector_id = 0;
  hash::Node32 comm_r{};
};

// `sectors` are all the proof's sectors in order (ascending id, as the reference's BTreeMap
// gives them); Winning takes exactly one. Errors: kShape for a bad partition or sector count,
// kSchema for a non-canonical randomness or comm_r.
FilecoinResult<std::vector<ff::Fr>> post_public_inputs(const PoStProofType& proof,
                                                       const hash::Node32& randomness,
                                                       std::span<const PostPublicSector> sectors,
                                                       unsigned partition);

// The same for one partition given only its own sectors (`chunk`: at most the circuit's sector
// count; Winning: the one sector), as a daemon proving a single WindowPoSt partition has them;
// a sector per task on `threads` threads (0 = all cores), the lowest failing sector's error.
FilecoinResult<std::vector<ff::Fr>> post_partition_public_inputs(
    const PoStProofType& proof, const hash::Node32& randomness,
    std::span<const PostPublicSector> chunk, unsigned partition, unsigned threads = 1);

// The verifier's public inputs of every partition.
FilecoinResult<std::vector<std::vector<ff::Fr>>> post_proof_public_inputs(
    const PoStProofType& proof, const hash::Node32& randomness,
    std::span<const PostPublicSector> sectors);

}  // namespace cuzk::filecoin
