// The StackedDRG parent graph (storage-proofs-core drgraph.rs BucketGraph, storage-proofs-porep
// graph.rs StackedGraph; spec §6), computed node by node for any sector size.
//
// Node v has 14 parents, in this order: 6 DRG ("base") parents in the same layer, sampled with
// a ChaCha8 stream seeded by (drg_seed, v), then 8 expander parents in the previous layer,
// Feistel-permuted images of 8v..8v+7. API 1.0.0 differs in two details: the predecessor v-1
// is the last DRG parent instead of the first, and expander images are truncated to u32 before
// the division by 8. Computing one node costs 2 ChaCha8 blocks and ~8 BLAKE2b per Feistel
// round, so a C1 check derives its few hundred parent sets directly; sealing a whole sector
// wants the parent cache (one pass over all nodes, in the sealing floor).
#pragma once

#include <array>
#include <cstdint>

#include "filecoin/feistel.hpp"
#include "filecoin/proof_type.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

using DrgSeed = std::array<uint8_t, 28>;
using DrgParents = std::array<uint32_t, kDrgDegree>;
using ExpanderParents = std::array<uint32_t, kExpanderDegree>;
using NodeParents = std::array<uint32_t, kParentCount>;  // DRG parents, then expander parents

// First 28 bytes of SHA-256("Filecoin_DRSample" ‖ porep_id).
DrgSeed derive_drg_seed(const hash::Node32& porep_id);

class StackedGraph {
 public:
  // nodes in 2..2^32. Throws std::invalid_argument otherwise.
  StackedGraph(uint64_t nodes, const hash::Node32& porep_id, ApiVersion api_version);
  static StackedGraph for_proof(const ProofType& proof) {
    return StackedGraph(proof.sector->nodes(), proof.porep_id(), proof.api_version);
  }

  uint64_t nodes() const { return nodes_; }
  ApiVersion api_version() const { return api_version_; }

  // node < nodes(); throws std::out_of_range otherwise.
  DrgParents drg_parents(uint64_t node) const;
  ExpanderParents expander_parents(uint64_t node) const;
  NodeParents parents(uint64_t node) const;

 private:
  void check_node(uint64_t node) const;

  uint64_t nodes_;
  ApiVersion api_version_;
  DrgSeed drg_seed_;
  FeistelPermutation feistel_;
};

}  // namespace cuzk::filecoin
