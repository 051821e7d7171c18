// Jacobian<F>: a point (X, Y, Z) = (X/Z², Y/Z³) of y² = x³ + b in registers, over any field type F
// with the MontField interface (Mont32 on the device, the CPU field in host tests).
//
// The formulas, their special cases and the identity (1, 1, 0) are those of the CPU curve::Jacobian
// (src/curve/point.hpp), so the GPU returns the very same coordinates as the CPU — not only the
// same point — and tests compare them bit for bit. From the Explicit-Formulas Database
// (hyperelliptic.org/EFD, g1p/auto-shortw-jacobian-0); cost in multiplications M and squarings S.
#pragma once

#include "gpu/arith/affine.hpp"
#include "gpu/arith/hd.hpp"

namespace cuzk::gpu {

template <class F>
struct Jacobian {
  F x, y, z;

  static CUZK_HD Jacobian identity() { return {F::one(), F::one(), F::zero()}; }
  static CUZK_HD Jacobian from_affine(const Affine<F>& p) {
    if (p.is_identity()) return identity();
    return {p.x, p.y, F::one()};
  }
  CUZK_HD bool is_identity() const { return z.is_zero(); }
  CUZK_HD Jacobian operator-() const { return {x, -y, z}; }

  // dbl-2009-l: 2M + 5S.
  CUZK_HD Jacobian dbl() const {
    if (is_identity()) return *this;
    const F a = x.square(), b = y.square(), c = b.square();
    const F d = ((x + b).square() - a - c).dbl();
    const F e = a.dbl() + a;
    const F x3 = e.square() - d.dbl();
    const F y3 = e * (d - x3) - c.dbl().dbl().dbl();
    const F z3 = (y * z).dbl();
    return {x3, y3, z3};
  }

  // add-2007-bl: 11M + 5S; P + P falls back to dbl, P + (-P) gives the identity.
  friend CUZK_HD Jacobian operator+(const Jacobian& p, const Jacobian& q) {
    if (p.is_identity()) return q;
    if (q.is_identity()) return p;
    const F z1z1 = p.z.square(), z2z2 = q.z.square();
    const F u1 = p.x * z2z2, u2 = q.x * z1z1;
    const F s1 = p.y * q.z * z2z2, s2 = q.y * p.z * z1z1;
    const F h = u2 - u1;
    const F r = (s2 - s1).dbl();
    if (h.is_zero()) return r.is_zero() ? p.dbl() : identity();
    const F i = h.dbl().square();
    const F j = h * i;
    const F v = u1 * i;
    const F x3 = r.square() - j - v.dbl();
    const F y3 = r * (v - x3) - (s1 * j).dbl();
    const F z3 = ((p.z + q.z).square() - z1z1 - z2z2) * h;
    return {x3, y3, z3};
  }

  // madd-2007-bl (mixed addition with an affine point): 7M + 4S.
  friend CUZK_HD Jacobian operator+(const Jacobian& p, const Affine<F>& q) {
    if (q.is_identity()) return p;
    if (p.is_identity()) return from_affine(q);
    const F z1z1 = p.z.square();
    const F u2 = q.x * z1z1;
    const F s2 = q.y * p.z * z1z1;
    const F h = u2 - p.x;
    const F r = (s2 - p.y).dbl();
    if (h.is_zero()) return r.is_zero() ? p.dbl() : identity();
    const F hh = h.square();
    const F i = hh.dbl().dbl();
    const F j = h * i;
    const F v = p.x * i;
    const F x3 = r.square() - j - v.dbl();
    const F y3 = r * (v - x3) - (p.y * j).dbl();
    const F z3 = (p.z + h).square() - z1z1 - hh;
    return {x3, y3, z3};
  }

  CUZK_HD Jacobian& operator+=(const Jacobian& q) { return *this = *this + q; }
  CUZK_HD Jacobian& operator+=(const Affine<F>& q) { return *this = *this + q; }

  template <class Storage>  // JacobianStorage<F::Storage>
  static CUZK_HD Jacobian load(const Storage& s) {
    return {F::load(s.x), F::load(s.y), F::load(s.z)};
  }
  template <class Storage>
  CUZK_HD void store(Storage& s) const {
    s.x = x.store();
    s.y = y.store();
    s.z = z.store();
  }
};

}  // namespace cuzk::gpu
