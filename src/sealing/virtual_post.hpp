// Virtual PoSt sectors: WindowPoSt / WinningPoSt vanilla proofs of any registered PoSt proof and
// size (2 KiB to 64 GiB), without sealing.
//
// Fallback PoSt challenges depend only on the randomness, the sector id and (API 1.0 / 1.1) the
// sector's position in the proof, never on comm_r (post_challenges.hpp), so they are known before
// any tree. Each proven sector gets its challenged leaves (post_sector_challenges), random
// canonical Fr values at those leaves of a sparse tree R_last of the proof's shape (every node no
// challenged leaf lies under random too: random_fr_filler, so paths' siblings vary as a real
// sector's do), a random comm_c, comm_r = Poseidon2(comm_c, comm_r_last), and the
// tree's real inclusion paths: everything post_check_vanilla and the circuit check holds. The set
// (miner, randomness, sector numbers, Winning's pick) is the one generate_post_vanilla makes for
// the same seed (plan_post_vanilla); only the sectors differ. Each sector's values come from its
// own stream (seed, sector number), so the output does not depend on the thread count.
//
// SnapDeals cannot be sparse like this: its challenges are derived from comm_r_new, the root of
// the whole re-encoded sector, so every node must exist; its sectors of any size are periodic
// instead (update_vanilla_gen.hpp generate_periodic_update_vanilla).
//
// 32 GiB WindowPoSt, one full partition (2349 sectors, ~110 Poseidon-8 hashes each): 9 s of CPU,
// 18 s on 2 busy cores, a 59 MB set (docs/perf/circuits.md).
#pragma once

#include <cstdint>

#include "filecoin/post_proof_type.hpp"
#include "sealing/post_vanilla_gen.hpp"
#include "sealing/sealing_error.hpp"

namespace cuzk::sealing {

// Window: sectors 1..sector_count, all proven, in order; Winning: the one its sector challenge
// picks out of sector_count. `threads` split the sectors (0 = all cores). kBadSectorData for no
// sectors.
SealingResult<PostVanillaSet> generate_virtual_post_vanilla(const filecoin::PoStProofType& proof,
                                                            uint64_t miner_id,
                                                            unsigned sector_count, uint64_t seed,
                                                            unsigned threads = 0);

}  // namespace cuzk::sealing
