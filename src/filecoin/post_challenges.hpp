// PoSt challenge derivation (storage-proofs-post fallback/vanilla.rs, utils.rs; spec §5.2).
//   winning sector n:  SHA-256(prover_id ‖ randomness ‖ n u64 LE), first 8 bytes as u64 LE,
//                      mod the sector set size;
//   leaf challenge:    SHA-256(randomness ‖ sector_id u64 LE ‖ challenge_index u64 LE), first 8
//                      bytes as u64 LE, mod nodes (no trimming);
//   challenge_index:   API 1.0.0 / 1.1.0: sector_index · challenge_count + n, where sector_index
//                      is the sector's position in the whole proof (partition · sector_count +
//                      i); API 1.2.0: n.
// randomness and prover_id must be canonical field elements (as_safe_commitment): a kSchema error
// otherwise.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/error.hpp"
#include "filecoin/post_proof_type.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

uint64_t post_challenge_index(ApiVersion version, uint64_t sector_index, uint64_t challenge_count,
                              uint64_t n);

// Leaf challenged by (randomness, sector_id, challenge_index) in a sector of `nodes` nodes.
uint64_t post_leaf_challenge(const hash::Node32& randomness, uint64_t sector_id,
                             uint64_t challenge_index, uint64_t nodes);

// The challenged leaves of one sector as the vanilla prover and the verifier derive them:
// `challenge_count` leaves, the sector at `sector_index` of the proof.
FilecoinResult<std::vector<uint64_t>> post_sector_challenges(const PoStProofType& proof,
                                                             const hash::Node32& randomness,
                                                             uint64_t sector_id,
                                                             uint64_t sector_index);

// generate_winning_post_sector_challenge: `count` indices into a set of `sector_set_size`
// sectors (kShape error for an empty set).
FilecoinResult<std::vector<uint64_t>> winning_post_sector_challenges(
    const hash::Node32& randomness, const hash::Node32& prover_id, uint64_t sector_set_size,
    unsigned count = kWinningPostSectorCount);

// kSchema error naming `what` unless `bytes` is a canonical field element.
FilecoinResult<bool> check_canonical(const hash::Node32& bytes, const char* what);

}  // namespace cuzk::filecoin
