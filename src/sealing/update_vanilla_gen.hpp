// Genuine SnapDeals vanilla proofs for a test sector (what Curio sends cuzk for
// ProveReplicaUpdate2, filecoin-proofs generate_partition_proofs): an empty (committed-capacity)
// small sector sealed for real (seal_full_sector, all-zero data: comm_r_old), new random data
// (binary SHA-256 tree D: comm_d_new) encoded into it with h = hs[3]
// (label_r_new = label_r_old + data · rho(phi, high bits), update_challenges.hpp) into a new tree
// R (comm_r_new = Poseidon2(comm_c, root)), and every partition's PartitionProof opening its
// derived challenges in the old and new tree R and in tree D.
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

}  // namespace cuzk::sealing
