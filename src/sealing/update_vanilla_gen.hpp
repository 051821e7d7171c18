// Genuine SnapDeals vanilla proofs for a test sector (what Curio sends cuzk for
// ProveReplicaUpdate2, filecoin-proofs generate_partition_proofs): an empty (committed-capacity)
// small sector sealed for real (seal_full_sector, all-zero data: comm_r_old), new random data
// (binary SHA-256 tree D: comm_d_new) encoded into it with h = hs[3]
// (label_r_new = label_r_old + data · rho(phi, high bits), update_challenges.hpp) into a new tree
// R (comm_r_new = Poseidon2(comm_c, root)), and every partition's PartitionProof opening its
// derived challenges in the old and new tree R and in tree D. Any size: a generated sector whose
// old replica and new data repeat (generate_periodic_update_vanilla).
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/update_circuit.hpp"
#include "filecoin/update_proof_type.hpp"
#include "sealing/post_sealed_sector.hpp"

namespace cuzk::sealing {

struct UpdateVanillaSet {
  const filecoin::UpdateProofType* proof = nullptr;
  uint64_t sector_id = 0;
  unsigned h = 0;
  hash::Node32 comm_r_old{}, comm_d_new{}, comm_r_new{};
  std::vector<filecoin::UpdatePartitionWitness> partitions;  // partition k at index k

  filecoin::UpdatePublicValues public_values(unsigned k) const {
    return {k, h, comm_r_old, comm_d_new, comm_r_new};
  }
};

// kTooLargeToSeal for sizes that cannot be sealed for real.
SealingResult<UpdateVanillaSet> generate_update_vanilla(const filecoin::UpdateProofType& proof,
                                                        uint64_t miner_id, uint64_t sector_id,
                                                        uint64_t seed, unsigned threads = 0);

// The default period of generate_periodic_update_vanilla, in nodes (128 KiB).
inline constexpr uint64_t kDefaultUpdatePeriod = 4096;

// SnapDeals vanilla proofs of a generated sector of any size (2 KiB to 64 GiB), without sealing.
// The circuit and the vanilla checks do not look at how the old replica was made, only at the
// trees: the old replica and the new data are random Fr values (from `seed`) that repeat every
// `period` nodes, so that every node of the three trees exists but each tree is built from one
// period per rho region (PeriodicMerkleTree: a 32 GiB sector with the default period is ~600k
// Poseidon hashes, seconds on a few cores, instead of ~300 M for two random trees R); comm_c is
// random. Then the encoding, comm_r_old / comm_d_new / comm_r_new and every partition's
// challenges, paths and apex leaves are the real ones, as generate_update_vanilla makes them.
// period = the sector's node count gives an ordinary random sector (small sizes). kInvalidInput
// when period is not a power of two.
SealingResult<UpdateVanillaSet> generate_periodic_update_vanilla(
    const filecoin::UpdateProofType& proof, uint64_t sector_id, uint64_t seed,
    uint64_t period = kDefaultUpdatePeriod, unsigned threads = 0);

}  // namespace cuzk::sealing
