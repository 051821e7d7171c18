// Virtual sector generation of virtual_sector.hpp.
#include "sealing/virtual_sector.hpp"

#include <map>
#include <optional>
#include <string>

#include "filecoin/challenges.hpp"
#include "filecoin/commitments.hpp"
#include "filecoin/prover_id.hpp"
#include "filecoin/stacked_graph.hpp"
#include "sealing/c1_assembly.hpp"
#include "sealing/label_parents.hpp"
#include "sealing/seeded_stream.hpp"
#include "sealing/sparse_sector.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::sealing {
namespace {

// Why the request cannot be a virtual sector, if it cannot.
std::optional<Error<SealingError>> virtual_request_error(const SealRequest& request) {
  if (request.proof == nullptr) {
    return sealing_error(SealingError::kMissingProof, "seal request: no registered proof");
  }
  if (request.proof->challenge_mode() != filecoin::ChallengeMode::kInteractive) {
    return sealing_error(SealingError::kNotVirtualizable,
                         std::string(request.proof->name) +
                             ": synthetic and non-interactive challenges depend on comm_r, so "
                             "a virtual sector cannot know which columns to hold; seal a small "
                             "sector for real or use an interactive proof type");
  }
  if (!request.data.empty()) {
    return sealing_error(SealingError::kBadSectorData,
                         "virtual sectors are committed capacity: the request must carry no data");
  }
  return std::nullopt;
}

// Every partition's interactive challenges (known before any tree) and their parents.
std::map<uint64_t, filecoin::NodeParents> challenged_nodes(const filecoin::ProofType& proof,
                                                           const filecoin::StackedGraph& graph,
                                                           const C1Identity& identity) {
  std::map<uint64_t, filecoin::NodeParents> challenged;
  for (unsigned k = 0; k < proof.partitions(); ++k) {
    for (uint64_t c :
         filecoin::interactive_challenges(proof.sector->nodes(), identity.replica_id, identity.seed,
                                          proof.challenges_per_partition(), k)) {
      challenged.emplace(c, filecoin::NodeParents{});
    }
  }
  for (auto& [c, parents] : challenged) parents = graph.parents(c);
  return challenged;
}

// Random columns for the parents that are not challenged, then the challenged columns through
// the label function, layer by layer in increasing node order.
SparseSector::Columns materialise_columns(
    const std::map<uint64_t, filecoin::NodeParents>& challenged, unsigned layers,
    const hash::Node32& replica_id, uint64_t filler_seed) {
  SparseSector::Columns columns;
  SeededStream filler("virtual-filler-labels", filler_seed);
  for (const auto& [c, parents] : challenged) {
    for (uint32_t p : parents) {
      if (challenged.count(p) || columns.count(p)) continue;
      columns.emplace(p, filler.next_fr32_nodes(layers));
    }
  }
  for (const auto& entry : challenged) columns[entry.first].resize(layers);
  auto label_at = [&columns](unsigned layer, uint64_t node) -> const hash::Node32& {
    return columns.at(node)[layer - 1];
  };
  for (unsigned layer = 1; layer <= layers; ++layer) {
    for (const auto& [c, parents] : challenged) {
      columns[c][layer - 1] = node_label(replica_id, layer, c, parents, label_at);
    }
  }
  return columns;
}

}  // namespace

SealingResult<GeneratedC1> generate_virtual_c1(const SealRequest& request) {
  if (auto error = virtual_request_error(request)) return *error;
  const filecoin::ProofType& proof = *request.proof;
  const filecoin::PorepSectorConfig& config = *proof.sector;

  GeneratedC1 out;
  Stopwatch watch;
  out.prover_id = filecoin::prover_id_from_miner_id(request.miner_id);
  const hash::Node32 comm_d = filecoin::zero_sector_comm_d(config.log2_nodes);
  const C1Identity identity{filecoin::generate_replica_id(out.prover_id, request.sector_number,
                                                          request.ticket, comm_d, proof.porep_id()),
                            request.seed, request.ticket};
  out.times.tree_d_ms = watch.lap_ms();

  const auto graph = filecoin::StackedGraph::for_proof(proof);
  const auto challenged = challenged_nodes(proof, graph, identity);
  out.times.parents_ms = watch.lap_ms();

  SparseSector::Columns columns =
      materialise_columns(challenged, config.layers, identity.replica_id, request.filler_seed);
  std::map<uint64_t, ff::Fr> replica;  // data is zero: replica = last label
  for (const auto& entry : challenged) {
    replica.emplace(entry.first, *hash::fr_from_node(columns.at(entry.first).back()));
  }
  out.times.labels_ms = watch.lap_ms();

  const SparseSector sector(config, std::move(columns), std::move(replica), request.filler_seed,
                            request.threads);
  out.times.trees_ms = watch.lap_ms();

  out.c1 = assemble_c1(proof, sector, graph, identity, request.threads);
  out.times.proofs_ms = watch.lap_ms();
  return out;
}

}  // namespace cuzk::sealing
