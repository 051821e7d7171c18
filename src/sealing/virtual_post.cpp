// Virtual PoSt vanilla proofs of virtual_post.hpp.
#include "sealing/virtual_post.hpp"

#include <map>
#include <stdexcept>
#include <string>

#include "filecoin/commitments.hpp"
#include "filecoin/post_challenges.hpp"
#include "hash/merkle_node.hpp"
#include "sealing/c1_assembly.hpp"
#include "sealing/seeded_stream.hpp"
#include "sealing/sparse_merkle_tree.hpp"
#include "util/parallel.hpp"

namespace cuzk::sealing {
namespace {

// One virtual sector at `sector_index` of the proof: random leaves at its challenges, random
// comm_c. `config` carries the tree shape poseidon_merkle_proof lays the paths out by.
filecoin::FallbackPoStSectorProof virtual_sector_proof(const filecoin::PoStProofType& proof,
                                                       const filecoin::PorepSectorConfig& config,
                                                       const hash::Node32& randomness,
                                                       uint64_t sector_number,
                                                       uint64_t sector_index, uint64_t seed) {
  auto challenges =
      filecoin::post_sector_challenges(proof, randomness, sector_number, sector_index);
  if (!challenges) throw std::invalid_argument(challenges.error().message);
  SeededStream values("virtual-post-sector-" + std::to_string(sector_number), seed);
  const ff::Fr comm_c = *hash::fr_from_node(values.next_fr32());
  std::map<uint64_t, ff::Fr> leaves;  // a leaf challenged twice keeps its first value
  for (uint64_t leaf : *challenges) leaves.emplace(leaf, *hash::fr_from_node(values.next_fr32()));
  const auto arities = hash::tree_level_arities(proof.circuit->tree_shape, proof.circuit->nodes());
  const SparseMerkleTree<hash::PoseidonNodeHasher> tree_r(
      arities, ff::Fr::zero(), leaves, 1,
      random_fr_filler("virtual-post-tree-r-" + std::to_string(sector_number), seed,
                       arities.size()));
  const ff::Fr comm_r_last = tree_r.root();

  filecoin::PostVanillaSectorProof p;
  p.comm_c = hash::node_from_fr(comm_c);
  p.comm_r_last = hash::node_from_fr(comm_r_last);
  for (uint64_t leaf : *challenges)
    p.inclusion_proofs.push_back(
        poseidon_merkle_proof(config.tree_shape, leaves.at(leaf), comm_r_last, tree_r.path(leaf)));
  return {sector_number,
          hash::node_from_fr(filecoin::compute_comm_r(comm_c, comm_r_last)),
          {std::move(p)}};
}

}  // namespace

SealingResult<PostVanillaSet> generate_virtual_post_vanilla(const filecoin::PoStProofType& proof,
                                                            uint64_t miner_id,
                                                            unsigned sector_count, uint64_t seed,
                                                            unsigned threads) {
  auto config = filecoin::find_porep_sector(proof.sector_size());
  if (!config) return sealing_error(SealingError::kMissingProof, config.error().message);
  auto plan = plan_post_vanilla(proof, miner_id, sector_count, seed);
  if (!plan) return plan.error();
  PostVanillaSet out = std::move(plan->set);
  const std::vector<uint64_t>& proven = plan->sector_numbers;
  out.vanilla.resize(proven.size());
  parallel_for(proven.size(), threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      out.vanilla[i] = virtual_sector_proof(proof, **config, out.randomness, proven[i], i, seed);
  });
  for (const auto& v : out.vanilla) out.sectors.push_back({v.sector_id, v.comm_r});
  return out;
}

}  // namespace cuzk::sealing
