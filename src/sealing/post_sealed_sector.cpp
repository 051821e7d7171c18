// Whole sealed test sectors for PoSt / SnapDeals (see post_sealed_sector.hpp).
#include "sealing/post_sealed_sector.hpp"

#include <string>

#include "filecoin/commitments.hpp"
#include "filecoin/prover_id.hpp"
#include "filecoin/stacked_graph.hpp"
#include "sealing/parent_cache.hpp"

namespace cuzk::sealing {

SealingResult<const filecoin::ProofType*> seal_proof_for_size(uint64_t sector_size) {
  for (const filecoin::ProofType& proof : filecoin::seal_proof_types()) {
    if (proof.sector->sector_size == sector_size && proof.name.ends_with("V1_1") &&
        can_seal_real(proof))
      return &proof;
  }
  return sealing_error(SealingError::kTooLargeToSeal,
                       "no seal proof of " + std::to_string(sector_size) +
                           " bytes can be sealed for real (2 KiB and 8 MiB only)");
}

SealingResult<RealTestSector> seal_full_sector(const SealRequest& request) {
  if (request.proof == nullptr)
    return sealing_error(SealingError::kMissingProof, "seal request: no registered proof");
  const filecoin::ProofType& proof = *request.proof;
  const filecoin::PorepSectorConfig& config = *proof.sector;
  if (!can_seal_real(proof))
    return sealing_error(SealingError::kTooLargeToSeal,
                         std::string(proof.name) + ": real sealing covers sectors up to 8 MiB");
  std::vector<hash::Node32> data =
      request.data.empty() ? std::vector<hash::Node32>(config.nodes()) : request.data;
  if (data.size() != config.nodes())
    return sealing_error(SealingError::kBadSectorData,
                         "sector data: expected " + std::to_string(config.nodes()) + " nodes");
  TreeD tree_d(data, hash::kBinaryTreeShape);
  RealTestSector out;
  out.sector_number = request.sector_number;
  out.prover_id = filecoin::prover_id_from_miner_id(request.miner_id);
  const hash::Node32 replica_id = filecoin::generate_replica_id(
      out.prover_id, request.sector_number, request.ticket, tree_d.root(), proof.porep_id());
  const auto graph = filecoin::StackedGraph::for_proof(proof);
  SectorLabels labels(0, 0);
  {
    const ParentCache parents(graph, request.threads);
    labels = compute_sector_labels(parents, replica_id, config.layers);
  }
  const std::vector<ff::Fr> replica = encode_replica(labels, data, request.threads);
  out.sector = std::make_unique<FullSector>(config, std::move(tree_d), std::move(labels), replica,
                                            request.threads);
  out.comm_r =
      hash::node_from_fr(filecoin::compute_comm_r(out.sector->comm_c(), out.sector->comm_r_last()));
  return out;
}

}  // namespace cuzk::sealing
