// Mont32<Config, Chain>: a prime field in Montgomery form over N 32-bit limbs — the register
// type the GPU computes with (Fp: N = 12, Fr: N = 8), written once over the limb count.
//
// Representation. Limbs are little-endian 32-bit words in Montgomery form with R = 2^(32N), below
// p, or below 2p in registers where the field is reduced lazily (mont32_rows.hpp, Reduction in
// mont32_params.hpp: Fp by default, as G1 uses it; G2's Fp2 sits on a fully reduced Fp; Fr is
// lazy in the NTT, fully reduced elsewhere: fields.cuh); storage in memory
// (FieldStorage, field_storage.hpp) always holds the fully reduced value, bit for bit the CPU
// field's representation (see mont32_params.hpp, which derives every constant from the CPU
// Config). Comparisons see values, not limbs.
//
// Multiplication: Montgomery multiplication with the reduction interleaved row by row
// (mont32_rows.hpp), 4N² multiply-adds; sums of products share one reduction (sum_of_products,
// mul_sum). Products formed whole and reduced afterwards, schoolbook or Karatsuba, were measured
// slower in every kernel (docs/perf/gpu-tried.md).
//
// The limb algorithms are written against a carry chain Chain (PTX on the device, an emulation on
// the host: carry_chain_ptx.cuh, carry_chain_host.hpp); this class holds the limbs and picks them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "gpu/arith/field_storage.hpp"
#include "gpu/arith/hd.hpp"
#include "gpu/arith/mont32_params.hpp"
#include "gpu/arith/mont32_rows.hpp"

namespace cuzk::gpu {

template <class Config, class Chain, Reduction kReduction = Reduction::kAuto>
class Mont32 {
 public:
  using Params = ParamsFor<Config, kReduction>;
  using Storage = FieldStorage<Config>;
  static constexpr size_t kLimbs = Params::kLimbs;

  Mont32() = default;  // uninitialised, like a built-in: kernels fill it

