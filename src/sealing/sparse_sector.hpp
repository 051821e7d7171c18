// SparseSector: a committed-capacity sector (all-zero data) of any size that holds only the
// columns a C1 opens. Tree D is the all-default binary tree (root = filecoin::zero_sector_comm_d,
// as a real CC sector's); tree C has the column hashes of the given columns and tree R_last the
// given replica nodes, in SparseMerkleTrees whose other nodes are random (random_fr_filler from
// filler_seed: siblings as varied as a real sector's). Asking for a label or replica node that
// was not given throws std::out_of_range: the C1 would open a node the sector never
// materialised.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "hash/merkle_node.hpp"
#include "sealing/sealed_sector.hpp"
#include "sealing/sparse_merkle_tree.hpp"

namespace cuzk::sealing {

class SparseSector final : public SealedSector {
 public:
  using Columns = std::map<uint64_t, std::vector<hash::Node32>>;  // node -> labels, layer 1 first

  // Column hashes on `threads` threads (0 = all).
  SparseSector(const filecoin::PorepSectorConfig& config, Columns columns,
               std::map<uint64_t, ff::Fr> replica, uint64_t filler_seed, unsigned threads);

  const filecoin::PorepSectorConfig& config() const override { return config_; }

  hash::Node32 data_node(uint64_t) const override { return {}; }
  hash::Node32 comm_d() const override { return tree_d_.root(); }
  hash::MerklePath<hash::Node32> tree_d_path(uint64_t node) const override {
    return tree_d_.path(node);
  }

  hash::Node32 label(unsigned layer, uint64_t node) const override {
    return columns_.at(node).at(layer - 1);
  }
  ff::Fr tree_c_leaf(uint64_t node) const override { return tree_c_.node(0, node); }
  ff::Fr comm_c() const override { return tree_c_.root(); }
  hash::MerklePath<ff::Fr> tree_c_path(uint64_t node) const override { return tree_c_.path(node); }

  ff::Fr replica_node(uint64_t node) const override { return replica_.at(node); }
  ff::Fr comm_r_last() const override { return tree_r_.root(); }
  hash::MerklePath<ff::Fr> tree_r_path(uint64_t node) const override { return tree_r_.path(node); }

 private:
  const filecoin::PorepSectorConfig& config_;
  Columns columns_;
  std::map<uint64_t, ff::Fr> replica_;
  SparseMerkleTree<hash::Sha256NodeHasher> tree_d_;
  SparseMerkleTree<hash::PoseidonNodeHasher> tree_c_;
  SparseMerkleTree<hash::PoseidonNodeHasher> tree_r_;
};

}  // namespace cuzk::sealing
