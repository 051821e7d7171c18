// ParentCache: the 14 parents of every node of a StackedGraph, computed once, in parallel, for
// sealing a whole sector (labels need each node's parents once per layer; computing a node's
// expander parents costs ~18 µs of Feistel / BLAKE2b, so 8 MiB = 2^18 nodes is ~5 s of CPU
// that splits evenly over threads). 56 bytes per node: 14.7 MB for 8 MiB. Real sealing only;
// virtual sectors ask the graph for the few nodes they need.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/stacked_graph.hpp"

namespace cuzk::sealing {

class ParentCache {
 public:
  ParentCache(const filecoin::StackedGraph& graph, unsigned threads);

  uint64_t nodes() const { return parents_.size(); }
  const filecoin::NodeParents& parents(uint64_t node) const { return parents_[node]; }

 private:
  std::vector<filecoin::NodeParents> parents_;
};

}  // namespace cuzk::sealing
