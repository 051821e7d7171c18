// Full Merkle trees over a leaf vector, in Filecoin's shapes (spec §4.1-4.2): a builder that
// keeps every level (root, inclusion paths), a root-only fold, and the path verifiers (one path,
// or several of one tree hashing their shared nodes once).
//
// A compound tree (base arity, optional sub and top arity; merkletree from_sub_trees /
// from_trees) is equivalent to one tree whose levels have mixed arities: log_base(leaves per
// base tree) levels of base arity, then one sub level, then one top level, since base tree b
// holds leaves [b * base_leaves, (b + 1) * base_leaves) and sub tree k the base trees
// [k * sub_arity, (k + 1) * sub_arity). So the leaf index is the mixed-radix number of the
// per-level positions, leaf level first: c = base_leaf + base_leaves * (sub + sub_arity * top).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "hash/merkle_node.hpp"

namespace cuzk::hash {

struct TreeShape {
  unsigned base_arity = 2;
  unsigned sub_arity = 0;  // 0: no sub-tree layer
  unsigned top_arity = 0;  // 0: no top layer (needs a sub layer when set)
};
inline constexpr TreeShape kBinaryTreeShape{2, 0, 0};  // tree_d (SHA-256)
inline constexpr TreeShape kTreeR_8_0_0{8, 0, 0};      // e.g. 2 KiB, 512 MiB
inline constexpr TreeShape kTreeR_8_8_0{8, 8, 0};      // 32 GiB
inline constexpr TreeShape kTreeR_8_8_2{8, 8, 2};      // 64 GiB

// Arity of each level, leaf level first. Throws std::invalid_argument unless leaf_count is
// (number of base trees) * base_arity^k with k >= 1 and the arities are >= 2.
std::vector<unsigned> tree_level_arities(TreeShape shape, uint64_t leaf_count);

// One level of an inclusion path: the arity - 1 siblings left to right without the proven node,
// and the proven node's position 0..arity-1.
template <class Node>
struct MerklePathElement {
  std::vector<Node> siblings;
  unsigned index = 0;
};
template <class Node>
using MerklePath = std::vector<MerklePathElement<Node>>;  // leaf level first

// The leaf index a path proves: the mixed-radix fold of its indices.
template <class Node>
uint64_t merkle_path_leaf_index(const MerklePath<Node>& path) {
  uint64_t index = 0, weight = 1;
  for (const auto& level : path) {
    index += weight * level.index;
    weight *= level.siblings.size() + 1;
  }
  return index;
}

// The inclusion path of leaf `leaf_index` in a tree of the given level arities (leaf level
// first), reading nodes through node_at(level, index) (level 0: the leaves).
template <class Node, class NodeAt>
MerklePath<Node> merkle_path(const std::vector<unsigned>& arities, uint64_t leaf_index,
                             NodeAt&& node_at) {
  MerklePath<Node> path;
  uint64_t index = leaf_index;
  for (size_t l = 0; l < arities.size(); ++l) {
    const unsigned arity = arities[l];
    auto& element = path.emplace_back();
    element.index = unsigned(index % arity);
    const uint64_t first = index - element.index;
    for (unsigned k = 0; k < arity; ++k) {
      if (k != element.index) element.siblings.push_back(node_at(l, first + k));
    }
    index /= arity;
  }
  return path;
}

// Root implied by `leaf` and `path`: at each level insert the running hash at `index` among the
// siblings and hash the children.
template <class Hasher>
typename Hasher::Node merkle_root_from_path(const typename Hasher::Node& leaf,
                                            const MerklePath<typename Hasher::Node>& path) {
  using Node = typename Hasher::Node;
  Node running = leaf;
  std::vector<Node> children;
  for (const auto& level : path) {
    if (level.index > level.siblings.size()) throw std::invalid_argument("merkle path: bad index");
    children.assign(level.siblings.begin(), level.siblings.end());
    children.insert(children.begin() + level.index, running);
    running = Hasher::hash_children(children);
  }
  return running;
}

// merkle_root_from_path for several paths of one tree, each distinct node hashed once: the
// children of every node hashed so far are kept, and a node whose children equal an earlier
// one's takes its hash (the same inputs, the same output). Paths of one tree share the nodes
// where they meet: ten random paths of a 32 GiB tree (ten arity-8 levels) meet at the root and
// mostly one level below, so they need ~86 Poseidon hashes instead of 100.
template <class Hasher>
class MerklePathRoots {
 public:
  using Node = typename Hasher::Node;

