// Fp64Mont: Montgomery products over Fp on the FP64 pipe with the column sums kept in doubles —
// an experiment beside mont32's integer products (docs/perf/gpu.md, "Counted, not built").
//
// A value is 16 signed digits of 24 bits held in doubles, V = Σ d_k·2^(24k), with mont32's radix
// R = 2^384: the same Montgomery integers, only re-radixed. Every step is an exact FP64 operation:
// a digit product is below 2^48 in magnitude and a column sums at most 32 of them and a carry,
// below 2^53, so `fma(a_i, b_j, col)` needs no splitting into halves (unlike 52-bit limbs, whose
// products need integer work around them: gpu-tried.md). The reduction digit
// m_i ≡ −t_i·p⁻¹ (mod 2^24) is cut with a rounding constant — (x + K) − K with K = 1.5·2^76 rounds
// x to a multiple of 2^24 — so digits are signed, in [−2^23, 2^23]. With a signed m the result of a
// product of inputs in (−2p, 2p) lies in (−p, p): no final subtraction, no comparison, and not
// one integer instruction, so the integer multiply pipe stays free for mont32's products beside
// it. Fp only (384 = 16 × 24 bits, so R matches mont32's); plain IEEE double arithmetic in
// round-to-nearest, so the host compiles and checks the very same code.
#pragma once

#include <cmath>
#include <cstdint>

#include "ff/fp.hpp"
#include "gpu/arith/field_storage.hpp"
#include "gpu/arith/hd.hpp"

namespace cuzk::gpu {

namespace fp64_mont {

inline constexpr int kDigits = 16;
inline constexpr int kBits = 24;
static_assert(kDigits * kBits == 64 * ff::FpConfig::kLimbs, "R must be mont32's 2^384");

// Digit k (bits [24k, 24k + 24)) of a 384-bit value held in 64-bit limbs.
constexpr uint32_t digit_of(const ff::Limbs<ff::FpConfig::kLimbs>& x, int k) {
  const int bit = kBits * k, limb = bit / 64, shift = bit % 64;
  uint64_t v = x[limb] >> shift;
  if (shift > 64 - kBits && limb + 1 < int(ff::FpConfig::kLimbs)) v |= x[limb + 1] << (64 - shift);
  return uint32_t(v & ((uint64_t(1) << kBits) - 1));
}

struct Constants {
  double p[kDigits];
  double minus_p_inv;  // −p⁻¹ mod 2^24
};
inline constexpr Constants kConstants = [] {
  Constants c{};
  for (int k = 0; k < kDigits; ++k) c.p[k] = double(digit_of(ff::FpConfig::kModulus, k));
  uint32_t inv = 1;  // p⁻¹ mod 2^24 by Newton's iteration (1 -> 32 correct bits)
  const uint32_t p0 = digit_of(ff::FpConfig::kModulus, 0);
  for (int i = 0; i < 5; ++i) inv *= 2 - p0 * inv;
  c.minus_p_inv = double((0u - inv) & ((1u << kBits) - 1));
  return c;
}();
static_assert(((digit_of(ff::FpConfig::kModulus, 0) * uint32_t(kConstants.minus_p_inv)) &
               0xffffffu) == 0xffffffu,
              "minus_p_inv is −p⁻¹ mod 2^24");

}  // namespace fp64_mont

struct Fp64Mont {
  static constexpr int kDigits = fp64_mont::kDigits;
  static constexpr int kBits = fp64_mont::kBits;

  double d[kDigits];

  // x rounded to the nearest multiple of 2^24 (|x| < 2^74): x + K lies in [2^76, 2^77), where the
  // spacing of doubles is 2^24.
  static constexpr double kRound = 1.5 * 0x1p76;
  static CUZK_HD double round24(double x) { return (x + kRound) - kRound; }

