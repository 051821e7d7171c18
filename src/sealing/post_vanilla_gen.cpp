// PoSt vanilla proofs of really sealed test sectors (see post_vanilla_gen.hpp).
#include "sealing/post_vanilla_gen.hpp"

#include <stdexcept>
#include <string>

#include "filecoin/post_challenges.hpp"
#include "filecoin/prover_id.hpp"
#include "sealing/c1_assembly.hpp"
#include "sealing/seeded_stream.hpp"

namespace cuzk::sealing {

filecoin::FallbackPoStSectorProof post_sector_vanilla_proof(const filecoin::PoStProofType& proof,
                                                            const hash::Node32& randomness,
                                                            const RealTestSector& sector,
                                                            uint64_t sector_index) {
  const FullSector& s = *sector.sector;
  auto challenges =
      filecoin::post_sector_challenges(proof, randomness, sector.sector_number, sector_index);
  if (!challenges) throw std::invalid_argument(challenges.error().message);
  filecoin::PostVanillaSectorProof p;
  p.comm_c = hash::node_from_fr(s.comm_c());
  p.comm_r_last = hash::node_from_fr(s.comm_r_last());
  for (uint64_t leaf : *challenges)
    p.inclusion_proofs.push_back(poseidon_merkle_proof(s.config().tree_shape, s.replica_node(leaf),
                                                       s.comm_r_last(), s.tree_r_path(leaf)));
  return {sector.sector_number, sector.comm_r, {std::move(p)}};
}

SealingResult<PostSetPlan> plan_post_vanilla(const filecoin::PoStProofType& proof,
                                             uint64_t miner_id, unsigned sector_count,
                                             uint64_t seed) {
  if (sector_count == 0)
    return sealing_error(SealingError::kBadSectorData, "PoSt test data: no sectors");
  PostSetPlan plan;
  PostVanillaSet& set = plan.set;
  set.proof = &proof;
  set.miner_id = miner_id;
  set.prover_id = filecoin::prover_id_from_miner_id(miner_id);
  set.randomness = SeededStream("post-randomness", seed).next_fr32();
  set.sector_set_size = sector_count;
  if (proof.type() == filecoin::PoStType::kWinning) {
    auto picked =
        filecoin::winning_post_sector_challenges(set.randomness, set.prover_id, sector_count);
    if (!picked) return sealing_error(SealingError::kBadSectorData, picked.error().message);
    for (uint64_t index : *picked) plan.sector_numbers.push_back(index + 1);
  } else {
    for (unsigned i = 0; i < sector_count; ++i) plan.sector_numbers.push_back(i + 1);
  }
  set.partitions = proof.partitions(plan.sector_numbers.size());
  return plan;
}

SealingResult<PostVanillaSet> generate_post_vanilla(const filecoin::PoStProofType& proof,
                                                    uint64_t miner_id, unsigned sector_count,
                                                    uint64_t seed, unsigned threads) {
  auto plan = plan_post_vanilla(proof, miner_id, sector_count, seed);
  if (!plan) return plan.error();
  auto seal_proof = seal_proof_for_size(proof.sector_size());
  if (!seal_proof) return seal_proof.error();
  PostVanillaSet out = std::move(plan->set);
  const std::vector<uint64_t>& proven = plan->sector_numbers;
  for (size_t i = 0; i < proven.size(); ++i) {
    SealRequest request = seal_request_from_seed(**seal_proof, miner_id, proven[i], seed);
    request.data = random_sector_data(*(*seal_proof)->sector, seed * 1000 + proven[i]);
    request.threads = threads;
    auto sealed = seal_full_sector(request);
    if (!sealed) return sealed.error();
    out.sectors.push_back({sealed->sector_number, sealed->comm_r});
    out.vanilla.push_back(post_sector_vanilla_proof(proof, out.randomness, *sealed, i));
  }
  return out;
}

}  // namespace cuzk::sealing
