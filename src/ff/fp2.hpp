// Fp2 = Fp[u] / (u^2 + 1): the field of G2 coordinates. c0 + c1*u.
#pragma once

#include <optional>

#include "ff/fp.hpp"

namespace cuzk::ff {

struct Fp2 {
  Fp c0, c1;

  static constexpr Fp2 zero() { return {}; }
  static constexpr Fp2 one() { return {Fp::one(), Fp::zero()}; }
  template <class Rng>
  static Fp2 random(Rng& rng) {
    Fp a = Fp::random(rng);
    return {a, Fp::random(rng)};
  }

  constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  constexpr bool is_one() const { return c0.is_one() && c1.is_zero(); }
  friend constexpr bool operator==(const Fp2&, const Fp2&) = default;

  friend constexpr Fp2 operator+(const Fp2& a, const Fp2& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
  friend constexpr Fp2 operator-(const Fp2& a, const Fp2& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
  constexpr Fp2 operator-() const { return {-c0, -c1}; }
  // Karatsuba: 3 Fp multiplications.
  friend constexpr Fp2 operator*(const Fp2& a, const Fp2& b) {
    Fp aa = a.c0 * b.c0, bb = a.c1 * b.c1;
    return {aa - bb, (a.c0 + a.c1) * (b.c0 + b.c1) - aa - bb};
  }
  friend constexpr Fp2 operator*(const Fp2& a, const Fp& s) { return {a.c0 * s, a.c1 * s}; }
  constexpr Fp2& operator+=(const Fp2& b) { return *this = *this + b; }
  constexpr Fp2& operator-=(const Fp2& b) { return *this = *this - b; }
  constexpr Fp2& operator*=(const Fp2& b) { return *this = *this * b; }

  constexpr Fp2 dbl() const { return {c0.dbl(), c1.dbl()}; }
  // (c0 + c1 u)^2 = (c0 + c1)(c0 - c1) + 2 c0 c1 u: 2 multiplications.
  constexpr Fp2 square() const { return {(c0 + c1) * (c0 - c1), (c0 * c1).dbl()}; }
  constexpr Fp2 conjugate() const { return {c0, -c1}; }
  // Multiplication by the sextic non-residue xi = 1 + u.
  constexpr Fp2 mul_by_nonresidue() const { return {c0 - c1, c0 + c1}; }
  // x^(p^k): conjugation for odd k.
  constexpr Fp2 frobenius(unsigned k = 1) const { return (k & 1) ? conjugate() : *this; }
  constexpr Fp norm() const { return c0.square() + c1.square(); }
  // Inverse of zero is zero.
  constexpr Fp2 inverse() const {
    Fp t = norm().inverse();
    return {c0 * t, -(c1 * t)};
  }

  template <size_t M>
  constexpr Fp2 pow(const Limbs<M>& e) const {
    return field_pow(*this, e);
  }

  // A square root or nullopt. Uses the norm: if x = a + b u is a square then so is
  // N = a^2 + b^2 in Fp, and sqrt(x) = s + (b / 2s) u with s^2 = (a ± sqrt(N)) / 2.
  constexpr std::optional<Fp2> sqrt() const {
    if (c1.is_zero()) {
      if (auto s = c0.sqrt()) return Fp2{*s, Fp::zero()};
      if (auto s = (-c0).sqrt()) return Fp2{Fp::zero(), *s};
      return std::nullopt;
    }
    auto n = norm().sqrt();
    if (!n) return std::nullopt;
    Fp t = (c0 + *n).halve();
    auto s = t.sqrt();
    if (!s) s = (c0 - *n).halve().sqrt();
    if (!s || s->is_zero()) return std::nullopt;
    Fp2 r{*s, c1 * s->dbl().inverse()};
    if (r.square() != *this) return std::nullopt;
    return r;
  }

  // zcash sign rule for Fp2: compare c1, and c0 when c1 is zero.
  constexpr bool is_lexicographically_largest() const {
    if (!c1.is_zero()) return c1.is_lexicographically_largest();
    return c0.is_lexicographically_largest();
  }
};

}  // namespace cuzk::ff
