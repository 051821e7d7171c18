// SHA-256 (FIPS 180-4): the compression function on a chaining state, a streaming hasher and a
// one-shot digest.
//
// Two implementations of the compression function exist (sha256_compress_portable.cpp and
// sha256_compress_shani.cpp, the x86 SHA extensions). The binary is built for baseline x86-64;
// the SHA-NI path is compiled with a function-level target attribute and chosen once, at the
// first call, when cpuid reports SHA, SSSE3 and SSE4.1. Both give identical results (tested).
//
// The compression API is what circuits need to check their witness (a state plus 64-byte
// blocks, no padding); the streaming/one-shot API does FIPS padding.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "hash/sha256_constants.hpp"

namespace cuzk::hash {

// Chaining value H0..H7 (FIPS names a..h), native-endian words.
using Sha256State = std::array<uint32_t, 8>;
using Sha256Digest = std::array<uint8_t, 32>;
inline constexpr size_t kSha256BlockBytes = 64;

enum class Sha256Impl { kPortable, kShaNi };

// Whether this CPU can run the SHA-NI path.
bool sha256_shani_supported();
// The implementation sha256_compress dispatches to: SHA-NI when supported, else portable.
Sha256Impl sha256_active_impl();
const char* sha256_impl_name(Sha256Impl impl);

// Compresses `block_count` consecutive 64-byte blocks into `state` with the active
// implementation.
void sha256_compress(Sha256State& state, const uint8_t* blocks, size_t block_count);
inline void sha256_compress(Sha256State& state, std::span<const uint8_t, kSha256BlockBytes> block) {
  sha256_compress(state, block.data(), 1);
}
// Same with a chosen implementation (tests, benchmarks). Throws std::invalid_argument when the
// CPU does not support it.
void sha256_compress_with(Sha256Impl impl, Sha256State& state, const uint8_t* blocks,
                          size_t block_count);

// The state words serialized big-endian: the standard digest byte order.
Sha256Digest sha256_state_to_digest(const Sha256State& state);

// Streaming SHA-256 with FIPS padding (§5.1.1). Reusable after finalize() via reset().
class Sha256 {
 public:
  Sha256() { reset(); }
  void reset();
  Sha256& update(std::span<const uint8_t> data);
  Sha256Digest finalize();

 private:
  Sha256State state_;
  std::array<uint8_t, kSha256BlockBytes> buffer_;
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

Sha256Digest sha256(std::span<const uint8_t> message);
inline Sha256Digest sha256(std::string_view message) {
  return sha256({reinterpret_cast<const uint8_t*>(message.data()), message.size()});
}

}  // namespace cuzk::hash
