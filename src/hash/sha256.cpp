// SHA-256 dispatch (portable vs SHA-NI, resolved once from cpuid), FIPS padding for the
// streaming hasher, and the big-endian digest serialization.
#include "hash/sha256.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "hash/sha256_backends.hpp"

namespace cuzk::hash {

bool sha256_shani_supported() {
  static const bool supported = sha256_detail::cpu_has_shani();
  return supported;
}

Sha256Impl sha256_active_impl() {
  return sha256_shani_supported() ? Sha256Impl::kShaNi : Sha256Impl::kPortable;
}

const char* sha256_impl_name(Sha256Impl impl) {
  return impl == Sha256Impl::kShaNi ? "sha-ni" : "portable";
}

void sha256_compress(Sha256State& state, const uint8_t* blocks, size_t block_count) {
  if (sha256_shani_supported()) {
    sha256_detail::compress_shani(state, blocks, block_count);
  } else {
    sha256_detail::compress_portable(state, blocks, block_count);
  }
}

void sha256_compress_with(Sha256Impl impl, Sha256State& state, const uint8_t* blocks,
                          size_t block_count) {
  switch (impl) {
    case Sha256Impl::kPortable:
      sha256_detail::compress_portable(state, blocks, block_count);
      return;
    case Sha256Impl::kShaNi:
      if (!sha256_shani_supported()) {
        throw std::invalid_argument("sha256_compress_with: this CPU has no SHA extensions");
      }
      sha256_detail::compress_shani(state, blocks, block_count);
      return;
  }
  throw std::invalid_argument("sha256_compress_with: unknown implementation");
}

Sha256Digest sha256_state_to_digest(const Sha256State& state) {
  Sha256Digest out;
  for (size_t i = 0; i < state.size(); ++i) {
    out[4 * i + 0] = uint8_t(state[i] >> 24);
    out[4 * i + 1] = uint8_t(state[i] >> 16);
    out[4 * i + 2] = uint8_t(state[i] >> 8);
    out[4 * i + 3] = uint8_t(state[i]);
  }
  return out;
}

void Sha256::reset() {
  state_ = kSha256InitialState;
  buffered_ = 0;
  total_bytes_ = 0;
}

Sha256& Sha256::update(std::span<const uint8_t> data) {
  if (data.empty()) return *this;  // data() may be null
  total_bytes_ += data.size();
  const uint8_t* p = data.data();
  size_t n = data.size();
  if (buffered_ > 0) {
    size_t take = std::min(n, kSha256BlockBytes - buffered_);
    std::memcpy(buffer_.data() + buffered_, p, take);
    buffered_ += take;
    p += take;
    n -= take;
    if (buffered_ < kSha256BlockBytes) return *this;
    sha256_compress(state_, buffer_.data(), 1);
    buffered_ = 0;
  }
  size_t whole = n / kSha256BlockBytes;
  if (whole > 0) sha256_compress(state_, p, whole);
  p += whole * kSha256BlockBytes;
  n -= whole * kSha256BlockBytes;
  std::memcpy(buffer_.data(), p, n);
  buffered_ = n;
  return *this;
}

// FIPS 180-4 §5.1.1: a 1 bit, zeros up to 448 mod 512 bits, then the 64-bit big-endian length.
Sha256Digest Sha256::finalize() {
  const uint64_t bit_length = total_bytes_ * 8;
  buffer_[buffered_++] = 0x80;
  if (buffered_ > kSha256BlockBytes - 8) {
    std::fill(buffer_.begin() + buffered_, buffer_.end(), 0);
    sha256_compress(state_, buffer_.data(), 1);
    buffered_ = 0;
  }
  std::fill(buffer_.begin() + buffered_, buffer_.end() - 8, 0);
  for (int i = 0; i < 8; ++i) buffer_[kSha256BlockBytes - 1 - i] = uint8_t(bit_length >> (8 * i));
  sha256_compress(state_, buffer_.data(), 1);
  Sha256Digest digest = sha256_state_to_digest(state_);
  reset();
  return digest;
}

Sha256Digest sha256(std::span<const uint8_t> message) {
  Sha256 hasher;
  hasher.update(message);
  return hasher.finalize();
}

}  // namespace cuzk::hash
