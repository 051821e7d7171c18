// Encoding, column hashes and tree building of full_sector.hpp.
#include "sealing/full_sector.hpp"

#include <optional>
#include <stdexcept>

#include "filecoin/labels.hpp"
#include "util/parallel.hpp"

namespace cuzk::sealing {
namespace {

ff::Fr fr_of(const hash::Node32& node) {
  auto x = hash::fr_from_node(node);
  if (!x) throw std::invalid_argument("sealing: a node is not a canonical field element");
  return *x;
}

std::vector<ff::Fr> column_hashes(const SectorLabels& labels, unsigned threads) {
  std::vector<ff::Fr> hashes(labels.nodes());
  parallel_for(hashes.size(), threads, [&](size_t begin, size_t end) {
    std::vector<ff::Fr> rows(labels.layers());
    for (size_t v = begin; v < end; ++v) {
      for (unsigned layer = 1; layer <= labels.layers(); ++layer) {
        rows[layer - 1] = fr_of(labels.at(layer, v));
      }
      hashes[v] = filecoin::column_hash(rows);
    }
  });
  return hashes;
}

// Trees C and R_last side by side (hash::MerkleTree builds one tree on one thread).
std::pair<PoseidonTree, PoseidonTree> build_trees(std::span<const ff::Fr> column_leaves,
                                                  std::span<const ff::Fr> replica_leaves,
                                                  hash::TreeShape shape, unsigned threads) {
  std::optional<PoseidonTree> trees[2];
  parallel_chunks(2, 2, threads, [&](size_t which, size_t, size_t) {
    trees[which].emplace(which == 0 ? column_leaves : replica_leaves, shape);
  });
  return {std::move(*trees[0]), std::move(*trees[1])};
}

}  // namespace

std::vector<ff::Fr> encode_replica(const SectorLabels& labels, std::span<const hash::Node32> data,
                                   unsigned threads) {
  std::vector<ff::Fr> replica(data.size());
  parallel_for(replica.size(), threads, [&](size_t begin, size_t end) {
    for (size_t v = begin; v < end; ++v) {
      replica[v] = fr_of(labels.at(labels.layers(), v)) + fr_of(data[v]);
    }
  });
  return replica;
}

FullSector::FullSector(const filecoin::PorepSectorConfig& config, TreeD tree_d, SectorLabels labels,
                       std::span<const ff::Fr> replica, unsigned threads)
    : FullSector(config, std::move(tree_d), std::move(labels),
                 build_trees(column_hashes(labels, threads), replica, config.tree_shape, threads)) {
}

// labels is taken by reference so the column hashes above read it before it moves here.
FullSector::FullSector(const filecoin::PorepSectorConfig& config, TreeD&& tree_d,
                       SectorLabels&& labels, TreePair&& trees)
    : config_(config),
      tree_d_(std::move(tree_d)),
      labels_(std::move(labels)),
      tree_c_(std::move(trees.first)),
      tree_r_(std::move(trees.second)) {}

}  // namespace cuzk::sealing
