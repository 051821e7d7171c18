// Ext2<F>: the quadratic extension F[u] / (u² + 1) in registers, over any field type F with the
// MontField interface — Ext2<FpDevice> is the device's Fp2 (G2 coordinates), Ext2 over the emulated
// GPU field or the CPU Fp is what the host tests run. Written once, like Mont32, and plugged into
// the generic point templates (affine.hpp, jacobian.hpp, xyzz.hpp) as their F.
//
// Values are pairs c0 + c1·u of Montgomery F elements, stored fully reduced (F::store), so a stored
// element has exactly one representation and equals the CPU ff::Fp2 bit for bit whatever formula
// produced it. Memory layout: Ext2Storage (field_storage.hpp), byte-identical to ff::Fp2.
// Cost: mul two sums of two F products over Mont32 (else 3 F multiplications, Karatsuba), a·b + c·d
// two sums of four F products (over Mont32),
// square 2 (complex squaring), add/sub/neg/dbl 2 each, inverse one F inversion and 4 products.
#pragma once

#include "gpu/arith/field_storage.hpp"
#include "gpu/arith/hd.hpp"

namespace cuzk::gpu {

template <class F>
struct Ext2 {
  using Base = F;
  using Storage = Ext2Storage<typename F::Storage>;
  F c0, c1;

  // Sums of products under one reduction: F is a Mont32 (not the CPU field of the host tests).
  static constexpr bool kSumsOfProducts = requires(const F (&x)[4]) { F::sum_of_products(x, x); };

  static CUZK_HD Ext2 zero() { return {F::zero(), F::zero()}; }
  static CUZK_HD Ext2 one() { return {F::one(), F::zero()}; }
  static CUZK_HD Ext2 load(const Storage& s) { return {F::load(s.c0), F::load(s.c1)}; }
  CUZK_HD Storage store() const { return {c0.store(), c1.store()}; }

  CUZK_HD bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  friend CUZK_HD bool operator==(const Ext2& a, const Ext2& b) {
    return a.c0 == b.c0 && a.c1 == b.c1;
  }
  friend CUZK_HD bool operator!=(const Ext2& a, const Ext2& b) { return !(a == b); }

  friend CUZK_HD Ext2 operator+(const Ext2& a, const Ext2& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
  friend CUZK_HD Ext2 operator-(const Ext2& a, const Ext2& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
  CUZK_HD Ext2 operator-() const { return {-c0, -c1}; }
  // (a0 + a1 u)(b0 + b1 u) = (a0 b0 - a1 b1) + (a0 b1 + a1 b0) u: over Mont32 two sums of two
  // products (the multiply-adds of Karatsuba's three products, fewer additions and registers),
  // else Karatsuba: (a0 b0 - a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u.
  friend CUZK_HD Ext2 operator*(const Ext2& a, const Ext2& b) {
    if constexpr (kSumsOfProducts) {
      const F x0[2] = {a.c0, -a.c1}, y0[2] = {b.c0, b.c1};
      const F x1[2] = {a.c0, a.c1}, y1[2] = {b.c1, b.c0};
      return {F::sum_of_products(x0, y0), F::sum_of_products(x1, y1)};
    } else {
      const F aa = a.c0 * b.c0, bb = a.c1 * b.c1;
      return {aa - bb, (a.c0 + a.c1) * (b.c0 + b.c1) - aa - bb};
    }
  }
  // a·b + c·d (xyzz.hpp's mul_sum uses it), each coordinate one sum of four products under one
  // reduction: c0 = a0 b0 − a1 b1 + c0 d0 − c1 d1, c1 = a0 b1 + a1 b0 + c0 d1 + c1 d0 (Fp: 2,880
  // multiply-adds against two Karatsuba products' 3,456).
  static CUZK_HD Ext2 mul_sum(const Ext2& a, const Ext2& b, const Ext2& c,
                              const Ext2& d) requires(kSumsOfProducts) {
    const F x0[4] = {a.c0, -a.c1, c.c0, -c.c1}, y0[4] = {b.c0, b.c1, d.c0, d.c1};
    const F x1[4] = {a.c0, a.c1, c.c0, c.c1}, y1[4] = {b.c1, b.c0, d.c1, d.c0};
    return {F::sum_of_products(x0, y0), F::sum_of_products(x1, y1)};
  }
  // (c0 + c1 u)² = (c0 + c1)(c0 - c1) + 2 c0 c1 u.
  CUZK_HD Ext2 square() const { return {(c0 + c1) * (c0 - c1), (c0 * c1).dbl()}; }
  CUZK_HD Ext2 dbl() const { return {c0.dbl(), c1.dbl()}; }
  // (c0 + c1 u)^-1 = (c0 - c1 u) / (c0² + c1²), one F inversion; 0 for 0.
  CUZK_HD Ext2 inverse() const {
    const F t = (c0.square() + c1.square()).inverse();
    return {c0 * t, -(c1 * t)};
  }

  CUZK_HD Ext2& operator+=(const Ext2& b) { return *this = *this + b; }
  CUZK_HD Ext2& operator-=(const Ext2& b) { return *this = *this - b; }
  CUZK_HD Ext2& operator*=(const Ext2& b) { return *this = *this * b; }
};

}  // namespace cuzk::gpu
