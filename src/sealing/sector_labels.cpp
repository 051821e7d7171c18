// The sequential SDR labelling of sector_labels.hpp.
#include "sealing/sector_labels.hpp"

#include "sealing/label_parents.hpp"

namespace cuzk::sealing {

SectorLabels compute_sector_labels(const ParentCache& parents, const hash::Node32& replica_id,
                                   unsigned layers) {
  SectorLabels labels(layers, parents.nodes());
  auto label_at = [&labels](unsigned layer, uint64_t node) -> const hash::Node32& {
    return labels.at(layer, node);
  };
  for (unsigned layer = 1; layer <= layers; ++layer) {
    for (uint64_t v = 0; v < labels.nodes(); ++v) {
      labels.at(layer, v) = node_label(replica_id, layer, v, parents.parents(v), label_at);
    }
  }
  return labels;
}

}  // namespace cuzk::sealing
