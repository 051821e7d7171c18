// PoRep challenge derivation (storage-proofs-porep stacked/vanilla/challenges.rs; spec §8).
// Every variant maps 32 pseudo-random bytes X (a little-endian integer) to a node as
// (X mod (nodes - 1)) + 1, so node 0 is never challenged; partition k of n challenges per
// partition takes the global challenges j = n·k .. n·k + n - 1:
//   interactive      X = SHA-256(replica_id ‖ seed ‖ j u32 LE)
//   non-interactive  X = SHA-256("filecoin.io|PoRep|1|NonInteractive|1" ‖ replica_id ‖ comm_r ‖ j)
//   synthetic        S = min(nodes, 2^18) synthetic challenges s_i, X_i = ChaCha20 keystream
//                    bytes [32i, 32i + 32) under BLAKE2b-256 keyed "...|Generation" over
//                    replica_id ‖ comm_r; challenge j is s_{u32 LE % S} where the u32 is
//                    keystream bytes [4j, 4j + 4) under BLAKE2b-256 keyed "...|Selection" over
//                    replica_id ‖ seed (both streams with nonce "synth-porep\0").
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/chacha.hpp"
#include "filecoin/proof_type.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

// (X mod (nodes - 1)) + 1 with X the 256-bit LE integer in `bytes`; nodes >= 2.
uint64_t challenge_from_bytes(std::span<const uint8_t, 32> bytes, uint64_t nodes);

std::vector<uint64_t> interactive_challenges(uint64_t nodes, const hash::Node32& replica_id,
                                             const hash::Node32& seed, unsigned per_partition,
                                             unsigned k);

std::vector<uint64_t> non_interactive_challenges(uint64_t nodes, const hash::Node32& replica_id,
                                                 const hash::Node32& comm_r, unsigned per_partition,
                                                 unsigned k);

class SyntheticChallenges {
 public:
  static constexpr uint64_t kDefaultCount = uint64_t(1) << 18;

  // count synthetic challenges (the reference default is min(nodes, 2^18)).
  SyntheticChallenges(uint64_t nodes, const hash::Node32& replica_id, const hash::Node32& comm_r,
                      uint64_t count);
  SyntheticChallenges(uint64_t nodes, const hash::Node32& replica_id, const hash::Node32& comm_r)
      : SyntheticChallenges(nodes, replica_id, comm_r, std::min(nodes, kDefaultCount)) {}

  uint64_t count() const { return count_; }
  uint64_t challenge(uint64_t i) const;  // s_i, i < count(); throws std::out_of_range

  // The synthetic indices (each < count()) selected for partition k, and their challenges.
  std::vector<uint64_t> selected_indexes(const hash::Node32& seed, unsigned per_partition,
                                         unsigned k) const;
  std::vector<uint64_t> partition_challenges(const hash::Node32& seed, unsigned per_partition,
                                             unsigned k) const;

 private:
  uint64_t nodes_;
  uint64_t count_;
  hash::Node32 replica_id_;
  ChaChaKey generation_key_;
};

// What a partition's challenges depend on. comm_r is used by synthetic and NI proofs, seed by
// interactive and synthetic ones.
struct ChallengeSeed {
  hash::Node32 replica_id{};
  hash::Node32 seed{};
  hash::Node32 comm_r{};
};

// Partition k's challenges for `proof`, by its challenge mode. k < proof.partitions().
std::vector<uint64_t> porep_partition_challenges(const ProofType& proof, const ChallengeSeed& in,
                                                 unsigned k);

}  // namespace cuzk::filecoin
