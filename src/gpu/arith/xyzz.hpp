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
// treat P + P (falls back to a doubling) and P + (-P) (gives the identity) exactly; the doublings
// need no branch: the identity and a point with Y = 0 both yield ZZ3 = 0. The mixed addition
// doubles its affine operand (4M + 3S from two live coordinates), not the XYZZ one: an MSM never
// takes that branch, but its registers count — G2's MSMs ran ~2 % faster (docs/perf/gpu.md).
//
// Code size. Every use of an operation is inlined, except in code that holds many uses and is not
// hot: the bucket reductions call reduction_add / reduction_dbl, which over an extension field
// (G2: F = Ext2, ~40 Fp products per operation) call one out-of-line copy on the device — the G2
// reduction kernels alone held ten inlined operations and took nvcc ~9 minutes. Not the bucket
// kernels: with their additions called, the G2 MSM of a 32 GiB-shaped partition ran 62 % slower
// on an H200 (434 -> 703 ms; 16 % slower with only the mixed addition inline), the calls costing
// local-memory traffic and spills around them.
#pragma once

#include "gpu/arith/affine.hpp"
#include "gpu/arith/hd.hpp"
#include "gpu/arith/jacobian.hpp"

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

  // dbl-2008-s-1 (a = 0): 6M + 3S, the affine doubling of (X, Y) below with ZZ and ZZZ scaled.
  CUZK_HD Xyzz dbl() const {
    const Xyzz d = dbl(Affine<F>{x, y});
    return {d.x, d.y, d.zz * zz, d.zzz * zzz};
  }

  // mdbl-2008-s-1 (a = 0): 2q for an affine q, 4M + 3S from q's two coordinates alone.
  static CUZK_HD Xyzz dbl(const Affine<F>& q) {
    const F u = q.y.dbl();
    const F v = u.square();
    const F w = u * v;
    const F s = q.x * v;
    const F xx = q.x.square();
    const F m = xx.dbl() + xx;
    const F x3 = m.square() - s.dbl();
    const F y3 = m * (s - x3) - w * q.y;
    return {x3, y3, v, w};
  }

  // add-2008-s: 12M + 2S.
  friend CUZK_HD Xyzz operator+(const Xyzz& p, const Xyzz& q) {
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
  friend CUZK_HD Xyzz operator+(const Xyzz& p, const Affine<F>& q) {
    if (q.is_identity()) return p;
    if (p.is_identity()) return from_affine(q);
    const F u2 = q.x * p.zz, s2 = q.y * p.zzz;
    const F pp_ = u2 - p.x, r = s2 - p.y;
    if (pp_.is_zero()) return r.is_zero() ? dbl(q) : identity();
    const F pp = pp_.square();
    const F ppp = pp_ * pp;
    const F qq = p.x * pp;
    const F x3 = r.square() - ppp - qq.dbl();
    const F y3 = mul_sum(r, qq - x3, -p.y, ppp);
    return {x3, y3, p.zz * pp, p.zzz * ppp};
  }

  // One out-of-line copy of the addition and the doubling (reduction_add, reduction_dbl).
  static CUZK_HD_NOINLINE Xyzz add_out_of_line(const Xyzz& p, const Xyzz& q) { return p + q; }
  static CUZK_HD_NOINLINE Xyzz dbl_out_of_line(const Xyzz& p) { return p.dbl(); }

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

// p + q and 2p in the bucket reductions (see "Code size" above): called over an extension field on
// the device, inline otherwise.
template <class F>
inline constexpr bool kCalledInReductions =
#if defined(__CUDA_ARCH__)
    requires {
  typename F::Base;
};  // Ext2
#else
    false;
#endif

template <class F>
CUZK_HD Xyzz<F> reduction_add(const Xyzz<F>& p, const Xyzz<F>& q) {
  if constexpr (kCalledInReductions<F>) {
    return Xyzz<F>::add_out_of_line(p, q);
  } else {
    return p + q;
  }
}

template <class F>
CUZK_HD Xyzz<F> reduction_dbl(const Xyzz<F>& p) {
  if constexpr (kCalledInReductions<F>) {
    return Xyzz<F>::dbl_out_of_line(p);
  } else {
    return p.dbl();
  }
}

}  // namespace cuzk::gpu
