// What a generated sector is made of (SealRequest) and what generation returns (GeneratedC1).
//
// A request names the registered proof, the miner (prover_id is derived from its id as Lotus
// does, prover_id.hpp), the sector number, the ticket and the interactive seed. Real sealing
// also takes the sector data; virtual sectors are committed capacity (all-zero data) and draw
// the labels of the columns they materialise from `filler_seed`. seal_request_from_seed derives
// the ticket, the seed and the filler from one number, random_sector_data the data, so a test
// sector is reproducible from (proof, miner, sector, seed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "filecoin/c1_output.hpp"
#include "hash/node32.hpp"

namespace cuzk::sealing {

struct SealRequest {
  const filecoin::ProofType* proof = nullptr;
  uint64_t miner_id = 1000;
  uint64_t sector_number = 1;
  hash::Node32 ticket{};
  hash::Node32 seed{};             // the interactive randomness (also used by synthetic proofs)
  std::vector<hash::Node32> data;  // real sealing: every node, each Fr32; empty = all zero
  uint64_t filler_seed = 0;        // virtual sectors: seeds the labels of parent columns
  unsigned threads = 0;            // 0 = all hardware threads
};

// Ticket, interactive seed and filler seed from `seed` (SeededStream); no data (all zero).
SealRequest seal_request_from_seed(const filecoin::ProofType& proof, uint64_t miner_id,
                                   uint64_t sector_number, uint64_t seed);
// Random Fr32 nodes for every node of the sector, from `seed`.
std::vector<hash::Node32> random_sector_data(const filecoin::PorepSectorConfig& config,
                                             uint64_t seed);

// Milliseconds per generation phase. Real sealing: tree D (with data checks), parent cache,
// labels of every layer, encoding + column hashes + trees C and R, vanilla proofs. Virtual
// sectors: challenges + parents, materialised columns, sparse trees, vanilla proofs.
struct GenerationTimes {
  double tree_d_ms = 0;
  double parents_ms = 0;
  double labels_ms = 0;
  double trees_ms = 0;
  double proofs_ms = 0;

  double total_ms() const { return tree_d_ms + parents_ms + labels_ms + trees_ms + proofs_ms; }
  std::string to_string() const;  // "tree_d 1.2 ms, parents 3.4 ms, ..."
};

struct GeneratedC1 {
  filecoin::SealCommitPhase1Output c1;
  hash::Node32 prover_id{};
  GenerationTimes times;
};

// The largest sector sealed for real: 8 MiB (2^18 nodes, 2 layers).
inline constexpr unsigned kMaxRealSealLog2Nodes = 18;
bool can_seal_real(const filecoin::ProofType& proof);

}  // namespace cuzk::sealing
