// Parallel construction of ParentCache (parent_cache.hpp).
#include "sealing/parent_cache.hpp"

#include "util/parallel.hpp"

namespace cuzk::sealing {

ParentCache::ParentCache(const filecoin::StackedGraph& graph, unsigned threads)
    : parents_(graph.nodes()) {
  // Many small chunks: a node's Feistel cycle walking makes the cost uneven.
  parallel_chunks(parents_.size(), 64 * resolve_threads(threads), threads,
                  [&](size_t, size_t begin, size_t end) {
                    for (size_t v = begin; v < end; ++v) parents_[v] = graph.parents(v);
                  });
}

}  // namespace cuzk::sealing
