// Fp6 = Fp2[v] / (v^3 - xi), xi = 1 + u: the middle floor of the pairing tower.
#pragma once

#include <array>

#include "ff/fp2.hpp"

namespace cuzk::ff {

// Frobenius coefficients of the tower, all derived from gamma = xi^((p-1)/6):
//   w^(p^k) = w * omega_k,  v^(p^k) = v * omega_k^2,  (v^2)^(p^k) = v^2 * omega_k^4,
// with omega_k = xi^((p^k-1)/6) = prod_{i<k} gamma^(p^i) (gamma^(p^i) is gamma or its conjugate).
struct TowerFrobenius {
  std::array<Fp2, 12> w, v, v2;
};

inline const TowerFrobenius& tower_frobenius() {
  static const TowerFrobenius t = [] {
    Limbs<6> e{};
    limbs_sub(e, Fp::kModulus, limbs_from_u64<6>(1));
    const Fp2 xi{Fp::one(), Fp::one()};
    const Fp2 gamma = xi.pow(limbs_div_u64(e, 6));
    TowerFrobenius f;
    Fp2 omega = Fp2::one();
    for (unsigned k = 0; k < 12; ++k) {
      f.w[k] = omega;
      f.v[k] = omega.square();
      f.v2[k] = f.v[k].square();
      omega *= gamma.frobenius(k);
    }
    return f;
  }();
  return t;
}

struct Fp6 {
  Fp2 c0, c1, c2;

  static constexpr Fp6 zero() { return {}; }
  static constexpr Fp6 one() { return {Fp2::one(), Fp2::zero(), Fp2::zero()}; }
  template <class Rng>
  static Fp6 random(Rng& rng) {
    Fp2 a = Fp2::random(rng), b = Fp2::random(rng);
    return {a, b, Fp2::random(rng)};
  }

  constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero() && c2.is_zero(); }
  constexpr bool is_one() const { return c0.is_one() && c1.is_zero() && c2.is_zero(); }
  friend constexpr bool operator==(const Fp6&, const Fp6&) = default;

  friend constexpr Fp6 operator+(const Fp6& a, const Fp6& b) {
    return {a.c0 + b.c0, a.c1 + b.c1, a.c2 + b.c2};
  }
  friend constexpr Fp6 operator-(const Fp6& a, const Fp6& b) {
    return {a.c0 - b.c0, a.c1 - b.c1, a.c2 - b.c2};
  }
  constexpr Fp6 operator-() const { return {-c0, -c1, -c2}; }
  // Karatsuba over three coefficients: 6 Fp2 multiplications.
  friend constexpr Fp6 operator*(const Fp6& a, const Fp6& b) {
    Fp2 t0 = a.c0 * b.c0, t1 = a.c1 * b.c1, t2 = a.c2 * b.c2;
    Fp2 r0 = ((a.c1 + a.c2) * (b.c1 + b.c2) - t1 - t2).mul_by_nonresidue() + t0;
    Fp2 r1 = (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1 + t2.mul_by_nonresidue();
    Fp2 r2 = (a.c0 + a.c2) * (b.c0 + b.c2) - t0 - t2 + t1;
    return {r0, r1, r2};
  }
  friend constexpr Fp6 operator*(const Fp6& a, const Fp2& s) {
    return {a.c0 * s, a.c1 * s, a.c2 * s};
  }
  constexpr Fp6& operator+=(const Fp6& b) { return *this = *this + b; }
  constexpr Fp6& operator-=(const Fp6& b) { return *this = *this - b; }
  constexpr Fp6& operator*=(const Fp6& b) { return *this = *this * b; }

  constexpr Fp6 dbl() const { return {c0.dbl(), c1.dbl(), c2.dbl()}; }
  // Chung–Hasan SQR2: 2 multiplications and 3 squarings in Fp2.
  constexpr Fp6 square() const {
    Fp2 s0 = c0.square();
    Fp2 s1 = (c0 * c1).dbl();
    Fp2 s2 = (c0 - c1 + c2).square();
    Fp2 s3 = (c1 * c2).dbl();
    Fp2 s4 = c2.square();
    return {s3.mul_by_nonresidue() + s0, s4.mul_by_nonresidue() + s1, s1 + s2 + s3 - s0 - s4};
  }
  // Multiplication by v: (c0, c1, c2) -> (xi c2, c0, c1).
  constexpr Fp6 mul_by_nonresidue() const { return {c2.mul_by_nonresidue(), c0, c1}; }
  // Multiplication by the sparse element b0 + b1 v.
  constexpr Fp6 mul_by_01(const Fp2& b0, const Fp2& b1) const {
    Fp2 t0 = c0 * b0, t1 = c1 * b1;
    Fp2 r0 = ((c1 + c2) * b1 - t1).mul_by_nonresidue() + t0;
    Fp2 r1 = (c0 + c1) * (b0 + b1) - t0 - t1;
    Fp2 r2 = (c0 + c2) * b0 - t0 + t1;
    return {r0, r1, r2};
  }
  // Multiplication by the sparse element b1 v.
  constexpr Fp6 mul_by_1(const Fp2& b1) const {
    return {(c2 * b1).mul_by_nonresidue(), c0 * b1, c1 * b1};
  }

  template <size_t M>
  constexpr Fp6 pow(const Limbs<M>& e) const {
    return field_pow(*this, e);
  }

  Fp6 frobenius(unsigned k = 1) const {
    const auto& f = tower_frobenius();
    k %= 6;
    return {c0.frobenius(k), c1.frobenius(k) * f.v[k], c2.frobenius(k) * f.v2[k]};
  }

  constexpr Fp6 inverse() const {
    Fp2 a = c0.square() - (c1 * c2).mul_by_nonresidue();
    Fp2 b = c2.square().mul_by_nonresidue() - c0 * c1;
    Fp2 c = c1.square() - c0 * c2;
    Fp2 t = ((c2 * b + c1 * c).mul_by_nonresidue() + c0 * a).inverse();
    return {a * t, b * t, c * t};
  }
};

}  // namespace cuzk::ff
