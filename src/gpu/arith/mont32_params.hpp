// 32-bit-limb Montgomery constants of a prime field, derived at compile time from the CPU field's
// configuration (ff/fp.hpp, ff/fr.hpp): the modulus is written down once, in FpConfig/FrConfig.
//
// Limb layout. The CPU field keeps a value as N64 little-endian 64-bit limbs; the GPU uses
// N = 2·N64 little-endian 32-bit limbs, 32-bit limb 2i being the low half of 64-bit limb i. On a
// little-endian machine the two arrays are the same bytes.
//
// Montgomery radix. The GPU reduces one 32-bit word at a time, N times, so its radix is
// R = 2^(32·N) = 2^(64·N64): the CPU radix. A value a is therefore stored as a·R mod p by both
// sides, fully reduced (< p), and the representations are identical in memory — Fp is 48 bytes
// (6×u64 = 12×u32), Fr 32 bytes (4×u64 = 8×u32) — so buffers are memcpy'd between host and device
// without conversion. This header proves it at compile time: R, R² recomputed on 32-bit limbs equal
// the CPU's kR, kR² split in halves.
//
// -p^-1 mod 2^32 is found by Newton's iteration x <- x·(2 - p0·x), which doubles the number of
// correct low bits each step (1 -> 32 in five steps); it must equal the CPU's -p^-1 mod 2^64 taken
// mod 2^32.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "ff/mont_field.hpp"

namespace cuzk::gpu {

// A fixed array of 32-bit words. A plain C array rather than std::array, because device code may
// index a constexpr copy of it (std::array's operator[] is a host function).
// CUZK_GPU_LAZY_REDUCTION=0 builds every field fully reduced (Mont32Params::kLazy), for an A/B
// measurement (docs/perf/gpu.md, "Lazy reduction in G1").
#ifndef CUZK_GPU_LAZY_REDUCTION
#define CUZK_GPU_LAZY_REDUCTION 1
#endif

template <size_t N>
struct Words {
  uint32_t w[N];
  friend constexpr bool operator==(const Words&, const Words&) = default;
};

template <class Config>
struct Mont32Params {
  using CpuField = ff::MontField<Config>;
  static constexpr size_t kLimbs64 = Config::kLimbs;
  static constexpr size_t kLimbs = 2 * kLimbs64;  // 32-bit limbs

  static constexpr Words<kLimbs> split(const ff::Limbs<kLimbs64>& x) {
    Words<kLimbs> w{};
    for (size_t i = 0; i < kLimbs; ++i) w.w[i] = uint32_t(x[i / 2] >> (32 * (i % 2)));
    return w;
  }

  static constexpr Words<kLimbs> kModulus = split(Config::kModulus);

  // -p^-1 mod 2^32.
  static constexpr uint32_t kInv = [] {
    uint32_t x = 1;  // p is odd: 1 is p^-1 mod 2
    for (int i = 0; i < 5; ++i) x *= 2 - kModulus.w[0] * x;
    return uint32_t(0) - x;
  }();

  // 2^k mod p by k modular doublings on 32-bit limbs (independent of the CPU's 64-bit code).
  static constexpr Words<kLimbs> pow2_mod_p(size_t k) {
    Words<kLimbs> x{};
    x.w[0] = 1;
    for (size_t step = 0; step < k; ++step) {
      Words<kLimbs> t{}, s{};
      uint64_t carry = 0, borrow = 0;
      for (size_t i = 0; i < kLimbs; ++i) {
        uint64_t v = (uint64_t(x.w[i]) << 1) + carry;
        t.w[i] = uint32_t(v);
        carry = v >> 32;
      }
      for (size_t i = 0; i < kLimbs; ++i) {
        uint64_t v = uint64_t(t.w[i]) - kModulus.w[i] - borrow;
        s.w[i] = uint32_t(v);
        borrow = (v >> 32) & 1;
      }
      x = (carry || !borrow) ? s : t;
    }
    return x;
  }

