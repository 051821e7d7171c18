// SectorLabels: every label of every layer of a really sealed sector (layer-major Node32s), and
// the SDR labelling that fills them (stacked/vanilla create_label: layer 1 from DRG parents,
// later layers also from the expander parents in the layer below; spec §7).
//
// Within a layer each node depends on earlier nodes of that layer (its predecessor v - 1 is
// always a DRG parent), so a layer is one sequential chain of SHA-256 hashes (~1.5 µs per node
// with SHA-NI); the parallel work of sealing is the parent cache before and the trees after.
#pragma once

#include <cstdint>
#include <vector>

#include "hash/node32.hpp"
#include "sealing/parent_cache.hpp"

namespace cuzk::sealing {

class SectorLabels {
 public:
  SectorLabels(unsigned layers, uint64_t nodes)
      : layers_(layers), nodes_(nodes), labels_(size_t(layers) * nodes) {}

  unsigned layers() const { return layers_; }
  uint64_t nodes() const { return nodes_; }
  // layer is 1-based.
  const hash::Node32& at(unsigned layer, uint64_t node) const {
    return labels_[size_t(layer - 1) * nodes_ + node];
  }
  hash::Node32& at(unsigned layer, uint64_t node) {
    return labels_[size_t(layer - 1) * nodes_ + node];
  }

 private:
  unsigned layers_;
  uint64_t nodes_;
  std::vector<hash::Node32> labels_;
};

SectorLabels compute_sector_labels(const ParentCache& parents, const hash::Node32& replica_id,
                                   unsigned layers);

}  // namespace cuzk::sealing
