// Extended Jacobian "XYZZ" coordinates for y^2 = x^3 + b (a = 0): the MSM bucket accumulator.
//
// (X, Y, ZZ, ZZZ) represents (X/ZZ, Y/ZZZ) with ZZ^3 = ZZZ^2 (every formula below preserves it);
// ZZ = 0 is the point at infinity. Storing both ZZ and ZZZ saves the Z-squarings of Jacobian
// formulas: a mixed addition costs 8M+2S (Jacobian madd-2007-bl: 7M+4S) and a full addition
// 12M+2S (Jacobian add-2007-bl: 11M+5S), at the price of one more coordinate. Generic over the
// curve Config like point.hpp, so the same accumulator serves G1 and G2.
//
// Formulas: Explicit-Formulas Database, "g1p/auto-shortw-xyzz" (hyperelliptic.org/EFD), a = 0:
//   add-2008-s    12M + 2S     madd-2008-s   8M + 2S
//   dbl-2008-s-1   6M + 3S     mdbl-2008-s-1 4M + 3S
// The additions degenerate when both inputs share x: they fall back to doubling (same point) or
// return infinity (opposite points), so results are exact for any inputs.
#pragma once

#include "curve/point.hpp"

namespace cuzk::curve {

template <class Config>
struct Xyzz {
  using F = typename Config::Field;
  using AffineT = Affine<Config>;
  using JacobianT = Jacobian<Config>;
  F x = F::one(), y = F::one(), zz = F::zero(), zzz = F::zero();

  static constexpr Xyzz identity() { return {}; }
  static constexpr Xyzz from_affine(const AffineT& p) {
    if (p.infinity) return identity();
    return {p.x, p.y, F::one(), F::one()};
  }
  // Jacobian (X, Y, Z) -> (X, Y, Z^2, Z^3): 1M + 1S.
  static constexpr Xyzz from_jacobian(const JacobianT& p) {
    if (p.is_identity()) return identity();
    F z2 = p.z.square();
    return {p.x, p.y, z2, z2 * p.z};
  }

  constexpr bool is_identity() const { return zz.is_zero(); }
  constexpr Xyzz operator-() const { return {x, -y, zz, zzz}; }

  // mdbl-2008-s-1: doubling of an affine point, 4M + 3S (a = 0).
  static constexpr Xyzz dbl_affine(const AffineT& p) {
    if (p.infinity) return identity();
    F u = p.y.dbl(), v = u.square(), w = u * v, s = p.x * v;
    F xx = p.x.square(), m = xx.dbl() + xx;
    F x3 = m.square() - s.dbl();
    F y3 = m * (s - x3) - w * p.y;
    return {x3, y3, v, w};
  }

  // dbl-2008-s-1: 6M + 3S (a = 0).
  constexpr Xyzz dbl() const {
    if (is_identity()) return *this;
    F u = y.dbl(), v = u.square(), w = u * v, s = x * v;
    F xx = x.square(), m = xx.dbl() + xx;
    F x3 = m.square() - s.dbl();
    F y3 = m * (s - x3) - w * y;
    return {x3, y3, v * zz, w * zzz};
  }

  // madd-2008-s: this += q (affine), 8M + 2S.
  constexpr Xyzz& operator+=(const AffineT& q) {
    if (q.infinity) return *this;
    if (is_identity()) return *this = from_affine(q);
    F p = q.x * zz - x;   // U2 - X1
    F r = q.y * zzz - y;  // S2 - Y1
    if (p.is_zero()) return *this = r.is_zero() ? dbl_affine(q) : identity();
    F pp = p.square(), ppp = p * pp, qq = x * pp;
    F x3 = r.square() - ppp - qq.dbl();
    y = r * (qq - x3) - y * ppp;
    x = x3;
    zz *= pp;
    zzz *= ppp;
    return *this;
  }
  // this -= q (affine): the same formula on -q.
  constexpr Xyzz& sub_affine(const AffineT& q) { return *this += -q; }

  // add-2008-s: this += q, 12M + 2S.
  constexpr Xyzz& operator+=(const Xyzz& q) {
    if (q.is_identity()) return *this;
    if (is_identity()) return *this = q;
    F u1 = x * q.zz, u2 = q.x * zz;
    F s1 = y * q.zzz, s2 = q.y * zzz;
    F p = u2 - u1, r = s2 - s1;
    if (p.is_zero()) return *this = r.is_zero() ? dbl() : identity();
    F pp = p.square(), ppp = p * pp, qq = u1 * pp;
    F x3 = r.square() - ppp - qq.dbl();
    y = r * (qq - x3) - s1 * ppp;
    x = x3;
    zz *= q.zz * pp;
    zzz *= q.zzz * ppp;
    return *this;
  }

  friend constexpr Xyzz operator+(Xyzz p, const Xyzz& q) { return p += q; }
  friend constexpr Xyzz operator+(Xyzz p, const AffineT& q) { return p += q; }

  // To Jacobian with Z = ZZZ: X' = X ZZ^2, Y' = Y ZZZ^2 (uses ZZ^3 = ZZZ^2), 2M + 2S.
  constexpr JacobianT to_jacobian() const {
    if (is_identity()) return JacobianT::identity();
    return {x * zz.square(), y * zzz.square(), zzz};
  }
  // To affine with one inversion: 1/ZZ = (ZZ / ZZZ)^2.
  constexpr AffineT to_affine() const {
    if (is_identity()) return AffineT::identity();
    F izzz = zzz.inverse();
    F izz = (zz * izzz).square();
    return {x * izz, y * izzz, false};
  }

  friend constexpr bool operator==(const Xyzz& a, const Xyzz& b) {
    return a.to_jacobian() == b.to_jacobian();
  }
};

}  // namespace cuzk::curve
