// SparseMerkleTree: a Merkle tree over up to 2^64 leaves of which only a few are set. Every node
// no set leaf lies under is either the root of a default subtree (every leaf the default value:
// one precomputed node per level — an all-zero tree D is the committed-capacity sector's) or,
// with a filler, a value of the filler's (level, index): a subtree that is never opened, whose
// root stands for the random content of a real sector. A path then has siblings as varied as a
// real tree's, not the same default hash 7 times per level in every path of every sector (the
// prover's witness holds those siblings). Virtual 32 / 64 GiB sectors keep their trees C, R_last
// and D this way: a C1 opens a few thousand leaves of 2^30. Built once from its set leaves (cost:
// one hash per set leaf and level, fewer where paths share ancestors; each level's hashes split
// over threads), then read-only: root and inclusion paths in the shape of hash::MerkleTree (leaf
// level first, hash::tree_level_arities).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "hash/merkle_node.hpp"
#include "hash/merkle_tree.hpp"
#include "sealing/seeded_stream.hpp"
#include "util/parallel.hpp"

namespace cuzk::sealing {

template <class Hasher>
class SparseMerkleTree {
 public:
  using Node = typename Hasher::Node;
  // The value of the node at (level, index) that no set leaf lies under.
  using Filler = std::function<Node(size_t level, uint64_t index)>;

  // arities: per level, leaf level first; leaves: the non-default leaves by index; threads:
  // 0 = all hardware threads; filler: unset nodes' values (none: default subtrees).
  SparseMerkleTree(std::vector<unsigned> arities, const Node& default_leaf,
                   std::map<uint64_t, Node> leaves, unsigned threads = 1, Filler filler = {})
      : arities_(std::move(arities)), levels_(arities_.size() + 1), filler_(std::move(filler)) {
    defaults_.push_back(default_leaf);
    for (unsigned arity : arities_) {
      const std::vector<Node> children(arity, defaults_.back());
      defaults_.push_back(Hasher::hash_children(children));
    }
    levels_[0] = std::move(leaves);
    for (size_t l = 0; l < arities_.size(); ++l) build_level(l, threads);
  }

  Node root() const { return node(arities_.size(), 0); }

  // The node at (level, index); level 0 are the leaves.
  Node node(size_t level, uint64_t index) const {
    const auto it = levels_[level].find(index);
    if (it != levels_[level].end()) return it->second;
    return filler_ ? filler_(level, index) : defaults_[level];
  }

  hash::MerklePath<Node> path(uint64_t index) const {
    return hash::merkle_path<Node>(arities_, index,
                                   [&](size_t level, uint64_t i) { return node(level, i); });
  }

 private:
  // The parents of level l's non-default nodes.
  void build_level(size_t l, unsigned threads) {
    const unsigned arity = arities_[l];
    std::vector<uint64_t> parents;
    for (const auto& entry : levels_[l]) {
      const uint64_t parent = entry.first / arity;
      if (parents.empty() || parents.back() != parent) parents.push_back(parent);  // sorted
    }
    std::vector<Node> hashes(parents.size());
    parallel_for(parents.size(), threads, [&](size_t begin, size_t end) {
      std::vector<Node> children(arity);
      for (size_t i = begin; i < end; ++i) {
        for (unsigned k = 0; k < arity; ++k) children[k] = node(l, parents[i] * arity + k);
        hashes[i] = Hasher::hash_children(children);
      }
    });
    for (size_t i = 0; i < parents.size(); ++i)
      levels_[l + 1].emplace_hint(levels_[l + 1].end(), parents[i], hashes[i]);
  }

  std::vector<unsigned> arities_;
  std::vector<Node> defaults_;                    // the default node per level
  std::vector<std::map<uint64_t, Node>> levels_;  // the nodes some set leaf lies under
  Filler filler_;
};

// A filler of random canonical Fr nodes for a Poseidon tree of `levels` levels above its leaves:
// node (level, index) is value `index` of the stream (purpose "<purpose>|level <level>", seed).
inline SparseMerkleTree<hash::PoseidonNodeHasher>::Filler random_fr_filler(
    const std::string& purpose, uint64_t seed, size_t levels) {
  std::vector<SeededStream> streams;
  for (size_t l = 0; l <= levels; ++l)
    streams.emplace_back(purpose + "|level " + std::to_string(l), seed);
  return [streams = std::move(streams)](size_t level, uint64_t index) {
    return *hash::fr_from_node(streams.at(level).fr32_at(index));
  };
}

}  // namespace cuzk::sealing
