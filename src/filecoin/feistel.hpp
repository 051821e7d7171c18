// The keyed Feistel permutation behind the expander parents (storage-proofs-core
// crypto/feistel.rs; spec §6): a 3-round balanced Feistel network over 2h-bit values, where
// 4^h is the smallest power of four (h >= 1) not below the domain size N, with the round
// function F(R, k) = first 8 bytes, big-endian, of BLAKE2b-512(R as u64 BE ‖ k as u64 BE),
// masked to h bits. Values landing in [N, 4^h) are re-encrypted until they fall below N
// ("cycle walking"), which makes it a permutation of [0, N).
#pragma once

#include <array>
#include <cstdint>

#include "hash/node32.hpp"

namespace cuzk::filecoin {

inline constexpr unsigned kFeistelRounds = 3;
using FeistelKeys = std::array<uint64_t, 4>;  // only the first kFeistelRounds are used

// keys[i] = SHA-256("Filecoin_Feistel" ‖ porep_id) bytes [8i, 8i + 8) as u64 LE.
FeistelKeys derive_feistel_keys(const hash::Node32& porep_id);

class FeistelPermutation {
 public:
  // Throws std::invalid_argument for domain_size 0 or above 2^62.
  FeistelPermutation(uint64_t domain_size, const FeistelKeys& keys);

  uint64_t permute(uint64_t x) const;  // x < domain_size
  uint64_t domain_size() const { return domain_size_; }
  unsigned half_bits() const { return half_bits_; }

 private:
  uint64_t encode(uint64_t x) const;

  uint64_t domain_size_;
  FeistelKeys keys_;
  unsigned half_bits_ = 1;
  uint64_t right_mask_ = 0;
};

}  // namespace cuzk::filecoin
