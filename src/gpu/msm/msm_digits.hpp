// Scalars to sort entries for the GPU Pippenger (msm.cu): signed window digits and the
// (key, value) encoding of one term in one window. Host/device code (CUZK_HD), so the host tests
// check it against the CPU recoding (msm/signed_digits.hpp) without a GPU.
//
// Digits: the recoding of msm/signed_digits.hpp — window j of s = k + H, minus 2^(c-1) - 1 (the
// top window unshifted), d_j in [-(2^(c-1) - 1), 2^(c-1)]; H comes from the plan (msm_plan.hpp).
// Any window's digit is a shift of s; no per-scalar carry state. s is computed once per term, when
// the scalars are gathered (msm_prepare.cu), and stored as planes of 32-bit words
// (ShiftedScalars): a sort group then reads the one or two words its windows need, not whole
// scalars (a 2^27 MSM in 12 groups read its 4.3 GB of scalars 12 times before).
//
// Entries: key = gi << c | b, with gi the window's index inside its sort group and b = |d| - 1
// the bucket (0 .. 2^(c-1) - 1), or b = 2^(c-1) ("skip") for d = 0; value = base index | sign
// << 31 (the sign of d: the base is negated when the bucket adds it). Base indices are < 2^31.
// kInvalid (all ones) marks an empty partial-sum slot in the run levels; it is a skip key too.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ff/fr.hpp"
#include "gpu/arith/hd.hpp"
#include "gpu/arith/mont32_params.hpp"

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

// The shifted scalars s = k + H of t terms as 8 planes of 32-bit words: word i of term k at
// words[i·stride + k] (stride >= t), so that consecutive terms' words are consecutive addresses.
struct ShiftedScalars {
  static constexpr unsigned kWords = 8;
  uint32_t* words;
  size_t stride;

  CUZK_HD void store(size_t k, const uint64_t s[4]) const {
    CUZK_UNROLL
    for (unsigned i = 0; i < 4; ++i) {
      words[2 * i * stride + k] = uint32_t(s[i]);
      words[(2 * i + 1) * stride + k] = uint32_t(s[i] >> 32);
    }
  }
  // Word i of term k; 0 above the top word.
  CUZK_HD uint32_t word(unsigned i, size_t k) const {
    return i < kWords ? words[i * stride + k] : 0u;
  }
};

struct DigitCodec {
  uint64_t offset[4];    // H
  uint32_t window_bits;  // c <= 24: a window spans at most two words
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

  // d_j of term k: bits [j c, j c + c) of its s, read from the one or two words they span (the
  // condition is uniform over a kernel, whose terms share j).
  CUZK_HD int32_t digit(const ShiftedScalars& s, size_t k, uint32_t j) const {
    const uint32_t pos = j * window_bits, w = pos / 32, bit = pos % 32;
    uint64_t pair = s.word(w, k);
    if (bit + window_bits > 32) pair |= uint64_t(s.word(w + 1, k)) << 32;
    const uint32_t bits = uint32_t(pair >> bit) & ((uint32_t(1) << window_bits) - 1);
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
                                const ShiftedScalars& shifted, uint32_t base_index, size_t k,
                                size_t t, uint32_t first, uint32_t gw, uint32_t* keys,
                                uint32_t* values) {
  for (uint32_t gi = 0; gi < gw; ++gi) {
    const int32_t d = digits.digit(shifted, k, first + gi);
    keys[gi * t + k] = codec.encode(gi, d);
    values[gi * t + k] = encode_value(base_index, d);
  }
}

}  // namespace cuzk::gpu
