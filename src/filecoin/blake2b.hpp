// BLAKE2b (RFC 7693), as the Filecoin proofs use it through blake2b_simd: the Feistel round
// function of the expander graph (unkeyed, 64-byte digest) and the synthetic-PoRep key
// derivation (keyed, 32-byte digest).
//
// A plain streaming hasher: update() buffers up to one 128-byte block, because the last block
// is compressed with the final flag and so may only be compressed once no more input follows.
// Portable 64-bit code; the Feistel permutation is its only hot use (a few per parent).
//
// Why our own and not OpenSSL 3's (bench/blake2b_bench.cpp, 2-core x86 dev box, medians of 10
// interleaved runs): a 64-byte digest of 16 bytes, the Feistel call, takes 424 ns here against
// 500 ns for EVP_DigestInit_ex2/Update/Final on a reused EVP_MD_CTX (1,255 ns for EVP_Digest);
// the keyed 32-byte form ties (759 vs 742 ns for BLAKE2BMAC). OpenSSL wins on bulk input
// (533 against 377 MB/s), which only the background parameters.json check sees
// (engine/param_digest.hpp), so the per-call cost of the hot path decides. Unrolling the 12
// rounds with compile-time SIGMA rows was measured slower (register spills), so the loop stays.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace cuzk::filecoin {

class Blake2b {
 public:
  static constexpr size_t kBlockBytes = 128;
  static constexpr size_t kMaxDigestBytes = 64;
  static constexpr size_t kMaxKeyBytes = 64;

  // digest_bytes in 1..64, key of 0..64 bytes; throws std::invalid_argument otherwise.
  explicit Blake2b(size_t digest_bytes = kMaxDigestBytes, std::span<const uint8_t> key = {});

  Blake2b& update(std::span<const uint8_t> data);
  Blake2b& update(std::string_view data) {
    return update({reinterpret_cast<const uint8_t*>(data.data()), data.size()});
  }
  // Writes digest_bytes bytes. The hasher must not be used afterwards.
  void finalize(std::span<uint8_t> out);

 private:
  void compress(const uint8_t* block, bool last);

  std::array<uint64_t, 8> h_;
  std::array<uint8_t, kBlockBytes> buffer_{};
  size_t buffered_ = 0;
  uint64_t counter_lo_ = 0, counter_hi_ = 0;  // bytes compressed so far (128-bit)
  size_t digest_bytes_;
};

std::array<uint8_t, 64> blake2b_512(std::span<const uint8_t> data);

}  // namespace cuzk::filecoin
