// Fixed-width unsigned big integers as arrays of 64-bit limbs (least significant first).
//
// Everything here is constexpr so that field constants (R, R^2, -p^-1, exponents such as
// (p-1)/2) are derived from the modulus at compile time instead of being pasted in.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace cuzk::ff {

template <size_t N>
using Limbs = std::array<uint64_t, N>;

using u128 = unsigned __int128;

// Parses a big-endian hex literal ("0x..." optional) into N limbs. Compile-time use only: a bad
// digit or an overflowing literal makes the constant expression ill-formed.
template <size_t N>
consteval Limbs<N> limbs_from_hex(std::string_view s) {
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  Limbs<N> out{};
  size_t bit = 0;
  for (size_t i = s.size(); i-- > 0;) {
    char c = s[i];
    uint64_t d = (c >= '0' && c <= '9')   ? uint64_t(c - '0')
                 : (c >= 'a' && c <= 'f') ? uint64_t(c - 'a' + 10)
                 : (c >= 'A' && c <= 'F') ? uint64_t(c - 'A' + 10)
                                          : throw "bad hex digit";
    if (bit / 64 >= N) {
      if (d != 0) throw "hex literal too large";
      continue;
    }
    out[bit / 64] |= d << (bit % 64);
    bit += 4;
  }
  return out;
}

template <size_t N>
constexpr bool limbs_is_zero(const Limbs<N>& a) {
  uint64_t acc = 0;
  for (uint64_t x : a) acc |= x;
  return acc == 0;
}

// a >= b
template <size_t N>
constexpr bool limbs_geq(const Limbs<N>& a, const Limbs<N>& b) {
  for (size_t i = N; i-- > 0;) {
    if (a[i] != b[i]) return a[i] > b[i];
  }
  return true;
}

// r = a + b, returns the carry out.
template <size_t N>
constexpr uint64_t limbs_add(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
  uint64_t carry = 0;
  for (size_t i = 0; i < N; ++i) {
    u128 t = u128(a[i]) + b[i] + carry;
    r[i] = uint64_t(t);
    carry = uint64_t(t >> 64);
  }
  return carry;
}

// r = a - b, returns the borrow out (1 when a < b).
template <size_t N>
constexpr uint64_t limbs_sub(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
  uint64_t borrow = 0;
  for (size_t i = 0; i < N; ++i) {
    u128 t = u128(a[i]) - b[i] - borrow;
    r[i] = uint64_t(t);
    borrow = uint64_t(t >> 64) & 1;
  }
  return borrow;
}

template <size_t N>
constexpr Limbs<N> limbs_shr(const Limbs<N>& a, unsigned s) {
  Limbs<N> r{};
  const unsigned w = s / 64, b = s % 64;
  for (size_t i = 0; i + w < N; ++i) {
    r[i] = a[i + w] >> b;
    if (b != 0 && i + w + 1 < N) r[i] |= a[i + w + 1] << (64 - b);
  }
  return r;
}

template <size_t N>
constexpr bool limbs_bit(const Limbs<N>& a, size_t i) {
  return (a[i / 64] >> (i % 64)) & 1;
}

template <size_t N>
constexpr size_t limbs_bit_length(const Limbs<N>& a) {
  for (size_t i = N; i-- > 0;) {
    if (a[i] != 0) return i * 64 + (64 - size_t(__builtin_clzll(a[i])));
  }
  return 0;
}

template <size_t N>
constexpr Limbs<N> limbs_from_u64(uint64_t x) {
  Limbs<N> r{};
  r[0] = x;
  return r;
}

// Full product of an N-limb and an M-limb number.
template <size_t N, size_t M>
constexpr Limbs<N + M> limbs_mul(const Limbs<N>& a, const Limbs<M>& b) {
  Limbs<N + M> r{};
  for (size_t i = 0; i < N; ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < M; ++j) {
      u128 t = u128(a[i]) * b[j] + r[i + j] + carry;
      r[i + j] = uint64_t(t);
      carry = uint64_t(t >> 64);
    }
    r[i + M] = carry;
  }
  return r;
}

// Quotient and remainder by a single 64-bit divisor.
template <size_t N>
constexpr Limbs<N> limbs_div_u64(const Limbs<N>& a, uint64_t d, uint64_t* rem = nullptr) {
  Limbs<N> q{};
  u128 r = 0;
  for (size_t i = N; i-- > 0;) {
    r = (r << 64) | a[i];
    q[i] = uint64_t(r / d);
    r %= d;
  }
  if (rem) *rem = uint64_t(r);
  return q;
}

}  // namespace cuzk::ff
