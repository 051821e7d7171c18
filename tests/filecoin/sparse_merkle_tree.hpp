// SparseMerkleTree: a Merkle tree over up to 2^64 leaves of which only a few are set; every
// other leaf has a default value, so whole default subtrees hash to one precomputed node per
// level. Test fixture for "virtual" 32 / 64 GiB sectors whose C1 touches a few thousand nodes.
// With every leaf set it is an ordinary full tree (the 2 KiB fixture uses it that way).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "hash/merkle_tree.hpp"

namespace cuzk::filecoin::testing {

template <class Hasher>
class SparseMerkleTree {
 public:
  using Node = typename Hasher::Node;

  // arities: per level, leaf level first (hash::tree_level_arities).
  SparseMerkleTree(std::vector<unsigned> arities, const Node& default_leaf)
      : arities_(std::move(arities)), levels_(arities_.size() + 1) {
    defaults_.push_back(default_leaf);
    for (unsigned arity : arities_) {
      const std::vector<Node> children(arity, defaults_.back());
      defaults_.push_back(Hasher::hash_children(children));
    }
  }

  void set(uint64_t index, const Node& leaf) {
    levels_[0][index] = leaf;
    built_ = false;
  }

  const Node& root() {
    build();
    const auto& top = levels_.back();
    return top.empty() ? defaults_.back() : top.begin()->second;
  }

  hash::MerklePath<Node> path(uint64_t index) {
    build();
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
  const Node& node(size_t level, uint64_t index) const {
    const auto it = levels_[level].find(index);
    return it == levels_[level].end() ? defaults_[level] : it->second;
  }

  void build() {
    if (built_) return;
    std::vector<Node> children;
    for (size_t l = 0; l < arities_.size(); ++l) {
      const unsigned arity = arities_[l];
      levels_[l + 1].clear();
      for (const auto& entry : levels_[l]) {
        const uint64_t parent = entry.first / arity;
        if (levels_[l + 1].count(parent)) continue;
        children.clear();
        for (unsigned k = 0; k < arity; ++k) children.push_back(node(l, parent * arity + k));
        levels_[l + 1][parent] = Hasher::hash_children(children);
      }
    }
    built_ = true;
  }

  std::vector<unsigned> arities_;
  std::vector<Node> defaults_;                    // per level
  std::vector<std::map<uint64_t, Node>> levels_;  // the non-default nodes per level
  bool built_ = false;
};

}  // namespace cuzk::filecoin::testing
