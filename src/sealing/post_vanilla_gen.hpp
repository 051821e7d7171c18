// Genuine PoSt vanilla proofs for test sectors (what Curio sends cuzk for WindowPoSt /
// WinningPoSt, filecoin-proofs generate_single_vanilla_proof): `sector_count` small sectors are
// sealed for real (seal_full_sector, random data, sector numbers 1..N), the randomness and the
// ids come from one seed, and every proven sector's FallbackPoStSectorProof opens its derived
// challenges in tree R_last (post_challenges.hpp).
//   Window:  all N sectors are proven, sector i at position i of the proof (partitions of
//            sector_count sectors; the last one may be short and is padded by the circuit).
//   Winning: the one sector generate_winning_post_sector_challenge picks out of the N.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/post_proof_type.hpp"
#include "filecoin/post_public_inputs.hpp"
#include "filecoin/post_vanilla.hpp"
#include "sealing/post_sealed_sector.hpp"

namespace cuzk::sealing {

struct PostVanillaSet {
  const filecoin::PoStProofType* proof = nullptr;
  uint64_t miner_id = 0;
  hash::Node32 prover_id{};
  hash::Node32 randomness{};                        // a canonical field element
  uint64_t sector_set_size = 0;                     // sectors sealed; Winning picks one of them
  std::vector<filecoin::PostPublicSector> sectors;  // the proven sectors, in proof order
  std::vector<filecoin::FallbackPoStSectorProof> vanilla;  // one per proven sector
  unsigned partitions = 1;
};

// The vanilla proof of one sealed sector at `sector_index` of the proof.
filecoin::FallbackPoStSectorProof post_sector_vanilla_proof(const filecoin::PoStProofType& proof,
                                                            const hash::Node32& randomness,
                                                            const RealTestSector& sector,
                                                            uint64_t sector_index);

// A set without its proofs (miner, prover id, randomness drawn from `seed`, sector set size,
// partitions) and the sector numbers it proves, in proof order: Window 1..sector_count, Winning
// the one its sector challenge picks. Shared by the real and the virtual (virtual_post.hpp)
// generators. kBadSectorData for no sectors.
struct PostSetPlan {
  PostVanillaSet set;  // sectors and vanilla empty
  std::vector<uint64_t> sector_numbers;
};
SealingResult<PostSetPlan> plan_post_vanilla(const filecoin::PoStProofType& proof,
                                             uint64_t miner_id, unsigned sector_count,
                                             uint64_t seed);

// kTooLargeToSeal for sizes that cannot be sealed for real; kBadSectorData for no sectors.
SealingResult<PostVanillaSet> generate_post_vanilla(const filecoin::PoStProofType& proof,
                                                    uint64_t miner_id, unsigned sector_count,
                                                    uint64_t seed, unsigned threads = 0);

}  // namespace cuzk::sealing
