// BLAKE2b compression and padding, written from RFC 7693 §3.
#include "filecoin/blake2b.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "filecoin/bytes.hpp"

namespace cuzk::filecoin {
namespace {

// RFC 7693 §2.6: the SHA-512 initial hash values.
constexpr std::array<uint64_t, 8> kIv = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                         0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                         0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};

// RFC 7693 §2.7: message word schedule SIGMA (rounds 10 and 11 reuse rows 0 and 1).
constexpr uint8_t kSigma[12][16] = {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
                                    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
                                    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
                                    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
                                    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
                                    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
                                    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
                                    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
                                    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
                                    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
                                    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
                                    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

// RFC 7693 §3.1: the mixing function G with rotations 32, 24, 16, 63.
inline void mix(uint64_t* v, int a, int b, int c, int d, uint64_t x, uint64_t y) {
  v[a] = v[a] + v[b] + x;
  v[d] = std::rotr(v[d] ^ v[a], 32);
  v[c] = v[c] + v[d];
  v[b] = std::rotr(v[b] ^ v[c], 24);
  v[a] = v[a] + v[b] + y;
  v[d] = std::rotr(v[d] ^ v[a], 16);
  v[c] = v[c] + v[d];
  v[b] = std::rotr(v[b] ^ v[c], 63);
}

}  // namespace

Blake2b::Blake2b(size_t digest_bytes, std::span<const uint8_t> key) : digest_bytes_(digest_bytes) {
  if (digest_bytes < 1 || digest_bytes > kMaxDigestBytes) {
    throw std::invalid_argument("blake2b: digest length must be 1..64 bytes");
  }
  if (key.size() > kMaxKeyBytes) throw std::invalid_argument("blake2b: key longer than 64 bytes");
  h_ = kIv;
  // Parameter block word 0: digest length, key length, fanout 1, depth 1.
  h_[0] ^= 0x01010000u ^ (uint64_t(key.size()) << 8) ^ digest_bytes;
  if (!key.empty()) {
    // RFC 7693 §3.3: a key is hashed as a first block of its own, zero padded.
    std::memcpy(buffer_.data(), key.data(), key.size());
    buffered_ = kBlockBytes;
  }
}

void Blake2b::compress(const uint8_t* block, bool last) {
  uint64_t m[16];
  for (int i = 0; i < 16; ++i) m[i] = from_le_bytes<uint64_t>(block + 8 * i);
  uint64_t v[16];
  for (int i = 0; i < 8; ++i) {
    v[i] = h_[i];
    v[i + 8] = kIv[i];
  }
  v[12] ^= counter_lo_;
  v[13] ^= counter_hi_;
  if (last) v[14] = ~v[14];
  for (const auto& s : kSigma) {
    mix(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    mix(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    mix(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    mix(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    mix(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    mix(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    mix(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    mix(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (int i = 0; i < 8; ++i) h_[i] ^= v[i] ^ v[i + 8];
}

Blake2b& Blake2b::update(std::span<const uint8_t> data) {
  size_t pos = 0;
  while (pos < data.size()) {
    if (buffered_ == kBlockBytes) {  // more input follows, so the buffered block is not last
      counter_lo_ += kBlockBytes;
      if (counter_lo_ < kBlockBytes) ++counter_hi_;
      compress(buffer_.data(), false);
      buffered_ = 0;
    }
    const size_t take = std::min(kBlockBytes - buffered_, data.size() - pos);
    std::memcpy(buffer_.data() + buffered_, data.data() + pos, take);
    buffered_ += take;
    pos += take;
  }
  return *this;
}

void Blake2b::finalize(std::span<uint8_t> out) {
  if (out.size() != digest_bytes_) throw std::invalid_argument("blake2b: wrong output length");
  counter_lo_ += buffered_;
  if (counter_lo_ < buffered_) ++counter_hi_;
  std::memset(buffer_.data() + buffered_, 0, kBlockBytes - buffered_);
  compress(buffer_.data(), true);
  for (size_t i = 0; i < out.size(); ++i) out[i] = uint8_t(h_[i / 8] >> (8 * (i % 8)));
}

std::array<uint8_t, 64> blake2b_512(std::span<const uint8_t> data) {
  std::array<uint8_t, 64> out;
  Blake2b().update(data).finalize(out);
  return out;
}

}  // namespace cuzk::filecoin
