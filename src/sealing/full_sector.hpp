// FullSector: a really sealed small sector with every node in memory: tree D over the data,
// the labels of all layers, tree C over the column hashes and tree R_last over the replica
// (spec §3, §7). Building it is the parallel tail of sealing: the encoding replica = last label
// + data (Fr addition) and the 2^n column hashes (one Poseidon each) split over threads, then
// trees C and R_last are built side by side. For 8 MiB that is ~2^18 Poseidon-2 and 2 × 37,449
// Poseidon-8 hashes, ~6 s of CPU (12 µs / 43 µs each measured); ~90 MB peak for the sector.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "hash/merkle_node.hpp"
#include "hash/merkle_tree.hpp"
#include "sealing/sealed_sector.hpp"
#include "sealing/sector_labels.hpp"

namespace cuzk::sealing {

using TreeD = hash::MerkleTree<hash::Sha256NodeHasher>;
using PoseidonTree = hash::MerkleTree<hash::PoseidonNodeHasher>;

// replica[v] = label(L, v) + data[v] in Fr.
std::vector<ff::Fr> encode_replica(const SectorLabels& labels, std::span<const hash::Node32> data,
                                   unsigned threads);

class FullSector final : public SealedSector {
 public:
  // tree_d over the data (it comes first: comm_d goes into replica_id, which the labels hash);
  // replica as encode_replica returns it (tests may have edited it).
  FullSector(const filecoin::PorepSectorConfig& config, TreeD tree_d, SectorLabels labels,
             std::span<const ff::Fr> replica, unsigned threads);

  const filecoin::PorepSectorConfig& config() const override { return config_; }

  hash::Node32 data_node(uint64_t node) const override { return tree_d_.levels()[0].at(node); }
  hash::Node32 comm_d() const override { return tree_d_.root(); }
  hash::MerklePath<hash::Node32> tree_d_path(uint64_t node) const override {
    return tree_d_.path(node);
  }

  hash::Node32 label(unsigned layer, uint64_t node) const override {
    return labels_.at(layer, node);
  }
  ff::Fr tree_c_leaf(uint64_t node) const override { return tree_c_.levels()[0].at(node); }
  ff::Fr comm_c() const override { return tree_c_.root(); }
  hash::MerklePath<ff::Fr> tree_c_path(uint64_t node) const override { return tree_c_.path(node); }

  ff::Fr replica_node(uint64_t node) const override { return tree_r_.levels()[0].at(node); }
  ff::Fr comm_r_last() const override { return tree_r_.root(); }
  hash::MerklePath<ff::Fr> tree_r_path(uint64_t node) const override { return tree_r_.path(node); }

 private:
  using TreePair = std::pair<PoseidonTree, PoseidonTree>;  // C, R_last
  FullSector(const filecoin::PorepSectorConfig& config, TreeD&& tree_d, SectorLabels&& labels,
             TreePair&& trees);

  const filecoin::PorepSectorConfig& config_;
  TreeD tree_d_;
  SectorLabels labels_;
  PoseidonTree tree_c_;
  PoseidonTree tree_r_;
};

}  // namespace cuzk::sealing
