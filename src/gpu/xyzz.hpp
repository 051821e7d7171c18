// Xyzz<F>: a point in extended Jacobian "XYZZ" coordinates (X, Y, ZZ, ZZZ) = (X/ZZ, Y/ZZZ) with
// ZZ³ = ZZZ², the MSM bucket type, over any field type F with the MontField interface (Mont32 on
// the device, the CPU field in host tests).
//
// Why XYZZ: it makes the additions that dominate bucket accumulation cheaper than Jacobian —
// mixed addition 8M + 2S (Jacobian 7M + 4S), addition 12M + 2S (11M + 5S) — at the price of one
// more coordinate; sppark's buckets use the same representation. Y3 = R·(Q − X3) − Y1·PPP is one
// mul_sum: the two products share a reduction (on the device 7.5M + 2S for the mixed addition).
// Formulas: Explicit-Formulas Database, hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html (a = 0).
//
// Identity: ZZ = ZZZ = 0, and identity() is all zero (zeroed memory is the identity). Additions
// treat P + P (falls back to dbl) and P + (-P) (gives the identity) exactly; dbl needs no branch:
// the identity and a point with Y = 0 both yield ZZ3 = 0.
//
// Code size. Over an extension field (G2: F = Ext2, a point operation is ~40 Fp products) the
// device calls the operations out of line instead of inlining each use: the reduction kernel of
// G2 alone held ten inlined operations and took nvcc ~9 minutes; a call costs the arguments'
// trip through local memory, negligible beside the products. Over Fp (G1) they stay inline.
#pragma once

#include "gpu/affine.hpp"
#include "gpu/hd.hpp"
#include "gpu/jacobian.hpp"

namespace cuzk::gpu {

// a·b + c·d, under one Montgomery reduction where the field has the fused form (Mont32::mul_sum),
// else as two products.
template <class F>
CUZK_HD F mul_sum(const F& a, const F& b, const F& c, const F& d) {
  if constexpr (requires { F::mul_sum(a, b, c, d); }) {
    return F::mul_sum(a, b, c, d);
  } else {
    return a * b + c * d;
  }
}

// Whether point operations over F are called rather than inlined: over an extension field (Ext2
// names its Base), on the device.
template <class F>
concept ExtensionField = requires { typename F::Base; };
#if defined(__CUDA_ARCH__)
template <class F>
inline constexpr bool kCallPointOps = ExtensionField<F>;
#else
template <class F>
inline constexpr bool kCallPointOps = false;
#endif

template <class F>
struct Xyzz {
  F x, y, zz, zzz;

  static CUZK_HD Xyzz identity() { return {F::zero(), F::zero(), F::zero(), F::zero()}; }
  static CUZK_HD Xyzz from_affine(const Affine<F>& p) {
    if (p.is_identity()) return identity();
    return {p.x, p.y, F::one(), F::one()};
  }
  CUZK_HD bool is_identity() const { return zz.is_zero(); }
  CUZK_HD Xyzz operator-() const { return {x, -y, zz, zzz}; }

  CUZK_HD Xyzz dbl() const {
    if constexpr (kCallPointOps<F>) {
      return dbl_call(*this);
    } else {
      return dbl_inline();
    }
  }
  friend CUZK_HD Xyzz operator+(const Xyzz& p, const Xyzz& q) {
    if constexpr (kCallPointOps<F>) {
      return add_call(p, q);
    } else {
      return add_inline(p, q);
    }
  }
  friend CUZK_HD Xyzz operator+(const Xyzz& p, const Affine<F>& q) {
    if constexpr (kCallPointOps<F>) {
      return madd_call(p, q);
    } else {
      return madd_inline(p, q);
    }
  }

  // dbl-2008-s-1 (a = 0): 6M + 3S.
  CUZK_HD Xyzz dbl_inline() const {
    const F u = y.dbl();
    const F v = u.square();
    const F w = u * v;
    const F s = x * v;
    const F xx = x.square();
    const F m = xx.dbl() + xx;
    const F x3 = m.square() - s.dbl();
    const F y3 = m * (s - x3) - w * y;
    return {x3, y3, v * zz, w * zzz};
  }

  // add-2008-s: 12M + 2S.
  static CUZK_HD Xyzz add_inline(const Xyzz& p, const Xyzz& q) {
    if (p.is_identity()) return q;
    if (q.is_identity()) return p;
    const F u1 = p.x * q.zz, u2 = q.x * p.zz;
    const F s1 = p.y * q.zzz, s2 = q.y * p.zzz;
    const F pp_ = u2 - u1, r = s2 - s1;
    if (pp_.is_zero()) return r.is_zero() ? p.dbl() : identity();
    const F pp = pp_.square();
    const F ppp = pp_ * pp;
    const F qq = u1 * pp;
    const F x3 = r.square() - ppp - qq.dbl();
    const F y3 = mul_sum(r, qq - x3, -s1, ppp);
    return {x3, y3, p.zz * q.zz * pp, p.zzz * q.zzz * ppp};
  }

  // madd-2008-s (q affine, ZZ2 = ZZZ2 = 1): 8M + 2S.
  static CUZK_HD Xyzz madd_inline(const Xyzz& p, const Affine<F>& q) {
    if (q.is_identity()) return p;
    if (p.is_identity()) return from_affine(q);
    const F u2 = q.x * p.zz, s2 = q.y * p.zzz;
    const F pp_ = u2 - p.x, r = s2 - p.y;
    if (pp_.is_zero()) return r.is_zero() ? p.dbl() : identity();
    const F pp = pp_.square();
    const F ppp = pp_ * pp;
    const F qq = p.x * pp;
    const F x3 = r.square() - ppp - qq.dbl();
    const F y3 = mul_sum(r, qq - x3, -p.y, ppp);
    return {x3, y3, p.zz * pp, p.zzz * ppp};
  }

  static CUZK_HD_NOINLINE Xyzz dbl_call(const Xyzz& p) { return p.dbl_inline(); }
  static CUZK_HD_NOINLINE Xyzz add_call(const Xyzz& p, const Xyzz& q) { return add_inline(p, q); }
  static CUZK_HD_NOINLINE Xyzz madd_call(const Xyzz& p, const Affine<F>& q) {
    return madd_inline(p, q);
  }

  CUZK_HD Xyzz& operator+=(const Xyzz& q) { return *this = *this + q; }
  CUZK_HD Xyzz& operator+=(const Affine<F>& q) { return *this = *this + q; }

  // The Jacobian point with the same affine coordinates, without an inversion: Z = ZZ·ZZZ,
  // X = x·Z² = X·ZZ·ZZZ², Y = y·Z³ = Y·ZZ³·ZZZ². 6M + 2S. The identity maps to Z = 0.
  CUZK_HD Jacobian<F> to_jacobian() const {
    const F zzz2 = zzz.square();
    const F zz_zzz2 = zz * zzz2;
    return {x * zz_zzz2, y * zz.square() * zz_zzz2, zz * zzz};
  }

  template <class Storage>  // XyzzStorage<F::Storage>
  static CUZK_HD Xyzz load(const Storage& s) {
    return {F::load(s.x), F::load(s.y), F::load(s.zz), F::load(s.zzz)};
  }
  template <class Storage>
  CUZK_HD void store(Storage& s) const {
    s.x = x.store();
    s.y = y.store();
    s.zz = zz.store();
    s.zzz = zzz.store();
  }
};

}  // namespace cuzk::gpu
