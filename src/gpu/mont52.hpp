// Montgomery multiplication of the 32-bit-limb fields (mont32.hpp) with its products on the FP64
// pipe: the same function — out = a·b·R^-1 mod p, R = 2^(32N), fully reduced — computed from
// 52-bit limbs held in doubles.
//
// Why. Every product of mont32.hpp is a 32-bit multiply-add, and on sm_90 all of them go to one
// pipe per SM sub-partition, which the field multiplications keep 93-95 % busy
// (docs/perf/gpu.md, "The ceiling, measured"). The FP64 pipe is as wide and runs beside it at full
// rate (measured: 56.5 IMAD and 56.5 DFMA per SM and clock at once). With 52-bit limbs a product
// has (32/52)² ≈ 0.38 as many limb products (Fp: 8 limbs, 64 products against 144; Fr: 5 limbs, 25
// against 64), each exact in three FP64 operations.
//
// The exact product (Emmart, Zheng and Weems, "Faster modular exponentiation using double
// precision floating point arithmetic on the GPU", ARITH 2018). For integers a, b < 2^52 held
// exactly in doubles:
//   hi = fma_rz(a, b, 2^104)          = 2^104 + H·2^52, H = floor(a·b / 2^52)  (ulp 2^52, toward 0)
//   s  = (2^104 + 2^52) - hi          = (1 - H)·2^52                           (exact)
//   lo = fma_rn(a, b, s)              = 2^52 + L,  L = a·b mod 2^52            (exact: ulp 1)
// so the bit patterns of hi and lo are constant biases plus H and L (the exponent fields are fixed:
// 2^104 ≤ hi < 2^105, 2^52 ≤ lo < 2^53). They are summed as 64-bit integers into columns and the
// biases, whose counts are known at compile time, are subtracted once per column: no conversion
// instruction anywhere. An integer x < 2^52 becomes a double the same way: the bits of 2^52 + x,
// minus 2^52.
//
// The multiplication is product scanning with the Montgomery reduction interleaved (Koç, Acar and
// Kaliski's FIPS): column k collects the a_i·b_j and q_i·p_j with i + j = k (their L halves) and
// i + j = k - 1 (their H halves); for k < L the digit q_k = (column mod 2^52)·(-p^-1) mod 2^52
// then clears the column's low bits, which are shifted out with the carry. The radix must be the
// 32-bit code's R = 2^(32N) for the results to agree bit for bit, and 32N is not a multiple of 52,
// so the last digit is shorter: Fp reduces 7 × 52 + 20 bits, Fr 4 × 52 + 48. Bounds: columns hold
// at most 4L terms below 2^52 (Fp 2^57); the result before the final subtraction is
// (a·b + Q·p)/R < p²/R + p < 2p, as in mont32.hpp.
//
// Ops supplies the two FP64 steps: Fp64Device (the intrinsics above) on the GPU, Fp64Host (the same
// bit patterns from 128-bit integer products) in host tests, which so check the columns, digits
// and conversions on a machine without a GPU; the device tests check the FP64 identities.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpu/hd.hpp"
#include "gpu/mont32.hpp"
#include "gpu/mont32_params.hpp"

namespace cuzk::gpu {
namespace mont52 {

inline constexpr unsigned kDigitBits = 52;
inline constexpr uint64_t kDigitMask = (uint64_t(1) << kDigitBits) - 1;
// Bit patterns of 2^52 + x and of 2^104 + x·2^52 for x < 2^52: exponent fields 1075 and 1127.
inline constexpr uint64_t kLoBias = uint64_t(0x433) << 52;
inline constexpr uint64_t kHiBias = uint64_t(0x467) << 52;

// The 52-bit view of a Mont32 field: limb count, the short last digit, p's limbs, -p^-1 mod 2^52.
template <class Params>
struct Layout {
  static constexpr size_t kWords = Params::kLimbs;
  static constexpr unsigned kRadixBits = 32 * kWords;
  static constexpr size_t kLimbs = (kRadixBits + kDigitBits - 1) / kDigitBits;   // Fp 8, Fr 5
  static constexpr unsigned kLastBits = kRadixBits - kDigitBits * (kLimbs - 1);  // Fp 20, Fr 48

