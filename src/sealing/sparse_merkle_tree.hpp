// SparseMerkleTree: a Merkle tree over up to 2^64 leaves of which only a few are set; every
// other leaf has a default value, so a whole default subtree hashes to one precomputed node per
// level. Virtual 32 / 64 GiB sectors keep their trees C, R_last and D this way: a C1 opens a few
// thousand leaves of 2^30. Built once from its set leaves (cost: one hash per set leaf and
// level, fewer where paths share ancestors), then read-only: root and inclusion paths in the
// shape of hash::MerkleTree (leaf level first, hash::tree_level_arities).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "hash/merkle_tree.hpp"

namespace cuzk::sealing {

template <class Hasher>
class SparseMerkleTree {
 public:
  using Node = typename Hasher::Node;

  // arities: per level, leaf level first; leaves: the non-default leaves by index.
  SparseMerkleTree(std::vector<unsigned> arities, const Node& default_leaf,
                   std::map<uint64_t, Node> leaves)
      : arities_(std::move(arities)), levels_(arities_.size() + 1) {
    defaults_.push_back(default_leaf);
    for (unsigned arity : arities_) {
      const std::vector<Node> children(arity, defaults_.back());
      defaults_.push_back(Hasher::hash_children(children));
    }
    levels_[0] = std::move(leaves);
    std::vector<Node> children;
    for (size_t l = 0; l < arities_.size(); ++l) {
      const unsigned arity = arities_[l];
      for (const auto& entry : levels_[l]) {
        const uint64_t parent = entry.first / arity;
        if (levels_[l + 1].count(parent)) continue;
        children.clear();
        for (unsigned k = 0; k < arity; ++k) children.push_back(node(l, parent * arity + k));
        levels_[l + 1][parent] = Hasher::hash_children(children);
      }
    }
  }

  const Node& root() const { return node(arities_.size(), 0); }

  // The node at (level, index); level 0 are the leaves.
  const Node& node(size_t level, uint64_t index) const {
    const auto it = levels_[level].find(index);
    return it == levels_[level].end() ? defaults_[level] : it->second;
  }

  hash::MerklePath<Node> path(uint64_t index) const {
    hash::MerklePath<Node> path;
    for (size_t l = 0; l < arities_.size(); ++l) {
      const unsigned arity = arities_[l];
      auto& element = path.emplace_back();
      element.index = unsigned(index % arity);
      const uint64_t first = index - element.index;
      for (unsigned k = 0; k < arity; ++k) {
        if (k != element.index) element.siblings.push_back(node(l, first + k));
      }
      index /= arity;
    }
    return path;
  }

 private:
  std::vector<unsigned> arities_;
  std::vector<Node> defaults_;                    // the default node per level
  std::vector<std::map<uint64_t, Node>> levels_;  // the non-default nodes per level
};

}  // namespace cuzk::sealing
