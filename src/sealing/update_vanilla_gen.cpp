// SnapDeals vanilla proofs of a really sealed CC test sector, or of a generated periodic sector
// of any size (see update_vanilla_gen.hpp).
#include "sealing/update_vanilla_gen.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <string>

#include "filecoin/commitments.hpp"
#include "filecoin/update_challenges.hpp"
#include "sealing/c1_assembly.hpp"
#include "sealing/periodic_merkle_tree.hpp"
#include "sealing/seeded_stream.hpp"
#include "util/parallel.hpp"

namespace cuzk::sealing {
namespace {

// What a partition proof opens in the three trees of an updated sector.
struct UpdateTrees {
  std::function<ff::Fr(uint64_t)> r_old_leaf, r_new_leaf;
  std::function<hash::MerklePath<ff::Fr>(uint64_t)> r_old_path, r_new_path;
  ff::Fr r_old_root, r_new_root;
  std::function<hash::Node32(uint64_t)> d_leaf;
  std::function<hash::MerklePath<hash::Node32>(uint64_t)> d_path;
  std::function<hash::Node32(unsigned level, uint64_t index)> d_node;
};

// Every partition's PartitionProof: its apex leaves (tree D's row below the partition's apex
// tree) and, for each derived challenge, the paths in the old tree R, tree D and the new tree R.
void add_partitions(const filecoin::UpdateCircuitShape& shape, const ff::Fr& comm_c,
                    const UpdateTrees& trees, UpdateVanillaSet& out) {
  const unsigned apex_height = shape.log2_nodes - shape.partition_bits() - shape.apex_leaf_bits();
  for (unsigned k = 0; k < shape.partitions; ++k) {
    filecoin::UpdatePartitionWitness w;
    w.comm_c = hash::node_from_fr(comm_c);
    for (unsigned j = 0; j < shape.apex_leaf_count; ++j)
      w.apex_leafs.push_back(trees.d_node(apex_height, uint64_t(k) * shape.apex_leaf_count + j));
    for (uint64_t c : filecoin::update_challenges(shape, *hash::fr_from_node(out.comm_r_new), k)) {
      filecoin::MerkleProof d;
      d.kind = filecoin::MerkleProofKind::kSingle;
      d.leaf = trees.d_leaf(c);
      d.root = out.comm_d_new;
      d.base = trees.d_path(c);
      w.challenge_proofs.push_back({poseidon_merkle_proof(shape.tree_shape, trees.r_old_leaf(c),
                                                          trees.r_old_root, trees.r_old_path(c)),
                                    std::move(d),
                                    poseidon_merkle_proof(shape.tree_shape, trees.r_new_leaf(c),
                                                          trees.r_new_root, trees.r_new_path(c))});
    }
    out.partitions.push_back(std::move(w));
  }
}

UpdateVanillaSet new_set(const filecoin::UpdateProofType& proof,
                         const filecoin::UpdateCircuitShape& shape, uint64_t sector_id) {
  UpdateVanillaSet out;
  out.proof = &proof;
  out.sector_id = sector_id;
  out.h = shape.hs[3];
  return out;
}

// The rho region of `node`.
uint64_t region_of(const filecoin::UpdateCircuitShape& shape, unsigned h, uint64_t node) {
  return filecoin::update_node_high(node, shape.log2_nodes, h);
}

}  // namespace

SealingResult<UpdateVanillaSet> generate_update_vanilla(const filecoin::UpdateProofType& proof,
                                                        uint64_t miner_id, uint64_t sector_id,
                                                        uint64_t seed, unsigned threads) {
  auto seal_proof = seal_proof_for_size(proof.sector->sector_size);
  if (!seal_proof) return seal_proof.error();
  const filecoin::PorepSectorConfig& config = *(*seal_proof)->sector;
  const filecoin::UpdateCircuitShape shape = filecoin::update_circuit_shape(*proof.sector);
  SealRequest request = seal_request_from_seed(**seal_proof, miner_id, sector_id, seed);
  request.threads = threads;  // no data: an empty (CC) sector
  auto sealed = seal_full_sector(request);
  if (!sealed) return sealed.error();
  const FullSector& old = *sealed->sector;

  UpdateVanillaSet out = new_set(proof, shape, sector_id);
  out.comm_r_old = sealed->comm_r;
  const std::vector<hash::Node32> d_new = random_sector_data(config, seed * 1000 + 77);
  const TreeD tree_d(d_new, hash::kBinaryTreeShape);
  out.comm_d_new = tree_d.root();
  const ff::Fr phi = filecoin::update_phi(*hash::fr_from_node(out.comm_d_new),
                                          *hash::fr_from_node(out.comm_r_old));
  std::vector<ff::Fr> r_new(config.nodes());
  for (uint64_t i = 0; i < r_new.size(); ++i) {
    const ff::Fr rho = filecoin::update_rho(phi, region_of(shape, out.h, i));
    r_new[i] = old.replica_node(i) + *hash::fr_from_node(d_new[i]) * rho;
  }
  const PoseidonTree tree_r_new(r_new, shape.tree_shape);
  const ff::Fr comm_c = old.comm_c();
  out.comm_r_new = hash::node_from_fr(filecoin::compute_comm_r(comm_c, tree_r_new.root()));

  UpdateTrees trees;
  trees.r_old_leaf = [&](uint64_t c) { return old.replica_node(c); };
  trees.r_old_path = [&](uint64_t c) { return old.tree_r_path(c); };
  trees.r_old_root = old.comm_r_last();
  trees.r_new_leaf = [&](uint64_t c) { return r_new[c]; };
  trees.r_new_path = [&](uint64_t c) { return tree_r_new.path(c); };
  trees.r_new_root = tree_r_new.root();
  trees.d_leaf = [&](uint64_t c) { return d_new[c]; };
  trees.d_path = [&](uint64_t c) { return tree_d.path(c); };
  trees.d_node = [&](unsigned level, uint64_t i) { return tree_d.levels()[level][i]; };
  add_partitions(shape, comm_c, trees, out);
  return out;
}

SealingResult<UpdateVanillaSet> generate_periodic_update_vanilla(
    const filecoin::UpdateProofType& proof, uint64_t sector_id, uint64_t seed, uint64_t period,
    unsigned threads) {
  if (!std::has_single_bit(period))
    return sealing_error(SealingError::kBadParameter,
                         "period " + std::to_string(period) + ": not a power of two");
  const filecoin::UpdateCircuitShape shape = filecoin::update_circuit_shape(*proof.sector);
  const uint64_t nodes = uint64_t(1) << shape.log2_nodes;
  period = std::min(period, nodes);
  UpdateVanillaSet out = new_set(proof, shape, sector_id);

  // One period of the old replica and of the new data; leaf i is entry i mod period.
  std::vector<ff::Fr> r_old(period);
  SeededStream old_stream("snap-old-replica", seed);
  for (ff::Fr& x : r_old) x = *hash::fr_from_node(old_stream.next_fr32());
  const std::vector<hash::Node32> d_new =
      SeededStream("snap-new-data", seed).next_fr32_nodes(period);
  const ff::Fr comm_c = *hash::fr_from_node(SeededStream("snap-comm-c", seed).next_fr32());

  const auto r_arities = hash::tree_level_arities(shape.tree_shape, nodes);
  const auto d_arities = hash::tree_level_arities(hash::kBinaryTreeShape, nodes);
  const PeriodicMerkleTree<hash::Sha256NodeHasher> tree_d(
      d_arities, nodes, period, [&](uint64_t i) { return d_new[i % period]; }, threads);
  const PeriodicMerkleTree<hash::PoseidonNodeHasher> tree_r_old(
      r_arities, nodes, period, [&](uint64_t i) { return r_old[i % period]; }, threads);
  out.comm_d_new = tree_d.root();
  out.comm_r_old = hash::node_from_fr(filecoin::compute_comm_r(comm_c, tree_r_old.root()));

  // The encoding: one rho per region of 2^(log2_nodes - h) nodes.
  const ff::Fr phi = filecoin::update_phi(*hash::fr_from_node(out.comm_d_new),
                                          *hash::fr_from_node(out.comm_r_old));
  std::vector<ff::Fr> rho(uint64_t(1) << out.h);
  parallel_for(rho.size(), threads, [&](size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) rho[r] = filecoin::update_rho(phi, r);
  });
  const auto r_new = [&](uint64_t i) {
    return r_old[i % period] +
           *hash::fr_from_node(d_new[i % period]) * rho[region_of(shape, out.h, i)];
  };
  const PeriodicMerkleTree<hash::PoseidonNodeHasher> tree_r_new(r_arities, nodes >> out.h, period,
                                                                r_new, threads);
  out.comm_r_new = hash::node_from_fr(filecoin::compute_comm_r(comm_c, tree_r_new.root()));

  UpdateTrees trees;
  trees.r_old_leaf = [&](uint64_t c) { return r_old[c % period]; };
  trees.r_old_path = [&](uint64_t c) { return tree_r_old.path(c); };
  trees.r_old_root = tree_r_old.root();
  trees.r_new_leaf = r_new;
  trees.r_new_path = [&](uint64_t c) { return tree_r_new.path(c); };
  trees.r_new_root = tree_r_new.root();
  trees.d_leaf = [&](uint64_t c) { return d_new[c % period]; };
  trees.d_path = [&](uint64_t c) { return tree_d.path(c); };
  trees.d_node = [&](unsigned level, uint64_t i) { return tree_d.node(level, i); };
  add_partitions(shape, comm_c, trees, out);
  return out;
}

}  // namespace cuzk::sealing
