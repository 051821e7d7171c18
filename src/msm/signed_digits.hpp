// Signed-digit windows of Fr scalars for Pippenger: k = sum_j d_j 2^(j c), |d_j| <= 2^(c-1).
//
// Signed digits halve the buckets (a digit -d uses bucket d with the negated base, and negating
// an affine point is free). The recoding is the usual "borrow from the next window": a window
// value v > 2^(c-1) becomes v - 2^c and carries 1 upward. Done sequentially this needs every
// lower window first; instead we add the constant H = sum_{j < W-1} (2^(c-1) - 1) 2^(j c) once:
// window j of s = k + H, minus 2^(c-1) - 1, is exactly d_j (the additions' carries are the
// recoding's carries), so any window's digit costs one 4-limb addition and a shift, with no
// per-scalar state and no digit arrays in memory. The top window takes s >> (c (W-1)) unshifted
// (no offset): d_top in [0, 2^(c-1)]. Digits: d_j in [-(2^(c-1) - 1), 2^(c-1)].
//
// W is the least number of windows whose top digit stays <= 2^(c-1) for every k < r (derived
// from r, not from 256 bits): about ceil(256 / c), one more when c divides 255.
#pragma once

#include <cstdint>

#include "ff/fr.hpp"

namespace cuzk::msm {

class SignedDigits {
 public:
  using Repr = ff::Fr::Repr;
  static constexpr unsigned kMaxWindowBits = 24;

  // c in [1, kMaxWindowBits].
  explicit constexpr SignedDigits(unsigned window_bits) : c_(window_bits) {
    const uint64_t half = uint64_t(1) << (c_ - 1);
    const Repr r_minus_1 = [] {
      Repr t{};
      ff::limbs_sub(t, ff::Fr::kModulus, ff::limbs_from_u64<4>(1));
      return t;
    }();
    // Grow W until the top digit of r - 1 fits; H covers windows 0 .. W-2.
    Repr h{};
    for (windows_ = 1;; ++windows_) {
      Repr s{};
      ff::limbs_add(s, r_minus_1, h);
      const unsigned shift = c_ * (windows_ - 1);
      if (shift < 256) {
        Repr top = ff::limbs_shr(s, shift);
        bool fits = top[1] == 0 && top[2] == 0 && top[3] == 0 && top[0] <= half;
        if (fits) break;
      }
      if (shift < 256) set_bits(h, shift, half - 1);
    }
    offset_ = h;
  }

  constexpr unsigned window_bits() const { return c_; }
  constexpr unsigned windows() const { return windows_; }
  // Number of buckets a window needs (digit magnitudes 1 .. 2^(c-1)).
  constexpr uint32_t buckets() const { return uint32_t(1) << (c_ - 1); }

  // d_j of k (k < r, canonical).
  constexpr int32_t digit(const Repr& k, unsigned j) const {
    Repr s{};
    ff::limbs_add(s, k, offset_);  // < 2^256: k < 2^255 and H < 2^(c (W-1)) <= 2^255
    const unsigned pos = j * c_;
    const unsigned limb = pos / 64, bit = pos % 64;
    uint64_t bits = s[limb] >> bit;
    if (bit + c_ > 64 && limb + 1 < 4) bits |= s[limb + 1] << (64 - bit);
    bits &= (uint64_t(1) << c_) - 1;
    if (j + 1 == windows_) return int32_t(bits);
    return int32_t(bits) - int32_t((uint64_t(1) << (c_ - 1)) - 1);
  }

 private:
  // h |= value << pos (value < 2^c, pos < 256; bits beyond 256 dropped).
  static constexpr void set_bits(Repr& h, unsigned pos, uint64_t value) {
    const unsigned limb = pos / 64, bit = pos % 64;
    h[limb] |= value << bit;
    if (bit != 0 && limb + 1 < 4) h[limb + 1] |= value >> (64 - bit);
  }

  unsigned c_;
  unsigned windows_ = 0;
  Repr offset_{};
};

}  // namespace cuzk::msm
