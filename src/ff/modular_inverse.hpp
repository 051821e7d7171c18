// Variable-time modular inversion by Bernstein–Yang divsteps ("Fast constant-time gcd
// computation and modular inversion", 2019), in batches of 62, for MontField::inverse().
//
// Design. f = p, g = x, with d, e such that f = d*x and g = e*x (mod p). Each batch runs 62
// divsteps on the low 64 bits of f and g only (that is all a divstep looks at), recording them
// as a 2x2 integer matrix M = [u v; q r] with |u|+|v|, |q|+|r| <= 2^62. Then the full numbers
// take one step: (f, g) <- M (f, g) / 2^62 (exact), (d, e) <- M (d, e) / 2^62 mod p (made
// divisible by adding k*p with k = -(low word) * p^-1 mod 2^62). When g reaches 0, f = +-1 and
// x^-1 = +-d. Runs of even g are skipped with one count-trailing-zeros, hence variable time:
// use it on public values only (the prover's inversions are of public or blinded data; the
// Fermat path stays for compile-time evaluation).
// Numbers are signed, in radix 2^62 (limbs 0..L-2 in [0, 2^62), the top limb carries the sign),
// so that the division by 2^62 is a shift by one limb. f and g stay within (-p, p]; d and e are
// brought back into [0, p) after every batch.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "ff/limbs.hpp"

