// PeriodicMerkleTree: a full Merkle tree over a sector of any size whose leaves repeat, built
// from one period per region. The sector is cut into regions of `region` leaves; the leaf at
// index i may depend only on its region (i / region) and on i mod q, q = min(period, region).
// (A SnapDeals replica is such a sector when its old replica and new data repeat every `period`
// nodes: the encoding multiplies the data by one rho per region of 2^(log2_nodes - h) nodes.)
// Then a node whose span (the leaves below it) is at most q is determined by its region and its
// offset mod q, a node of a larger span inside one region by its region alone, and only the
// nodes spanning several regions are all distinct. The tree keeps one value per distinct node:
// regions · q leaves, ~regions · q / (arity - 1) hashes, plus the few nodes above the regions.
// A 32 GiB tree R (2^30 leaves, 2^10 regions) with q = 4096 is ~600k Poseidon hashes instead
// of 153 M. With region = period = leaf count every node is distinct: an ordinary full tree.
//
// Root and inclusion paths in the shape of hash::MerkleTree (leaf level first, the arities of
// hash::tree_level_arities).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "hash/merkle_tree.hpp"
#include "util/parallel.hpp"

namespace cuzk::sealing {

template <class Hasher>
class PeriodicMerkleTree {
 public:
  using Node = typename Hasher::Node;

  // arities: per level, leaf level first, their product the leaf count; region and period:
  // powers of two, region dividing the leaf count; leaf(i): the leaf at absolute index i (called
  // for the first q indices of every region only); threads: 0 = all hardware threads.
  template <class LeafAt>
  PeriodicMerkleTree(std::vector<unsigned> arities, uint64_t region, uint64_t period, LeafAt&& leaf,
                     unsigned threads)
      : arities_(std::move(arities)) {
    uint64_t leaves = 1;
    for (unsigned arity : arities_) leaves *= arity;
    if (!std::has_single_bit(region) || !std::has_single_bit(period) || leaves % region != 0)
      throw std::invalid_argument("periodic merkle tree: region " + std::to_string(region) +
                                  " and period " + std::to_string(period) +
                                  " must be powers of two, the region dividing the " +
                                  std::to_string(leaves) + " leaves");
    region_ = region;
    regions_ = leaves / region;
    q_ = std::min(period, region);

    levels_.push_back(make_level(1));
    parallel_for(levels_[0].nodes.size(), threads, [&](size_t begin, size_t end) {
      for (size_t e = begin; e < end; ++e) levels_[0].nodes[e] = leaf(representative(0, e));
    });
    for (size_t l = 0; l < arities_.size(); ++l) {
      levels_.push_back(make_level(levels_[l].span * arities_[l]));
      build_level(l, threads);
    }
  }

  const Node& root() const { return levels_.back().nodes.front(); }
  const std::vector<unsigned>& level_arities() const { return arities_; }
  uint64_t leaf_count() const { return regions_ * region_; }

  // The node at (level, index); level 0 are the leaves.
  const Node& node(size_t level, uint64_t index) const {
    const Level& lv = levels_.at(level);
    if (!lv.per_region) return lv.nodes.at(index);
    const uint64_t first_leaf = index * lv.span;
    return lv.nodes.at((first_leaf / region_) * lv.per_region + (first_leaf % q_) / lv.span);
  }

  hash::MerklePath<Node> path(uint64_t index) const {
    if (index >= leaf_count())
      throw std::invalid_argument("merkle path: leaf index " + std::to_string(index) +
                                  " >= leaf count " + std::to_string(leaf_count()));
    return hash::merkle_path<Node>(arities_, index,
                                   [&](size_t level, uint64_t i) { return node(level, i); });
  }

  // The hashes the tree took (its distinct inner nodes).
  uint64_t hashes() const {
    uint64_t n = 0;
    for (size_t l = 1; l < levels_.size(); ++l) n += levels_[l].nodes.size();
    return n;
  }

 private:
  // One level's distinct nodes: per region (per_region of them, by offset mod q) while a node
  // lies inside one region, else every node (per_region = 0).
  struct Level {
    uint64_t span = 1;  // leaves below one node
    uint64_t per_region = 0;
    std::vector<Node> nodes;
  };

  Level make_level(uint64_t span) const {
    Level lv;
    lv.span = span;
    if (span <= region_) {
      lv.per_region = span < q_ ? q_ / span : 1;
      lv.nodes.resize(regions_ * lv.per_region);
    } else {
      lv.nodes.resize(leaf_count() / span);
    }
    return lv;
  }

  // The index of a node that entry e of a level stands for.
  uint64_t representative(size_t level, uint64_t e) const {
    const Level& lv = levels_[level];
    if (!lv.per_region) return e;
    return (e / lv.per_region) * (region_ / lv.span) + e % lv.per_region;
  }

  void build_level(size_t l, unsigned threads) {
    const unsigned arity = arities_[l];
    std::vector<Node>& parents = levels_[l + 1].nodes;
    parallel_for(parents.size(), threads, [&](size_t begin, size_t end) {
      std::vector<Node> children(arity);
      for (size_t e = begin; e < end; ++e) {
        const uint64_t first = representative(l + 1, e) * arity;
        for (unsigned k = 0; k < arity; ++k) children[k] = node(l, first + k);
        parents[e] = Hasher::hash_children(children);
      }
    });
  }

  std::vector<unsigned> arities_;
  uint64_t region_ = 1, regions_ = 1, q_ = 1;
  std::vector<Level> levels_;
};

}  // namespace cuzk::sealing
