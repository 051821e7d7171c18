// SparseSector construction (sparse_sector.hpp): column hashes in parallel, then the trees.
#include "sealing/sparse_sector.hpp"

#include "filecoin/labels.hpp"
#include "util/parallel.hpp"

namespace cuzk::sealing {
namespace {

std::map<uint64_t, ff::Fr> column_hash_leaves(const SparseSector::Columns& columns,
                                              unsigned threads) {
  std::vector<std::pair<uint64_t, const std::vector<hash::Node32>*>> entries;
  for (const auto& [node, rows] : columns) entries.emplace_back(node, &rows);
  std::vector<ff::Fr> hashes(entries.size());
  parallel_for(entries.size(), threads, [&](size_t begin, size_t end) {
    std::vector<ff::Fr> rows;
    for (size_t i = begin; i < end; ++i) {
      rows.clear();
      for (const auto& label : *entries[i].second) rows.push_back(*hash::fr_from_node(label));
      hashes[i] = filecoin::column_hash(rows);
    }
  });
  std::map<uint64_t, ff::Fr> leaves;
  for (size_t i = 0; i < entries.size(); ++i) leaves.emplace(entries[i].first, hashes[i]);
  return leaves;
}

std::vector<unsigned> tree_arities(const filecoin::PorepSectorConfig& config) {
  return hash::tree_level_arities(config.tree_shape, config.nodes());
}

SparseMerkleTree<hash::PoseidonNodeHasher>::Filler filler(
    const std::string& purpose, uint64_t seed, const filecoin::PorepSectorConfig& config) {
  return random_fr_filler(purpose, seed, tree_arities(config).size());
}

}  // namespace

SparseSector::SparseSector(const filecoin::PorepSectorConfig& config, Columns columns,
                           std::map<uint64_t, ff::Fr> replica, uint64_t filler_seed,
                           unsigned threads)
    : config_(config),
      columns_(std::move(columns)),
      replica_(std::move(replica)),
      tree_d_(hash::tree_level_arities(hash::kBinaryTreeShape, config.nodes()), hash::Node32{}, {}),
      tree_c_(tree_arities(config), ff::Fr::zero(), column_hash_leaves(columns_, threads), threads,
              filler("virtual-tree-c", filler_seed, config)),
      tree_r_(tree_arities(config), ff::Fr::zero(), replica_, threads,
              filler("virtual-tree-r-last", filler_seed, config)) {}

}  // namespace cuzk::sealing
