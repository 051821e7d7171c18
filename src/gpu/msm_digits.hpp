// Scalars to sort entries for the GPU Pippenger (msm.cu): signed window digits and the
// (key, value) encoding of one term in one window. Host/device code (CUZK_HD), so the host tests
// check it against the CPU recoding (msm/signed_digits.hpp) without a GPU.
//
// Digits: the recoding of msm/signed_digits.hpp — window j of s = k + H, minus 2^(c-1) - 1 (the
// top window unshifted), d_j in [-(2^(c-1) - 1), 2^(c-1)]; H comes from the plan (msm_plan.hpp).
// Any window's digit costs one 256-bit addition and a shift; no per-scalar carry state.
//
// Entries: key = gi << c | b, with gi the window's index inside its sort group and b = |d| - 1
// the bucket (0 .. 2^(c-1) - 1), or b = 2^(c-1) ("skip") for d = 0; value = base index | sign
// << 31 (the sign of d: the base is negated when the bucket adds it). Base indices are < 2^31.
// kInvalid (all ones) marks an empty partial-sum slot in the run levels; it is a skip key too.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ff/fr.hpp"
#include "gpu/hd.hpp"
#include "gpu/mont32_params.hpp"

namespace cuzk::gpu {

// A scalar as it sits in memory: 4 little-endian u64 (canonical Fr, ff::Fr::Repr's bytes), or
// the same 32 bytes holding a Montgomery FrStorage.
struct alignas(16) ScalarWords {
  uint64_t w[4];
};
static_assert(sizeof(ScalarWords) == 32 && sizeof(ScalarWords) == sizeof(ff::Fr::Repr));

inline constexpr uint32_t kInvalidKey = 0xFFFFFFFFu;
inline constexpr uint32_t kSignBit = 0x80000000u;
inline constexpr size_t kMaxMsmTerms = size_t(kSignBit) - 1;  // base indices fit 31 bits

// k < r, the scalar field modulus.
CUZK_HD bool is_canonical_scalar(const ScalarWords& k) {
  constexpr Words<8> r = Mont32Params<ff::FrConfig>::kModulus;
  bool less = false, equal = true;
  CUZK_UNROLL
  for (int i = 3; i >= 0; --i) {
    const uint64_t ri = uint64_t(r.w[2 * i]) | uint64_t(r.w[2 * i + 1]) << 32;
    less = less || (equal && k.w[i] < ri);
    equal = equal && k.w[i] == ri;
  }
  return less;
}

struct DigitCodec {
  uint64_t offset[4];  // H
  uint32_t window_bits;
  uint32_t windows;

  // s = k + H (k < 2^255 and H < 2^(c(W-1)) <= 2^255: no carry out of 256 bits).
  CUZK_HD void shift(const ScalarWords& k, uint64_t s[4]) const {
    uint64_t carry = 0;
    CUZK_UNROLL
    for (int i = 0; i < 4; ++i) {
      const uint64_t a = k.w[i] + carry;
      const uint64_t c1 = a < carry;
      s[i] = a + offset[i];
      carry = c1 + (s[i] < a);
    }
  }

  // d_j from s = k + H. Word selects instead of s[runtime index] keep s in registers.
  CUZK_HD int32_t digit(const uint64_t s[4], uint32_t j) const {
    const uint32_t pos = j * window_bits, limb = pos / 64, bit = pos % 64;
    const uint64_t lo = limb == 0 ? s[0] : limb == 1 ? s[1] : limb == 2 ? s[2] : s[3];
    const uint64_t hi = limb == 0 ? s[1] : limb == 1 ? s[2] : limb == 2 ? s[3] : 0;
    uint64_t bits = lo >> bit;
    if (bit != 0) bits |= hi << (64 - bit);
    bits &= (uint64_t(1) << window_bits) - 1;
    if (j + 1 == windows) return int32_t(bits);
    return int32_t(bits) - int32_t((uint32_t(1) << (window_bits - 1)) - 1);
  }
};

struct BucketKeys {
  uint32_t window_bits;  // c
  uint32_t buckets;      // 2^(c-1) per window

  // The key of digit d in window gi of the group; |d| > buckets (only for a scalar >= r) skips.
  CUZK_HD uint32_t encode(uint32_t gi, int32_t d) const {
    const uint32_t mag = d < 0 ? uint32_t(-d) : uint32_t(d);
    const uint32_t b = (mag == 0 || mag > buckets) ? buckets : mag - 1;
    return gi << window_bits | b;
  }
  CUZK_HD bool is_skip(uint32_t key) const {
    return (key & ((uint32_t(1) << window_bits) - 1)) >= buckets;  // kInvalidKey included
  }
  // Index into the group's bucket array (window-major), for a key that is not a skip.
  CUZK_HD size_t bucket_index(uint32_t key) const {
    return size_t(key >> window_bits) * buckets + (key & ((uint32_t(1) << window_bits) - 1));
  }
};

CUZK_HD uint32_t encode_value(uint32_t base_index, int32_t d) {
  return base_index | (d < 0 ? kSignBit : 0u);
}

// The entries of term k (of t) in the windows first .. first + gw - 1: keys[gi·t + k] and
// values[gi·t + k] — one array of t entries per window, written coalesced by consecutive k.
CUZK_HD void write_term_entries(const DigitCodec& digits, const BucketKeys& codec,
                                const ScalarWords& scalar, uint32_t base_index, size_t k, size_t t,
                                uint32_t first, uint32_t gw, uint32_t* keys, uint32_t* values) {
  uint64_t s[4];
  digits.shift(scalar, s);
  for (uint32_t gi = 0; gi < gw; ++gi) {
    const int32_t d = digits.digit(s, first + gi);
    keys[gi * t + k] = codec.encode(gi, d);
    values[gi * t + k] = encode_value(base_index, d);
  }
}

}  // namespace cuzk::gpu