  static CUZK_HD Mont32 zero() {
    Mont32 r;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) r.v_[j] = 0;
    return r;
  }
  static CUZK_HD Mont32 one() {
    constexpr Words<kLimbs> r_mod_p = Params::kR;
    Mont32 r;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) r.v_[j] = r_mod_p.w[j];
    return r;
  }
  // Montgomery limbs straight from memory (no reduction check: storage holds reduced values, or
  // held() ones that the same kernel wrote).
  static CUZK_HD Mont32 load(const Storage& s) {
    const Storage copy = s;  // one aligned block copy: 128-bit loads from global memory
    Mont32 r;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) r.v_[j] = copy.limbs[j];
    return r;
  }
  // The fully reduced limbs.
  CUZK_HD Storage store() const {
    const Mont32 r = reduced();
    Storage s;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) s.limbs[j] = r.v_[j];
    return s;
  }
  // The limbs as held (below 2p where the field is reduced lazily): for scratch that only this
  // field's load() reads back (the NTT's shared-memory tiles), and for tests of that bound.
  CUZK_HD Storage held() const {
    Storage s;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) s.limbs[j] = v_[j];
    return s;
  }

  // The canonical integer's limbs (out of Montgomery form): a·R times the integer 1, times R^-1,
  // is a (store reduces it).
  CUZK_HD Storage to_canonical() const {
    Storage integer_one;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) integer_one.limbs[j] = j == 0 ? 1 : 0;
    return (*this * load(integer_one)).store();
  }

  // 0, or p where the field is reduced lazily.
  CUZK_HD bool is_zero() const {
    uint32_t any = 0;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) any |= v_[j];
    if constexpr (Params::kLazy) {
      constexpr Words<kLimbs> p = Params::kModulus;
      uint32_t not_p = 0;
      CUZK_UNROLL
      for (size_t j = 0; j < kLimbs; ++j) not_p |= v_[j] ^ p.w[j];
      return any == 0 || not_p == 0;
    } else {
      return any == 0;
    }
  }
  friend CUZK_HD bool operator==(const Mont32& a, const Mont32& b) {
    const Mont32 x = a.reduced(), y = b.reduced();
    uint32_t diff = 0;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) diff |= x.v_[j] ^ y.v_[j];
    return diff == 0;
  }
  friend CUZK_HD bool operator!=(const Mont32& a, const Mont32& b) { return !(a == b); }

  friend CUZK_HD Mont32 operator+(const Mont32& a, const Mont32& b) {
    Chain c;
    Mont32 r;
    mont32::add<Params>(c, r.v_, a.v_, b.v_);
    return r;
  }
  friend CUZK_HD Mont32 operator-(const Mont32& a, const Mont32& b) {
    Chain c;
    Mont32 r;
    mont32::sub<Params>(c, r.v_, a.v_, b.v_);
    return r;
  }
  CUZK_HD Mont32 operator-() const {
    Chain c;
    Mont32 r;
    mont32::neg<Params>(c, r.v_, v_);
    return r;
  }
  friend CUZK_HD Mont32 operator*(const Mont32& a, const Mont32& b) {
    if constexpr (!mont32::kHeldProductsFit<Params>) {
      return a.times_reduced(b.reduced());  // lazy Fr: two held values' product may pass R
    } else {
      Chain c;
      Mont32 r;
      mont32::mul_interleaved<Params>(c, r.v_, a.v_, b.v_);
      return r;
    }
  }
  // this·b for b below p — any value loaded from memory: where the field is reduced lazily the
  // product needs no final subtraction even when 4p ≥ R (lazy Fr: mont32_rows.hpp).
  CUZK_HD Mont32 times_reduced(const Mont32& b) const {
    Chain c;
    Mont32 r;
    mont32::mul_interleaved<Params, true>(c, r.v_, v_, b.v_);
    return r;
  }
  CUZK_HD Mont32 square() const {
    if constexpr (mont32::kSumsCarryOut<Params> || !mont32::kHeldProductsFit<Params>) {
      return *this * *this;  // 2·this does not fit N words (lazy Fr)
    } else {
      Chain c;
      Mont32 r;
      mont32::square_interleaved<Params>(c, r.v_, v_);
      return r;
    }
  }
  // sum_{t < K} a_t·b_t with one reduction (mont32::sum_of_products): K = 2 is 3/4 of the
  // multiply-adds of two products.
  template <size_t K>
  static CUZK_HD Mont32 sum_of_products(const Mont32 (&a)[K], const Mont32 (&b)[K]) {
    Chain chain;
    const uint32_t* as[K];
    const uint32_t* bs[K];
    CUZK_UNROLL
    for (size_t k = 0; k < K; ++k) {
      as[k] = a[k].v_;
      bs[k] = b[k].v_;
    }
    Mont32 r;
    mont32::sum_of_products<Params, K>(chain, r.v_, as, bs);
    return r;
  }
  static CUZK_HD Mont32 mul_sum(const Mont32& a, const Mont32& b, const Mont32& c,
                                const Mont32& d) {
    const Mont32 x[2] = {a, c}, y[2] = {b, d};
    return sum_of_products(x, y);
  }
  CUZK_HD Mont32 dbl() const { return *this + *this; }

  // a^(p-2) = a^-1 (Fermat), and 0 for 0: square-and-multiply over the bits of p - 2, from the
  // top, in a rolled loop around one square and one product (~log2 p squarings and half as many
  // products: Fp 381 + 190). For batch inversions, where one of them serves many elements.
  CUZK_HD Mont32 inverse() const {
    constexpr Words<kLimbs> e = Params::kModulusMinus2;
    Mont32 r = one();
    CUZK_ROLLED
    for (size_t i = kLimbs * 32; i-- > 0;) {
      r = r.square();
      if ((e.w[i / 32] >> (i % 32)) & 1) r *= *this;
    }
    return r;
  }

  CUZK_HD Mont32& operator+=(const Mont32& b) { return *this = *this + b; }
  CUZK_HD Mont32& operator-=(const Mont32& b) { return *this = *this - b; }
  CUZK_HD Mont32& operator*=(const Mont32& b) { return *this = *this * b; }

 private:
  // The same value below p (a copy where the field is not reduced lazily).
  CUZK_HD Mont32 reduced() const {
    if constexpr (Params::kLazy) {
      Chain c;
      Mont32 r;
      mont32::subtract_p_if_needed<Params>(c, r.v_, v_);
      return r;
    } else {
      return *this;
    }
  }

  uint32_t v_[kLimbs];
};

}  // namespace cuzk::gpu
