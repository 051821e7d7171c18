// Fp12 = Fp6[w] / (w^2 - v): the target field of the pairing (GT is its order-r subgroup).
#pragma once

#include "ff/fp6.hpp"

namespace cuzk::ff {

struct Fp12 {
  Fp6 c0, c1;

  static constexpr Fp12 zero() { return {}; }
  static constexpr Fp12 one() { return {Fp6::one(), Fp6::zero()}; }
  template <class Rng>
  static Fp12 random(Rng& rng) {
    Fp6 a = Fp6::random(rng);
    return {a, Fp6::random(rng)};
  }

  constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  constexpr bool is_one() const { return c0.is_one() && c1.is_zero(); }
  friend constexpr bool operator==(const Fp12&, const Fp12&) = default;

  friend constexpr Fp12 operator+(const Fp12& a, const Fp12& b) {
    return {a.c0 + b.c0, a.c1 + b.c1};
  }
  friend constexpr Fp12 operator-(const Fp12& a, const Fp12& b) {
    return {a.c0 - b.c0, a.c1 - b.c1};
  }
  constexpr Fp12 operator-() const { return {-c0, -c1}; }
  // Karatsuba: 3 Fp6 multiplications.
  friend constexpr Fp12 operator*(const Fp12& a, const Fp12& b) {
    Fp6 aa = a.c0 * b.c0, bb = a.c1 * b.c1;
    return {bb.mul_by_nonresidue() + aa, (a.c0 + a.c1) * (b.c0 + b.c1) - aa - bb};
  }
  constexpr Fp12& operator*=(const Fp12& b) { return *this = *this * b; }

  constexpr Fp12 dbl() const { return {c0.dbl(), c1.dbl()}; }

  // Complex squaring: 2 Fp6 multiplications.
  constexpr Fp12 square() const {
    Fp6 ab = c0 * c1;
    Fp6 t = (c0 + c1) * (c0 + c1.mul_by_nonresidue()) - ab - ab.mul_by_nonresidue();
    return {t, ab.dbl()};
  }
  // Multiplication by the sparse element c0 + c1 v + c4 v w (line functions of the pairing).
  constexpr Fp12 mul_by_014(const Fp2& x0, const Fp2& x1, const Fp2& x4) const {
    Fp6 aa = c0.mul_by_01(x0, x1);
    Fp6 bb = c1.mul_by_1(x4);
    Fp6 t = (c0 + c1).mul_by_01(x0, x1 + x4) - aa - bb;
    return {bb.mul_by_nonresidue() + aa, t};
  }
  // Multiplication by the sparse element c0 + c3 w + c4 v w.
  constexpr Fp12 mul_by_034(const Fp2& x0, const Fp2& x3, const Fp2& x4) const {
    Fp6 aa = c0 * x0;
    Fp6 bb = c1.mul_by_01(x3, x4);
    Fp6 t = (c0 + c1).mul_by_01(x0 + x3, x4) - aa - bb;
    return {bb.mul_by_nonresidue() + aa, t};
  }

  // f^(p^6): the inverse for elements of the cyclotomic subgroup.
  constexpr Fp12 conjugate() const { return {c0, -c1}; }
  Fp12 frobenius(unsigned k = 1) const {
    const auto& f = tower_frobenius();
    k %= 12;
    return {c0.frobenius(k), c1.frobenius(k) * f.w[k]};
  }
  // (a + b w)^-1 = (a - b w) / (a^2 - v b^2).
  constexpr Fp12 inverse() const {
    Fp6 t = (c0.square() - c1.square().mul_by_nonresidue()).inverse();
    return {c0 * t, -(c1 * t)};
  }

  // Squaring in the cyclotomic subgroup (Granger–Scott 2010, "Faster squaring in the cyclotomic
  // subgroup of sixth degree extensions"): Fp12 seen as three Fp4 = Fp2[s]/(s^2 - xi) elements,
  // each squared with 3 Fp2 squarings. Valid only for f in the cyclotomic subgroup (order
  // dividing p^4 - p^2 + 1), i.e. after the easy part of the final exponentiation.
  constexpr Fp12 cyclotomic_square() const {
    // Pairs (z0,z1), (z2,z3), (z4,z5) are the three Fp4 elements.
    Fp2 z0 = c0.c0, z4 = c0.c1, z3 = c0.c2, z2 = c1.c0, z1 = c1.c1, z5 = c1.c2;
    auto fp4_square = [](const Fp2& a, const Fp2& b, Fp2& r0, Fp2& r1) {
      Fp2 a2 = a.square(), b2 = b.square();
      r0 = b2.mul_by_nonresidue() + a2;
      r1 = (a + b).square() - a2 - b2;
    };
    Fp2 t0, t1, t2, t3;
    fp4_square(z0, z1, t0, t1);
    z0 = (t0 - z0).dbl() + t0;  // 3 t0 - 2 z0
    z1 = (t1 + z1).dbl() + t1;  // 3 t1 + 2 z1
    fp4_square(z2, z3, t0, t1);
    fp4_square(z4, z5, t2, t3);
    z4 = (t0 - z4).dbl() + t0;
    z5 = (t1 + z5).dbl() + t1;
    t0 = t3.mul_by_nonresidue();
    z2 = (t0 + z2).dbl() + t0;
    z3 = (t2 - z3).dbl() + t2;
    return {{z0, z4, z3}, {z2, z1, z5}};
  }

  template <size_t M>
  constexpr Fp12 pow(const Limbs<M>& e) const {
    return field_pow(*this, e);
  }

  // The 12 Fp coefficients in tower order c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1, each as
  // 48 big-endian bytes (576 bytes): the GT encoding used by the test vectors.
  std::array<uint8_t, 576> to_bytes() const {
    std::array<uint8_t, 576> out{};
    const Fp2* parts[6] = {&c0.c0, &c0.c1, &c0.c2, &c1.c0, &c1.c1, &c1.c2};
    for (int i = 0; i < 6; ++i) {
      parts[i]->c0.to_bytes_be(std::span<uint8_t, 48>(out.data() + 96 * i, 48));
      parts[i]->c1.to_bytes_be(std::span<uint8_t, 48>(out.data() + 96 * i + 48, 48));
    }
    return out;
  }
};

}  // namespace cuzk::ff
