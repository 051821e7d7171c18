// seal_request_from_seed and the small helpers of seal_request.hpp.
#include "sealing/seal_request.hpp"

#include <cstdio>

#include "sealing/seeded_stream.hpp"

namespace cuzk::sealing {

bool can_seal_real(const filecoin::ProofType& proof) {
  return proof.sector->log2_nodes <= kMaxRealSealLog2Nodes;
}

SealRequest seal_request_from_seed(const filecoin::ProofType& proof, uint64_t miner_id,
                                   uint64_t sector_number, uint64_t seed) {
  SealRequest request;
  request.proof = &proof;
  request.miner_id = miner_id;
  request.sector_number = sector_number;
  request.ticket = SeededStream("ticket", seed).next_fr32();
  request.seed = SeededStream("interactive-seed", seed).next_fr32();
  request.filler_seed = seed;
  return request;
}

std::vector<hash::Node32> random_sector_data(const filecoin::PorepSectorConfig& config,
                                             uint64_t seed) {
  return SeededStream("sector-data", seed).next_fr32_nodes(config.nodes());
}

std::string GenerationTimes::to_string() const {
  char text[160];
  std::snprintf(text, sizeof(text),
                "tree_d %.1f ms, parents %.1f ms, labels %.1f ms, trees %.1f ms, proofs %.1f ms",
                tree_d_ms, parents_ms, labels_ms, trees_ms, proofs_ms);
  return text;
}

}  // namespace cuzk::sealing