  // From the stored form (12 little-endian 32-bit words, below 2^384): unsigned digits.
  static CUZK_HD Fp64Mont load(const FpStorage& s) {
    Fp64Mont r;
    CUZK_UNROLL
    for (int k = 0; k < kDigits; ++k) {
      const int bit = kBits * k, word = bit / 32, shift = bit % 32;
      uint64_t v = s.limbs[word];
      if (word + 1 < 12) v |= uint64_t(s.limbs[word + 1]) << 32;
      r.d[k] = double(uint32_t(v >> shift) & ((1u << kBits) - 1));
    }
    return r;
  }

  // To the stored form, fully reduced: the digits summed with carries (V in (−p, p)), p added
  // where V < 0.
  CUZK_HD FpStorage store() const {
    int64_t digit[kDigits];
    int64_t carry = 0;
    CUZK_UNROLL
    for (int k = 0; k < kDigits; ++k) {
      const int64_t v = int64_t(d[k]) + carry;
      digit[k] = v & ((int64_t(1) << kBits) - 1);
      carry = (v - digit[k]) >> kBits;  // exact: v − digit[k] is a multiple of 2^24
    }
    if (carry < 0) {  // V < 0: add p (V + p lies in [0, p), so the carry out cancels)
      constexpr fp64_mont::Constants p = fp64_mont::kConstants;
      int64_t c = 0;
      CUZK_UNROLL
      for (int k = 0; k < kDigits; ++k) {
        const int64_t v = digit[k] + int64_t(p.p[k]) + c;
        digit[k] = v & ((int64_t(1) << kBits) - 1);
        c = v >> kBits;
      }
    }
    FpStorage s{};
    CUZK_UNROLL
    for (int k = 0; k < kDigits; ++k) {
      const int bit = kBits * k, word = bit / 32, shift = bit % 32;
      s.limbs[word] |= uint32_t(digit[k] << shift);
      if (shift > 32 - kBits) s.limbs[word + 1] |= uint32_t(digit[k] >> (32 - shift));
    }
    return s;
  }

  // a·b·R⁻¹: inputs with digits of at most 2^24 in magnitude and values in (−2p, 2p); the result's
  // digits are in [−2^23, 2^23] (the top one a little wider) and its value in (−p, p).
  CUZK_HD Fp64Mont operator*(const Fp64Mont& b) const {
    constexpr fp64_mont::Constants c =
        fp64_mont::kConstants;  // a local copy: device code indexes it
    double col[2 * kDigits];
    CUZK_UNROLL
    for (int k = 0; k < 2 * kDigits; ++k) col[k] = 0;
    CUZK_UNROLL
    for (int i = 0; i < kDigits; ++i) {
      CUZK_UNROLL
      for (int j = 0; j < kDigits; ++j) col[i + j] = fma(d[i], b.d[j], col[i + j]);
    }
    // Row by row: m·p clears column i; its exact quotient by 2^24 carries into column i + 1.
    CUZK_UNROLL
    for (int i = 0; i < kDigits; ++i) {
      const double t = col[i];
      const double low = t - round24(t);
      // m = x − round24(x) for x = low·(−p⁻¹), exact below 2^47: x never formed on its own.
      const double m = fma(low, c.minus_p_inv, -(fma(low, c.minus_p_inv, kRound) - kRound));
      col[i + 1] = fma(m, c.p[1], col[i + 1]);
      col[i + 1] = fma(fma(m, c.p[0], t), 0x1p-24, col[i + 1]);
      CUZK_UNROLL
      for (int j = 2; j < kDigits; ++j) col[i + j] = fma(m, c.p[j], col[i + j]);
    }
    // Columns 16..31 are the result; carry them into signed 24-bit digits.
    Fp64Mont r;
    CUZK_UNROLL
    for (int k = 0; k + 1 < kDigits; ++k) {
      const double high = round24(col[kDigits + k]);
      r.d[k] = col[kDigits + k] - high;
      col[kDigits + k + 1] = fma(high, 0x1p-24, col[kDigits + k + 1]);
    }
    r.d[kDigits - 1] = col[2 * kDigits - 1];
    return r;
  }
};

}  // namespace cuzk::gpu
