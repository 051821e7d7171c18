// The label inputs of one node, gathered from whatever holds the labels: the 6 DRG parents'
// labels of the same layer, then in layers >= 2 the 8 expander parents' labels of the layer
// below (spec §7; storage-proofs-porep create_label / Proof::from_parts), spread over the 37
// slots by filecoin::label_parent_slots. Real sealing, virtual sectors and the labeling proofs
// of a C1 all read labels through this one function.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "filecoin/labels.hpp"
#include "filecoin/stacked_graph.hpp"
#include "hash/node32.hpp"

namespace cuzk::sealing {

// label_at(layer, node) returns the label of `node` in `layer` (1-based).
template <class LabelAt>
filecoin::LabelParentSlots label_parent_slots_of(const filecoin::NodeParents& parents,
                                                 unsigned layer, LabelAt&& label_at) {
  std::array<hash::Node32, filecoin::kParentCount> values;
  const size_t count = layer == 1 ? filecoin::kDrgDegree : filecoin::kParentCount;
  for (size_t j = 0; j < count; ++j) {
    values[j] = label_at(j < filecoin::kDrgDegree ? layer : layer - 1, uint64_t(parents[j]));
  }
  return filecoin::label_parent_slots(std::span<const hash::Node32>(values.data(), count));
}

// The label of `node` in `layer`; node 0 has no parents and hashes none.
template <class LabelAt>
hash::Node32 node_label(const hash::Node32& replica_id, unsigned layer, uint64_t node,
                        const filecoin::NodeParents& parents, LabelAt&& label_at) {
  if (node == 0) return filecoin::porep_label(replica_id, layer, 0, {});
  const auto slots = label_parent_slots_of(parents, layer, label_at);
  return filecoin::porep_label(replica_id, layer, node, slots);
}

}  // namespace cuzk::sealing