  // Bits [52m, 52m + 52) of a little-endian array of 32-bit words.
  static constexpr CUZK_HD uint64_t limb_of(const uint32_t* w, size_t m) {
    const size_t bit = kDigitBits * m, word = bit / 32, off = bit % 32;
    uint64_t v = uint64_t(w[word]) >> off;
    if (word + 1 < kWords) v |= uint64_t(w[word + 1]) << (32 - off);
    if (word + 2 < kWords && 64 - off < kDigitBits) v |= uint64_t(w[word + 2]) << (64 - off);
    return v & kDigitMask;
  }
  struct Limbs {
    uint64_t v[kLimbs];
  };
  static constexpr Limbs kModulus = [] {
    Limbs p{};
    for (size_t m = 0; m < kLimbs; ++m) p.v[m] = limb_of(Params::kModulus.w, m);
    return p;
  }();
  // -p^-1 mod 2^52 (Newton's iteration mod 2^64, five doublings of the correct low bits).
  static constexpr uint64_t kInv = [] {
    const uint64_t p0 = uint64_t(Params::kModulus.w[0]) | uint64_t(Params::kModulus.w[1]) << 32;
    uint64_t x = 1;
    for (int i = 0; i < 6; ++i) x *= 2 - p0 * x;
    return (uint64_t(0) - x) & kDigitMask;
  }();
  static_assert(kLimbs * kDigitBits >= kRadixBits && kLastBits >= 1 && kLastBits <= kDigitBits);
  static_assert(((kModulus.v[0] * kInv) & kDigitMask) == kDigitMask, "kInv is -p^-1 mod 2^52");
};

// Host stand-in for the FP64 steps: the same bit patterns, computed exactly with integers.
struct Fp64Host {
  static double to_double(uint64_t x) { return double(x); }  // exact below 2^53
  static void product(double a, double b, uint64_t& lo, uint64_t& hi) {
    const unsigned __int128 p = (unsigned __int128)uint64_t(a) * uint64_t(b);
    lo = kLoBias + (uint64_t(p) & kDigitMask);
    hi = kHiBias + uint64_t(p >> kDigitBits);
  }
};

#if defined(__CUDACC__)
struct Fp64Device {
  static __device__ __forceinline__ double to_double(uint64_t x) {
    return __dsub_rn(__longlong_as_double(static_cast<long long>(x | kLoBias)), 0x1p52);
  }
  static __device__ __forceinline__ void product(double a, double b, uint64_t& lo, uint64_t& hi) {
    const double h = __fma_rz(a, b, 0x1p104);
    const double l = __fma_rn(a, b, __dsub_rn(0x1p104 + 0x1p52, h));
    lo = static_cast<uint64_t>(__double_as_longlong(l));
    hi = static_cast<uint64_t>(__double_as_longlong(h));
  }
};
#endif

// The limbs of a value given as 32-bit words, as doubles.
template <class Lay, class Ops>
CUZK_HD void to_limbs(const uint32_t* w, double* out) {
  CUZK_UNROLL
  for (size_t m = 0; m < Lay::kLimbs; ++m) out[m] = Ops::to_double(Lay::limb_of(w, m));
}

// out = (sum_{t < K} a_t·b_t)·R^-1 mod p, fully reduced, for a_t, b_t < p (K·p < R, as in
// mont32::sum_of_products, whose function this is). kSquare (K = 1, b = a): each cross product
// a_i·a_j, i < j, is computed once and its halves added twice.
template <class Params, class Ops, size_t K, bool kSquare, class Chain>
CUZK_HD void sum_of_products(Chain& c, uint32_t* out, const uint32_t* const (&a)[K],
                             const uint32_t* const (&b)[K]) {
  using Lay = Layout<Params>;
  constexpr size_t L = Lay::kLimbs;
  static_assert(K >= 1 && uint64_t(K) * (uint64_t(Params::kModulus.w[Lay::kWords - 1]) + 1) <=
                              (uint64_t(1) << 32),
                "K·p < R: the sum stays below 2p after the reduction");
  static_assert(!kSquare || K == 1);
  double x[K][L], y[K][L], q[L], pd[L];
  CUZK_UNROLL
  for (size_t t = 0; t < K; ++t) {
    to_limbs<Lay, Ops>(a[t], x[t]);
    if (!kSquare) to_limbs<Lay, Ops>(b[t], y[t]);
  }
  constexpr typename Lay::Limbs p = Lay::kModulus;  // a local copy: device code may index it
  CUZK_UNROLL
  for (size_t j = 0; j < L; ++j) pd[j] = double(p.v[j]);

  // cur, nxt: columns k and k + 1 as sums of biased terms; cur_bias, nxt_bias: what to subtract
  // (constants once the loops are unrolled).
  uint64_t cur = 0, nxt = 0, cur_bias = 0, nxt_bias = 0;
  uint64_t z[L + 1];  // the result's limbs: columns L - 1 .. 2L - 1, normalised
  const auto add = [&](double u, double v) {
    uint64_t lo, hi;
    Ops::product(u, v, lo, hi);
    cur += lo;
    nxt += hi;
    cur_bias += kLoBias;
    nxt_bias += kHiBias;
  };
  const auto add_twice = [&](double u, double v) {
    uint64_t lo, hi;
    Ops::product(u, v, lo, hi);
    cur += lo + lo;
    nxt += hi + hi;
    cur_bias += 2 * kLoBias;
    nxt_bias += 2 * kHiBias;
  };
  CUZK_UNROLL
  for (size_t k = 0; k < 2 * L; ++k) {
    CUZK_UNROLL
    for (size_t i = 0; i < L; ++i) {
      if (i > k || k - i >= L) continue;
      if constexpr (kSquare) {
        if (2 * i < k) add_twice(x[0][i], x[0][k - i]);
        if (2 * i == k) add(x[0][i], x[0][i]);
      } else {
        CUZK_UNROLL
        for (size_t t = 0; t < K; ++t) add(x[t][i], y[t][k - i]);
      }
      if (i < k) add(q[i], pd[k - i]);  // q_i is known for i < k
    }
    uint64_t col = cur - cur_bias;
    if (k < L) {
      const unsigned bits = k + 1 < L ? kDigitBits : Lay::kLastBits;
      const uint64_t mask = (uint64_t(1) << bits) - 1;
      q[k] = Ops::to_double(((col & mask) * Lay::kInv) & mask);
      uint64_t lo, hi;
      Ops::product(q[k], pd[0], lo, hi);
      col += lo - kLoBias;
      nxt += hi;
      nxt_bias += kHiBias;
    }
    if (k + 1 >= L) z[k + 1 - L] = col & kDigitMask;
    cur = nxt + (col >> kDigitBits);
    cur_bias = nxt_bias;
    nxt = 0;
    nxt_bias = 0;
  }
  // out = (sum_m z_m·2^(52m)) >> kLastBits: the low kLastBits bits of z_0 are zero.
  uint32_t s[Lay::kWords];
  CUZK_UNROLL
  for (size_t w = 0; w < Lay::kWords; ++w) {
    const size_t bit = 32 * w + Lay::kLastBits, m = bit / kDigitBits, off = bit % kDigitBits;
    uint64_t v = z[m] >> off;
    if (off + 32 > kDigitBits && m + 1 <= L) v |= z[m + 1] << (kDigitBits - off);
    s[w] = uint32_t(v);
  }
  mont32::subtract_p_if_needed<Params>(c, out, s);
}

// Mont32's Products (mont32::InterleavedProducts is the integer one) on the FP64 pipe.
template <class Ops>
struct Products {
  template <class Params, class Chain>
  static CUZK_HD void mul(Chain& c, uint32_t* out, const uint32_t* a, const uint32_t* b) {
    const uint32_t* const as[1] = {a};
    const uint32_t* const bs[1] = {b};
    sum_of_products<Params, Ops, 1, false>(c, out, as, bs);
  }
  template <class Params, class Chain>
  static CUZK_HD void square(Chain& c, uint32_t* out, const uint32_t* a) {
    const uint32_t* const as[1] = {a};
    sum_of_products<Params, Ops, 1, true>(c, out, as, as);
  }
  template <class Params, class Chain>
  static CUZK_HD void mul_sum(Chain& c, uint32_t* out, const uint32_t* const (&a)[2],
                              const uint32_t* const (&b)[2]) {
    sum_of_products<Params, Ops, 2, false>(c, out, a, b);
  }
};

}  // namespace mont52
}  // namespace cuzk::gpu
