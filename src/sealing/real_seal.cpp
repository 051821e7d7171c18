// The real sealing pipeline of real_seal.hpp.
#include "sealing/real_seal.hpp"

#include <string>

#include "filecoin/commitments.hpp"
#include "filecoin/prover_id.hpp"
#include "filecoin/stacked_graph.hpp"
#include "sealing/c1_assembly.hpp"
#include "sealing/full_sector.hpp"
#include "sealing/parent_cache.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::sealing {
namespace {

// Sector data of the request: its nodes, or zeros when it has none.
SealingResult<std::vector<hash::Node32>> sector_data(const SealRequest& request) {
  const uint64_t nodes = request.proof->sector->nodes();
  if (request.data.empty()) return std::vector<hash::Node32>(nodes);
  if (request.data.size() != nodes) {
    return sealing_error(SealingError::kBadSectorData, "sector data: expected " +
                                                           std::to_string(nodes) + " nodes, got " +
                                                           std::to_string(request.data.size()));
  }
  for (uint64_t v = 0; v < nodes; ++v) {
    if (!hash::is_fr32(request.data[v])) {
      return sealing_error(SealingError::kBadSectorData,
                           "sector data: node " + std::to_string(v) +
                               " is not Fr32 (its top two bits are set; data must be "
                               "fr32-padded)");
    }
  }
  return request.data;
}

}  // namespace

SealingResult<GeneratedC1> seal_real_sector(const SealRequest& request,
                                            const SealTestHooks& hooks) {
  if (request.proof == nullptr) {
    return sealing_error(SealingError::kMissingProof, "seal request: no registered proof");
  }
  const filecoin::ProofType& proof = *request.proof;
  const filecoin::PorepSectorConfig& config = *proof.sector;
  if (!can_seal_real(proof)) {
    return sealing_error(SealingError::kTooLargeToSeal,
                         std::string(proof.name) +
                             ": real sealing covers sectors up to 8 MiB (2^18 nodes); this one "
                             "has 2^" +
                             std::to_string(config.log2_nodes) +
                             " nodes. Generate a virtual sector instead (interactive proofs)");
  }
  auto data = sector_data(request);
  if (!data.ok()) return data.error();

  GeneratedC1 out;
  Stopwatch watch;
  TreeD tree_d(*data, hash::kBinaryTreeShape);
  out.prover_id = filecoin::prover_id_from_miner_id(request.miner_id);
  const C1Identity identity{
      filecoin::generate_replica_id(out.prover_id, request.sector_number, request.ticket,
                                    tree_d.root(), proof.porep_id()),
      request.seed, request.ticket};
  out.times.tree_d_ms = watch.lap_ms();

  const auto graph = filecoin::StackedGraph::for_proof(proof);
  SectorLabels labels(0, 0);
  {
    const ParentCache parents(graph, request.threads);
    out.times.parents_ms = watch.lap_ms();
    labels = compute_sector_labels(parents, identity.replica_id, config.layers);
    out.times.labels_ms = watch.lap_ms();
  }

  std::vector<ff::Fr> replica = encode_replica(labels, *data, request.threads);
  if (hooks.edit_before_trees) hooks.edit_before_trees(identity.replica_id, *data, labels, replica);
  const FullSector sector(config, std::move(tree_d), std::move(labels), replica, request.threads);
  out.times.trees_ms = watch.lap_ms();

  out.c1 = assemble_c1(proof, sector, graph, identity, request.threads);
  out.times.proofs_ms = watch.lap_ms();
  return out;
}

}  // namespace cuzk::sealing
