// DRG bucket sampling and expander parents of stacked_graph.hpp.
#include "filecoin/stacked_graph.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "filecoin/bytes.hpp"
#include "filecoin/chacha.hpp"
#include "hash/sha256.hpp"

namespace cuzk::filecoin {

DrgSeed derive_drg_seed(const hash::Node32& porep_id) {
  hash::Sha256 hasher;
  hasher.update(as_bytes("Filecoin_DRSample"));
  hasher.update(porep_id);
  const auto digest = hasher.finalize();
  DrgSeed seed;
  std::copy_n(digest.begin(), seed.size(), seed.begin());
  return seed;
}

namespace {

uint64_t checked_node_count(uint64_t nodes) {
  if (nodes < 2 || nodes > (uint64_t(1) << 32)) {
    throw std::invalid_argument("stacked graph: node count must be in 2..2^32");
  }
  return nodes;
}

}  // namespace

StackedGraph::StackedGraph(uint64_t nodes, const hash::Node32& porep_id, ApiVersion api_version)
    : nodes_(checked_node_count(nodes)),
      api_version_(api_version),
      drg_seed_(derive_drg_seed(porep_id)),
      feistel_(nodes_ * kExpanderDegree, derive_feistel_keys(porep_id)) {}

void StackedGraph::check_node(uint64_t node) const {
  if (node >= nodes_) {
    throw std::out_of_range("stacked graph: node " + std::to_string(node) +
                            " >= " + std::to_string(nodes_) + " nodes");
  }
}

DrgParents StackedGraph::drg_parents(uint64_t node) const {
  check_node(node);
  DrgParents parents{};
  if (node < 2) return parents;  // nodes 0 and 1: all parents are node 0

  ChaChaKey seed;
  std::copy(drg_seed_.begin(), drg_seed_.end(), seed.begin());
  const auto node_le = to_le_bytes(uint32_t(node));
  std::copy(node_le.begin(), node_le.end(), seed.begin() + 28);
  ChaCha8Rng rng(seed);

  // Bucket sampling over the metagraph of degree m' = 5: meta = 5v. The reference takes
  // n_buckets = ceil(log2(meta)) in f64, which is exact here and equals bit_width(meta - 1).
  constexpr uint64_t kOtherParents = kDrgDegree - 1;
  const uint64_t meta = node * kOtherParents;
  const uint64_t buckets = std::bit_width(meta - 1);
  const bool legacy = api_version_ == ApiVersion::kV1_0_0;
  const unsigned first = legacy ? 0 : 1;  // where the 5 sampled parents go
  for (unsigned k = 0; k < kOtherParents; ++k) {
    const uint64_t bucket = rng.next_u64() % buckets + 1;
    const uint64_t hi = std::min(meta, uint64_t(1) << bucket);
    const uint64_t lo = std::max<uint64_t>(2, hi >> 1);
    const uint64_t distance = lo + rng.next_u64() % (hi - lo + 1);
    const uint32_t parent = uint32_t((meta - distance) / kOtherParents);
    parents[first + k] = parent == node ? uint32_t(node - 1) : parent;
  }
  parents[legacy ? kDrgDegree - 1 : 0] = uint32_t(node - 1);
  return parents;
}

ExpanderParents StackedGraph::expander_parents(uint64_t node) const {
  check_node(node);
  ExpanderParents parents;
  for (unsigned i = 0; i < kExpanderDegree; ++i) {
    const uint64_t image = feistel_.permute(node * kExpanderDegree + i);
    parents[i] = api_version_ == ApiVersion::kV1_0_0 ? uint32_t(image) / kExpanderDegree
                                                     : uint32_t(image / kExpanderDegree);
  }
  return parents;
}

NodeParents StackedGraph::parents(uint64_t node) const {
  NodeParents all;
  const auto drg = drg_parents(node);
  const auto exp = expander_parents(node);
  std::copy(drg.begin(), drg.end(), all.begin());
  std::copy(exp.begin(), exp.end(), all.begin() + kDrgDegree);
  return all;
}

}  // namespace cuzk::filecoin
