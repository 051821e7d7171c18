// Challenge derivations of challenges.hpp.
#include "filecoin/challenges.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

#include "filecoin/blake2b.hpp"
#include "filecoin/bytes.hpp"
#include "hash/sha256.hpp"

namespace cuzk::filecoin {
namespace {

constexpr std::string_view kNiTag = "filecoin.io|PoRep|1|NonInteractive|1";
constexpr std::string_view kSynthGenerationKey = "filecoin.io|PoRep|1|Synthetic|1|Generation";
constexpr std::string_view kSynthSelectionKey = "filecoin.io|PoRep|1|Synthetic|1|Selection";
constexpr uint8_t kSynthNonce[12] = {'s', 'y', 'n', 't', 'h', '-', 'p', 'o', 'r', 'e', 'p', 0};

// BLAKE2b-256 keyed with `key` over a ‖ b: the ChaCha20 key of a synthetic PRF.
ChaChaKey synthetic_prf_key(std::string_view key, const hash::Node32& a, const hash::Node32& b) {
  ChaChaKey out;
  Blake2b(32, as_bytes(key)).update(a).update(b).finalize(out);
  return out;
}

uint32_t global_index(unsigned per_partition, unsigned k, unsigned i) {
  return uint32_t(uint64_t(per_partition) * k + i);
}

}  // namespace

uint64_t challenge_from_bytes(std::span<const uint8_t, 32> bytes, uint64_t nodes) {
  if (nodes < 2) throw std::invalid_argument("challenge: need at least 2 nodes");
  const uint64_t modulus = nodes - 1;
  unsigned __int128 rem = 0;
  for (int limb = 3; limb >= 0; --limb) {  // most significant 64-bit limb first
    rem = ((rem << 64) | from_le_bytes<uint64_t>(&bytes[8 * limb])) % modulus;
  }
  return uint64_t(rem) + 1;
}

std::vector<uint64_t> interactive_challenges(uint64_t nodes, const hash::Node32& replica_id,
                                             const hash::Node32& seed, unsigned per_partition,
                                             unsigned k) {
  std::vector<uint64_t> out(per_partition);
  for (unsigned i = 0; i < per_partition; ++i) {
    hash::Sha256 hasher;
    hasher.update(replica_id).update(seed).update(to_le_bytes(global_index(per_partition, k, i)));
    out[i] = challenge_from_bytes(hasher.finalize(), nodes);
  }
  return out;
}

std::vector<uint64_t> non_interactive_challenges(uint64_t nodes, const hash::Node32& replica_id,
                                                 const hash::Node32& comm_r, unsigned per_partition,
                                                 unsigned k) {
  std::vector<uint64_t> out(per_partition);
  for (unsigned i = 0; i < per_partition; ++i) {
    hash::Sha256 hasher;
    hasher.update(as_bytes(kNiTag)).update(replica_id).update(comm_r);
    hasher.update(to_le_bytes(global_index(per_partition, k, i)));
    out[i] = challenge_from_bytes(hasher.finalize(), nodes);
  }
  return out;
}

SyntheticChallenges::SyntheticChallenges(uint64_t nodes, const hash::Node32& replica_id,
                                         const hash::Node32& comm_r, uint64_t count)
    : nodes_(nodes),
      count_(count),
      replica_id_(replica_id),
      generation_key_(synthetic_prf_key(kSynthGenerationKey, replica_id, comm_r)) {
  if (count == 0 || count > UINT32_MAX) {
    throw std::invalid_argument("synthetic challenges: count must be in 1..2^32-1");
  }
}

uint64_t SyntheticChallenges::challenge(uint64_t i) const {
  if (i >= count_) {
    throw std::out_of_range("synthetic challenge " + std::to_string(i) + " >= count " +
                            std::to_string(count_));
  }
  std::array<uint8_t, 32> bytes;
  chacha20_keystream(generation_key_, kSynthNonce, 32 * i, bytes);
  return challenge_from_bytes(bytes, nodes_);
}

std::vector<uint64_t> SyntheticChallenges::selected_indexes(const hash::Node32& seed,
                                                            unsigned per_partition,
                                                            unsigned k) const {
  const ChaChaKey key = synthetic_prf_key(kSynthSelectionKey, replica_id_, seed);
  std::vector<uint8_t> bytes(4 * size_t(per_partition));
  chacha20_keystream(key, kSynthNonce, 4 * uint64_t(global_index(per_partition, k, 0)), bytes);
  std::vector<uint64_t> out(per_partition);
  for (unsigned i = 0; i < per_partition; ++i) {
    out[i] = from_le_bytes<uint32_t>(&bytes[4 * i]) % count_;
  }
  return out;
}

std::vector<uint64_t> SyntheticChallenges::partition_challenges(const hash::Node32& seed,
                                                                unsigned per_partition,
                                                                unsigned k) const {
  std::vector<uint64_t> out = selected_indexes(seed, per_partition, k);
  for (auto& c : out) c = challenge(c);
  return out;
}

std::vector<uint64_t> porep_partition_challenges(const ProofType& proof, const ChallengeSeed& in,
                                                 unsigned k) {
  if (k >= proof.partitions()) {
    throw std::out_of_range("partition " + std::to_string(k) +
                            " >= " + std::to_string(proof.partitions()) + " partitions of " +
                            std::string(proof.name));
  }
  const uint64_t nodes = proof.sector->nodes();
  const unsigned n = proof.challenges_per_partition();
  switch (proof.challenge_mode()) {
    case ChallengeMode::kInteractive:
      return interactive_challenges(nodes, in.replica_id, in.seed, n, k);
    case ChallengeMode::kNonInteractive:
      return non_interactive_challenges(nodes, in.replica_id, in.comm_r, n, k);
    case ChallengeMode::kSynthetic:
      return SyntheticChallenges(nodes, in.replica_id, in.comm_r)
          .partition_challenges(in.seed, n, k);
  }
  throw std::logic_error("unknown challenge mode");
}

}  // namespace cuzk::filecoin
