// Portable SHA-256 compression (FIPS 180-4 §6.2.2), the reference the SHA-NI path is tested
// against and the fallback on CPUs without SHA extensions. The message schedule is kept as a
// 16-word ring (W[t] overwrites W[t-16]), computed on the fly inside the 64 rounds.
#include <bit>

#include "hash/sha256_backends.hpp"

namespace cuzk::hash::sha256_detail {
namespace {

inline uint32_t load_be32(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}

// FIPS 180-4 §4.1.2 functions.
inline uint32_t big_sigma0(uint32_t x) {
  return std::rotr(x, 2) ^ std::rotr(x, 13) ^ std::rotr(x, 22);
}
inline uint32_t big_sigma1(uint32_t x) {
  return std::rotr(x, 6) ^ std::rotr(x, 11) ^ std::rotr(x, 25);
}
inline uint32_t small_sigma0(uint32_t x) {
  return std::rotr(x, 7) ^ std::rotr(x, 18) ^ (x >> 3);
}
inline uint32_t small_sigma1(uint32_t x) {
  return std::rotr(x, 17) ^ std::rotr(x, 19) ^ (x >> 10);
}
inline uint32_t choose(uint32_t e, uint32_t f, uint32_t g) {
  return (e & f) ^ (~e & g);
}
inline uint32_t majority(uint32_t a, uint32_t b, uint32_t c) {
  return (a & b) ^ (a & c) ^ (b & c);
}

void compress_block(Sha256State& state, const uint8_t* block) {
  uint32_t w[16];
  for (int t = 0; t < 16; ++t) w[t] = load_be32(block + 4 * t);
  uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
  uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
  for (int t = 0; t < 64; ++t) {
    if (t >= 16) {
      w[t & 15] += small_sigma1(w[(t - 2) & 15]) + w[(t - 7) & 15] + small_sigma0(w[(t - 15) & 15]);
    }
    uint32_t t1 = h + big_sigma1(e) + choose(e, f, g) + kSha256RoundConstants[t] + w[t & 15];
    uint32_t t2 = big_sigma0(a) + majority(a, b, c);
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

}  // namespace

void compress_portable(Sha256State& state, const uint8_t* blocks, size_t block_count) {
  for (size_t i = 0; i < block_count; ++i) compress_block(state, blocks + i * kSha256BlockBytes);
}

}  // namespace cuzk::hash::sha256_detail
