// Short-Weierstrass points y^2 = x^3 + b (a = 0) over a field F, in affine and Jacobian form.
//
// One template serves G1 (over Fp) and G2 (over Fp2); a curve is a small Config naming its field,
// b and its generator (g1.hpp, g2.hpp). Jacobian (X, Y, Z) represents (X/Z^2, Y/Z^3); Z = 0 is
// the point at infinity. Formulas from the Explicit-Formulas Database (hyperelliptic.org/EFD,
// "g1p/auto-shortw-jacobian-0"), cost in field multiplications (M) and squarings (S).
#pragma once

#include <span>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::curve {

template <class Config>
struct Affine {
  using F = typename Config::Field;
  F x, y;
  bool infinity = true;

  static constexpr Affine identity() { return {}; }
  static constexpr Affine generator() { return {Config::gx(), Config::gy(), false}; }

  constexpr bool is_identity() const { return infinity; }
  constexpr bool is_on_curve() const {
    return infinity || y.square() == x.square() * x + Config::b();
  }
  constexpr Affine operator-() const { return infinity ? *this : Affine{x, -y, false}; }
  friend constexpr bool operator==(const Affine& a, const Affine& b) {
    if (a.infinity || b.infinity) return a.infinity == b.infinity;
    return a.x == b.x && a.y == b.y;
  }
};

template <class Config>
struct Jacobian {
  using CurveConfig = Config;
  using F = typename Config::Field;
  using AffineT = Affine<Config>;
  F x = F::one(), y = F::one(), z = F::zero();

  static constexpr Jacobian identity() { return {}; }
  static constexpr Jacobian generator() { return from_affine(AffineT::generator()); }
  static constexpr Jacobian from_affine(const AffineT& p) {
    if (p.infinity) return identity();
    return {p.x, p.y, F::one()};
  }

  constexpr bool is_identity() const { return z.is_zero(); }

  // Projective equality: X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3.
  friend constexpr bool operator==(const Jacobian& a, const Jacobian& b) {
    if (a.is_identity() || b.is_identity()) return a.is_identity() == b.is_identity();
    F z1z1 = a.z.square(), z2z2 = b.z.square();
    return a.x * z2z2 == b.x * z1z1 && a.y * z2z2 * b.z == b.y * z1z1 * a.z;
  }

  constexpr Jacobian operator-() const { return {x, -y, z}; }

  // dbl-2009-l: 2M + 5S.
  constexpr Jacobian dbl() const {
    if (is_identity()) return *this;
    F a = x.square(), b = y.square(), c = b.square();
    F d = ((x + b).square() - a - c).dbl();
    F e = a.dbl() + a;
    F f = e.square();
    F x3 = f - d.dbl();
    F y3 = e * (d - x3) - c.dbl().dbl().dbl();
    F z3 = (y * z).dbl();
    return {x3, y3, z3};
  }

  // add-2007-bl: 11M + 5S.
  friend constexpr Jacobian operator+(const Jacobian& p, const Jacobian& q) {
    if (p.is_identity()) return q;
    if (q.is_identity()) return p;
    F z1z1 = p.z.square(), z2z2 = q.z.square();
    F u1 = p.x * z2z2, u2 = q.x * z1z1;
    F s1 = p.y * q.z * z2z2, s2 = q.y * p.z * z1z1;
    F h = u2 - u1;
    F r = (s2 - s1).dbl();
    if (h.is_zero()) return r.is_zero() ? p.dbl() : identity();
    F i = h.dbl().square();
    F j = h * i;
    F v = u1 * i;
    F x3 = r.square() - j - v.dbl();
    F y3 = r * (v - x3) - (s1 * j).dbl();
    F z3 = ((p.z + q.z).square() - z1z1 - z2z2) * h;
    return {x3, y3, z3};
  }

  // madd-2007-bl (mixed addition with an affine point): 7M + 4S.
  friend constexpr Jacobian operator+(const Jacobian& p, const AffineT& q) {
    if (q.infinity) return p;
    if (p.is_identity()) return from_affine(q);
    F z1z1 = p.z.square();
    F u2 = q.x * z1z1;
    F s2 = q.y * p.z * z1z1;
    F h = u2 - p.x;
    F r = (s2 - p.y).dbl();
    if (h.is_zero()) return r.is_zero() ? p.dbl() : identity();
    F hh = h.square();
    F i = hh.dbl().dbl();
    F j = h * i;
    F v = p.x * i;
    F x3 = r.square() - j - v.dbl();
    F y3 = r * (v - x3) - (p.y * j).dbl();
    F z3 = (p.z + h).square() - z1z1 - hh;
    return {x3, y3, z3};
  }

  friend constexpr Jacobian operator-(const Jacobian& p, const Jacobian& q) { return p + (-q); }
  constexpr Jacobian& operator+=(const Jacobian& q) { return *this = *this + q; }
  constexpr Jacobian& operator+=(const AffineT& q) { return *this = *this + q; }

  // Plain double-and-add by a little-endian integer (public scalars: not constant time).
  template <size_t M>
  constexpr Jacobian mul_limbs(const ff::Limbs<M>& k) const {
    Jacobian r = identity();
    for (size_t i = ff::limbs_bit_length(k); i-- > 0;) {
      r = r.dbl();
      if (ff::limbs_bit(k, i)) r += *this;
    }
    return r;
  }

  constexpr AffineT to_affine() const {
    if (is_identity()) return AffineT::identity();
    F zi = z.inverse(), zi2 = zi.square();
    return {x * zi2, y * zi2 * zi, false};
  }
};

// Converts many Jacobian points to affine with one field inversion.
template <class Config>
void batch_normalize(std::span<const Jacobian<Config>> in, std::span<Affine<Config>> out) {
  using F = typename Config::Field;
  std::vector<F> zs(in.size()), scratch(in.size());
  for (size_t i = 0; i < in.size(); ++i) zs[i] = in[i].z;
  ff::batch_inverse<F>(zs, scratch);
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i].is_identity()) {
      out[i] = Affine<Config>::identity();
      continue;
    }
    F zi2 = zs[i].square();
    out[i] = {in[i].x * zi2, in[i].y * zi2 * zs[i], false};
  }
}

}  // namespace cuzk::curve
