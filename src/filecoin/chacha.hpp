// The ChaCha block function (D. J. Bernstein; RFC 8439 §2.3) with a chosen round count, and the
// two keystreams the Filecoin proofs draw from it:
//   ChaCha8Rng  rand_chacha 0.3 `ChaCha8Rng::from_seed` (the DRG parent sampler): key = seed,
//               a 64-bit block counter from 0 in state words 12-13, stream id 0 in words 14-15;
//               next_u32 returns the block words in order, next_u64 two of them, low word first.
//   chacha20_keystream  RFC 8439 ChaCha20 (96-bit nonce, 32-bit block counter from 0) read from
//               any byte offset, as the Rust `chacha20` crate's try_seek + apply_keystream do
//               (the synthetic-PoRep PRFs).
// Why our own: OpenSSL has no ChaCha8 (rand_chacha's round count for the DRG parents), so this
// block function stays for it, and one function serves both round counts. OpenSSL's EVP_chacha20
// (16-byte IV = 32-bit LE counter ‖ 96-bit nonce) gives the same ChaCha20 stream, but the PRFs read
// 4 to 32 bytes per call, where re-keying an EVP_CIPHER_CTX per read costs more than a block:
// 320 ns against 239 ns for a 32-byte read at offset 32i (2-core x86 dev box).
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace cuzk::filecoin {

using ChaChaKey = std::array<uint8_t, 32>;
using ChaChaBlock = std::array<uint32_t, 16>;

// One block: the state is "expand 32-byte k" ‖ key (8 LE words) ‖ tail (words 12..15); after
// rounds/2 double rounds the input state is added back. `rounds` is even (8, 12, 20).
ChaChaBlock chacha_block(const ChaChaKey& key, const std::array<uint32_t, 4>& tail,
                         unsigned rounds);

class ChaCha8Rng {
 public:
  explicit ChaCha8Rng(const ChaChaKey& seed) : key_(seed) {}
  uint32_t next_u32();
  uint64_t next_u64() {
    const uint64_t lo = next_u32();
    return lo | uint64_t(next_u32()) << 32;
  }

 private:
  ChaChaKey key_;
  ChaChaBlock block_{};
  unsigned index_ = 16;  // next word of block_; 16 = exhausted
  uint64_t counter_ = 0;
};

// Writes out.size() keystream bytes starting at byte `offset` of the ChaCha20 stream for (key,
// nonce). Throws std::out_of_range if the stream would pass its 2^32 blocks.
void chacha20_keystream(const ChaChaKey& key, std::span<const uint8_t, 12> nonce, uint64_t offset,
                        std::span<uint8_t> out);

}  // namespace cuzk::filecoin
