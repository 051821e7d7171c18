// SHA-256 constants (FIPS 180-4 §4.2.2 and §5.3.3), derived at compile time from their
// definition instead of being pasted in:
//   K[i]  = first 32 bits of the fractional part of the cube root of the i-th prime (i < 64),
//   H0[i] = first 32 bits of the fractional part of the square root of the i-th prime (i < 8).
// floor(frac(p^(1/k)) * 2^32) = floor((p * 2^(32k))^(1/k)) mod 2^32, so both reduce to an exact
// integer k-th root of a number below 2^128, found by binary search.
#pragma once

#include <array>
#include <cstdint>

namespace cuzk::hash {
namespace sha256_detail {

using u128 = unsigned __int128;

constexpr std::array<uint64_t, 64> first_primes() {
  std::array<uint64_t, 64> primes{};
  size_t count = 0;
  for (uint64_t n = 2; count < primes.size(); ++n) {
    bool is_prime = true;
    for (uint64_t d = 2; d * d <= n; ++d) {
      if (n % d == 0) is_prime = false;
    }
    if (is_prime) primes[count++] = n;
  }
  return primes;
}

// Largest r with r^k <= x (k = 2 or 3; x < 2^106, so r < 2^42 and r^k < 2^126 never overflows).
constexpr uint64_t integer_root(u128 x, unsigned k) {
  uint64_t lo = 0, hi = uint64_t(1) << 42;
  while (lo < hi) {
    uint64_t mid = lo + (hi - lo + 1) / 2;
    u128 p = 1;
    for (unsigned i = 0; i < k; ++i) p *= mid;
    if (p <= x)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

constexpr uint32_t fractional_root_bits(uint64_t prime, unsigned k) {
  return uint32_t(integer_root(u128(prime) << (32 * k), k));
}

}  // namespace sha256_detail

inline constexpr std::array<uint32_t, 64> kSha256RoundConstants = [] {
  std::array<uint32_t, 64> k{};
  auto primes = sha256_detail::first_primes();
  for (size_t i = 0; i < k.size(); ++i) k[i] = sha256_detail::fractional_root_bits(primes[i], 3);
  return k;
}();

inline constexpr std::array<uint32_t, 8> kSha256InitialState = [] {
  std::array<uint32_t, 8> h{};
  auto primes = sha256_detail::first_primes();
  for (size_t i = 0; i < h.size(); ++i) h[i] = sha256_detail::fractional_root_bits(primes[i], 2);
  return h;
}();

// Spot checks against the values printed in FIPS 180-4.
static_assert(kSha256RoundConstants[0] == 0x428a2f98 && kSha256RoundConstants[63] == 0xc67178f2);
static_assert(kSha256InitialState[0] == 0x6a09e667 && kSha256InitialState[7] == 0x5be0cd19);

}  // namespace cuzk::hash