  // p - 2: the exponent of the inversion by Fermat's little theorem (Mont32::inverse).
  static constexpr Words<kLimbs> kModulusMinus2 = [] {
    Words<kLimbs> e{};
    uint32_t borrow = 2;
    for (size_t i = 0; i < kLimbs; ++i) {
      e.w[i] = kModulus.w[i] - borrow;
      borrow = kModulus.w[i] < borrow ? 1 : 0;
    }
    return e;
  }();

  // Lazy reduction (mont32_rows.hpp): a field with 4p < R keeps its values below 2p instead of p,
  // which drops the final subtraction of its products (Fp; not Fr, whose r > R/4, unless asked:
  // Reduction::kLazy).
  static constexpr bool kLazy =
      CUZK_GPU_LAZY_REDUCTION != 0 && kModulus.w[kLimbs - 1] < (uint32_t(1) << 30);  // 4p < R
  static constexpr Words<kLimbs> kTwiceModulus = [] {
    Words<kLimbs> t{};
    uint32_t carry = 0;
    for (size_t i = 0; i < kLimbs; ++i) {
      t.w[i] = (kModulus.w[i] << 1) | carry;
      carry = kModulus.w[i] >> 31;
    }
    return t;
  }();

  static constexpr Words<kLimbs> kR = pow2_mod_p(32 * kLimbs);   // Montgomery form of 1
  static constexpr Words<kLimbs> kR2 = pow2_mod_p(64 * kLimbs);  // converts into Montgomery form

  // The reduction in mont32.hpp needs 2p < 2^(32N) (sums of two reduced values and the result of
  // a Montgomery product before its final subtraction fit in N limbs).
  static_assert(kModulus.w[kLimbs - 1] < (uint32_t(1) << 31), "need a spare top bit");
  static_assert((kModulus.w[0] & 1) == 1, "modulus must be odd");
  static_assert(uint32_t(kModulus.w[0] * kInv) == uint32_t(0) - 1, "kInv is -p^-1 mod 2^32");

  // One source of truth, and the same Montgomery representation on both sides.
  static_assert(kInv == uint32_t(CpuField::kInv), "-p^-1 mod 2^32 != (-p^-1 mod 2^64) mod 2^32");
  static_assert(kR == split(CpuField::kR), "GPU and CPU Montgomery radix differ");
  static_assert(kR2 == split(CpuField::kR2), "GPU and CPU R^2 differ");
};

// How a Mont32 field keeps its values in registers (mont32_rows.hpp, "Lazy reduction"); memory
// always holds them below p.
enum class Reduction {
  kAuto,  // below 2p where 4p < R (Fp: its products need no final subtraction), else below p (Fr)
  kFull,  // below p
  kLazy,  // below 2p for any modulus (2p < R): products by a value below p need no final
          // subtraction, sums carry into a 2^(32N) word (the NTT's Fr)
};

// The same constants with lazy reduction off (Reduction::kFull).
template <class Config>
struct FullyReduced : Mont32Params<Config> {
  static constexpr bool kLazy = false;
};

// The same constants with lazy reduction on whatever the modulus (Reduction::kLazy).
template <class Config>
struct LazilyReduced : Mont32Params<Config> {
  static constexpr bool kLazy = CUZK_GPU_LAZY_REDUCTION != 0;
};

// The NTT's Fr is held below 2r (FrNttDevice, fields.cuh); CUZK_GPU_LAZY_NTT=0 builds it fully
// reduced, for an A/B measurement (docs/perf/gpu.md, "NTT over Fr by size").
#ifndef CUZK_GPU_LAZY_NTT
#define CUZK_GPU_LAZY_NTT 1
#endif
inline constexpr Reduction kNttReduction =
    CUZK_GPU_LAZY_NTT != 0 ? Reduction::kLazy : Reduction::kAuto;

template <class Config, Reduction kReduction>
using ParamsFor =
    std::conditional_t<kReduction == Reduction::kAuto, Mont32Params<Config>,
                       std::conditional_t<kReduction == Reduction::kFull, FullyReduced<Config>,
                                          LazilyReduced<Config>>>;

}  // namespace cuzk::gpu