namespace cuzk::ff {

namespace divsteps_detail {

using i128 = __int128;
inline constexpr int kBatch = 62;
inline constexpr uint64_t kMask = (uint64_t(1) << kBatch) - 1;

struct Matrix {
  int64_t u, v, q, r;
};

// 62 divsteps (delta form) on the low words of f and g; returns the matrix, updates delta.
inline Matrix divsteps62(int64_t& delta, uint64_t f, uint64_t g) {
  int64_t u = 1, v = 0, q = 0, r = 1;
  int left = kBatch;
  for (;;) {
    // g even: g <- g / 2^z (and the f row doubles z times to keep integer entries).
    const int z = __builtin_ctzll(g | (uint64_t(1) << left));
    g >>= z;
    u = int64_t(uint64_t(u) << z);
    v = int64_t(uint64_t(v) << z);
    delta += z;
    left -= z;
    if (left == 0) break;
    // g odd: one divstep, branch-free (delta > 0 is a coin toss for the branch predictor).
    // If delta > 0: (f, g, delta) <- (g, -f, -delta), likewise the matrix rows; then for both
    // cases g <- (g + f) / 2, i.e. (g - f) / 2 after a swap.
    const uint64_t m = uint64_t(0) - uint64_t(delta > 0);
    uint64_t t = (f ^ g) & m;
    f ^= t;
    g = ((g ^ t) ^ m) - m;
    uint64_t tu = (uint64_t(u) ^ uint64_t(q)) & m;
    u = int64_t(uint64_t(u) ^ tu);
    q = int64_t(((uint64_t(q) ^ tu) ^ m) - m);
    uint64_t tv = (uint64_t(v) ^ uint64_t(r)) & m;
    v = int64_t(uint64_t(v) ^ tv);
    r = int64_t(((uint64_t(r) ^ tv) ^ m) - m);
    delta = int64_t((uint64_t(delta) ^ m) - m) + 1;
    g = (g + f) >> 1;
    q += u;
    r += v;
    u = int64_t(uint64_t(u) << 1);
    v = int64_t(uint64_t(v) << 1);
    --left;
  }
  return {u, v, q, r};
}

template <size_t L>
using Signed62 = std::array<int64_t, L>;

template <size_t L, size_t N>
constexpr Signed62<L> to_signed62(const Limbs<N>& x) {
  Signed62<L> out{};
  for (size_t j = 0; j < L; ++j) {
    uint64_t w = 0;
    for (size_t b = 0; b < kBatch; ++b) {
      const size_t bit = j * kBatch + b;
      if (bit < 64 * N && limbs_bit(x, bit)) w |= uint64_t(1) << b;
    }
    out[j] = int64_t(w);
  }
  return out;
}

// x must be in [0, 2^(64N)).
template <size_t N, size_t L>
Limbs<N> from_signed62(const Signed62<L>& x) {
  Limbs<N> out{};
  for (size_t j = 0; j < L; ++j) {
    const u128 w = uint64_t(x[j]);
    const size_t bit = j * kBatch;
    const size_t limb = bit / 64, shift = bit % 64;
    if (limb < N) out[limb] |= uint64_t(w << shift);
    if (shift != 0 && limb + 1 < N) out[limb + 1] |= uint64_t(w >> (64 - shift));
  }
  return out;
}

// (a*x + b*y) / 2^62 for x*a + y*b divisible by 2^62.
template <size_t L>
Signed62<L> combine_shift(int64_t a, const Signed62<L>& x, int64_t b, const Signed62<L>& y) {
  Signed62<L> out;
  i128 c = i128(a) * x[0] + i128(b) * y[0];
  c >>= kBatch;
  for (size_t i = 1; i < L; ++i) {
    c += i128(a) * x[i] + i128(b) * y[i];
    out[i - 1] = int64_t(uint64_t(c) & kMask);
    c >>= kBatch;
  }
  out[L - 1] = int64_t(c);
  return out;
}

// (a*x + b*y + k*p) / 2^62 with k chosen to make the sum divisible; p_inv = p^-1 mod 2^62.
template <size_t L>
Signed62<L> combine_shift_mod(int64_t a, const Signed62<L>& x, int64_t b, const Signed62<L>& y,
                              const Signed62<L>& p, uint64_t p_inv) {
  const uint64_t low = uint64_t(a) * uint64_t(x[0]) + uint64_t(b) * uint64_t(y[0]);
  const int64_t k = int64_t((0 - low) * p_inv & kMask);
  Signed62<L> out;
  i128 c = i128(a) * x[0] + i128(b) * y[0] + i128(k) * p[0];
  c >>= kBatch;
  for (size_t i = 1; i < L; ++i) {
    c += i128(a) * x[i] + i128(b) * y[i] + i128(k) * p[i];
    out[i - 1] = int64_t(uint64_t(c) & kMask);
    c >>= kBatch;
  }
  out[L - 1] = int64_t(c);
  return out;
}

template <size_t L>
bool is_negative(const Signed62<L>& x) {
  return x[L - 1] < 0;
}

template <size_t L>
bool is_zero(const Signed62<L>& x) {
  int64_t acc = 0;
  for (int64_t w : x) acc |= w;
  return acc == 0;
}

// x + s*p for s = +1 or -1, renormalising the limbs.
template <size_t L>
void add_multiple(Signed62<L>& x, const Signed62<L>& p, int64_t s) {
  int64_t carry = 0;
  for (size_t i = 0; i + 1 < L; ++i) {
    const int64_t t = x[i] + s * p[i] + carry;
    x[i] = int64_t(uint64_t(t) & kMask);
    carry = t >> kBatch;
  }
  x[L - 1] += s * p[L - 1] + carry;
}

template <size_t L>
bool geq(const Signed62<L>& a, const Signed62<L>& b) {
  for (size_t i = L; i-- > 0;) {
    if (a[i] != b[i]) return a[i] > b[i];
  }
  return true;
}

// [-p, 2p) -> [0, p)
template <size_t L>
void normalize(Signed62<L>& x, const Signed62<L>& p) {
  if (is_negative(x)) {
    add_multiple(x, p, 1);
  } else if (geq(x, p)) {
    add_multiple(x, p, -1);
  }
}

}  // namespace divsteps_detail

// x^-1 mod p for the odd modulus F::kModulus, x in [1, p) (a plain integer, not Montgomery
// form). Inverse of 0 is 0. Variable time.
template <class F>
Limbs<F::kLimbs> modular_inverse_vartime(const Limbs<F::kLimbs>& x) {
  namespace d = divsteps_detail;
  constexpr size_t N = F::kLimbs;
  constexpr size_t L = (F::kBits + 2 + d::kBatch - 1) / d::kBatch;  // room for |value| < 2p
  static constexpr d::Signed62<L> p = d::to_signed62<L>(F::kModulus);
  const uint64_t p_inv = (0 - F::kInv) & d::kMask;  // kInv = -p^-1 mod 2^64

  d::Signed62<L> f = p, g = d::to_signed62<L>(x);
  d::Signed62<L> df{}, eg{};  // f = df * x, g = eg * x (mod p)
  eg[0] = 1;
  int64_t delta = 1;
  while (!d::is_zero(g)) {
    const d::Matrix m = d::divsteps62(delta, uint64_t(f[0]) | (uint64_t(f[1]) << d::kBatch),
                                      uint64_t(g[0]) | (uint64_t(g[1]) << d::kBatch));
    const d::Signed62<L> f2 = d::combine_shift(m.u, f, m.v, g);
    g = d::combine_shift(m.q, f, m.r, g);
    f = f2;
    const d::Signed62<L> df2 = d::combine_shift_mod(m.u, df, m.v, eg, p, p_inv);
    eg = d::combine_shift_mod(m.q, df, m.r, eg, p, p_inv);
    df = df2;
    d::normalize(df, p);
    d::normalize(eg, p);
  }
  // f = +-1 (the gcd); x^-1 = f * df, and -df = p - df for df in (0, p).
  if (d::is_negative(f) && !d::is_zero(df)) {
    for (auto& w : df) w = -w;
    d::add_multiple(df, p, 1);
  }
  return d::from_signed62<N>(df);
}

}  // namespace cuzk::ff