  // Equal to merkle_root_from_path<Hasher>(leaf, path).
  Node root(const Node& leaf, const MerklePath<Node>& path) {
    Node running = leaf;
    if (hashed_.size() < path.size()) hashed_.resize(path.size());
    for (size_t l = 0; l < path.size(); ++l) {
      const auto& level = path[l];
      if (level.index > level.siblings.size())
        throw std::invalid_argument("merkle path: bad index");
      std::vector<Node> children(level.siblings.begin(), level.siblings.end());
      children.insert(children.begin() + level.index, running);
      running = hash_once(hashed_[l], std::move(children));
    }
    return running;
  }

 private:
  struct Hashed {
    std::vector<Node> children;
    Node hash;
  };

  static Node hash_once(std::vector<Hashed>& seen, std::vector<Node> children) {
    for (const Hashed& h : seen) {
      if (h.children == children) return h.hash;
    }
    const Node hash = Hasher::hash_children(children);
    seen.push_back({std::move(children), hash});
    return hash;
  }

  std::vector<std::vector<Hashed>> hashed_;  // per level, leaf level first
};

// True when `path` proves `leaf` at `leaf_index` under `root`.
template <class Hasher>
bool verify_merkle_path(const typename Hasher::Node& leaf, uint64_t leaf_index,
                        const MerklePath<typename Hasher::Node>& path,
                        const typename Hasher::Node& root) {
  return merkle_path_leaf_index(path) == leaf_index &&
         merkle_root_from_path<Hasher>(leaf, path) == root;
}

// Hashes one level into the next: consecutive groups of `arity` nodes.
template <class Hasher>
std::vector<typename Hasher::Node> hash_tree_level(std::span<const typename Hasher::Node> nodes,
                                                   unsigned arity) {
  std::vector<typename Hasher::Node> parents(nodes.size() / arity);
  for (size_t i = 0; i < parents.size(); ++i) {
    parents[i] = Hasher::hash_children(nodes.subspan(i * arity, arity));
  }
  return parents;
}

// The root only, without keeping the levels.
template <class Hasher>
typename Hasher::Node merkle_root(std::span<const typename Hasher::Node> leaves, TreeShape shape) {
  std::vector<typename Hasher::Node> level(leaves.begin(), leaves.end());
  for (unsigned arity : tree_level_arities(shape, leaves.size())) {
    level = hash_tree_level<Hasher>(level, arity);
  }
  return level.front();
}

// A full tree kept in memory level by level (levels()[0] are the leaves, the last the root).
template <class Hasher>
class MerkleTree {
 public:
  using Node = typename Hasher::Node;

  MerkleTree(std::span<const Node> leaves, TreeShape shape)
      : arities_(tree_level_arities(shape, leaves.size())) {
    levels_.emplace_back(leaves.begin(), leaves.end());
    for (unsigned arity : arities_) {
      levels_.push_back(hash_tree_level<Hasher>(levels_.back(), arity));
    }
  }

  const Node& root() const { return levels_.back().front(); }
  size_t leaf_count() const { return levels_.front().size(); }
  const std::vector<std::vector<Node>>& levels() const { return levels_; }
  const std::vector<unsigned>& level_arities() const { return arities_; }

  MerklePath<Node> path(uint64_t leaf_index) const {
    if (leaf_index >= leaf_count()) {
      throw std::invalid_argument("merkle path: leaf index " + std::to_string(leaf_index) +
                                  " >= leaf count " + std::to_string(leaf_count()));
    }
    return merkle_path<Node>(arities_, leaf_index,
                             [&](size_t level, uint64_t i) { return levels_[level][i]; });
  }

 private:
  std::vector<unsigned> arities_;
  std::vector<std::vector<Node>> levels_;
};

}  // namespace cuzk::hash
