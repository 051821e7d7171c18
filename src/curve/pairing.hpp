// The optimal-ate pairing e: G1 x G2 -> GT of BLS12-381, and the group GT.
//
// e(P, Q) = f_{x,Q}(P)^((p^12-1)/r), with f the Miller function of the BLS parameter
// x = -0xd201000000010000 (a Miller loop over the 64 bits of |x|, conjugated at the end because
// x < 0) and the final exponentiation computing exactly (p^12-1)/r (no extra cofactor: noble's
// and zkcrypto's pairing is the cube of this one, see tests/vectors/README.md).
//
// Design:
// - G2 points enter the Miller loop as a stream of line coefficients (LineCoeffs), one per
//   doubling/addition step. The stream is either computed on the fly from a G2Affine or read
//   from a G2Prepared (precomputed once for fixed points such as a verifying key's gamma and
//   delta). Both come from the same step formulas (pairing.cpp), so prepared and unprepared
//   Miller loops give bit-identical Fp12 values.
// - multi_miller_loop runs any number of terms in one loop, sharing the 62 squarings of f; a
//   product of pairings pays one final exponentiation.
// - Identity points (in G1 or G2) contribute the factor 1.
// Inputs are assumed to be subgroup points (decoders check that); other points give a
// meaningless (but never crashing) value.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <variant>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "ff/fp12.hpp"
#include "ff/fr.hpp"

namespace cuzk::curve {

// |x| for the BLS12-381 parameter x = -0xd201000000010000 (x is negative).
inline constexpr uint64_t kBlsXAbs = 0xd201000000010000;
inline constexpr bool kBlsXIsNegative = true;

// The Miller loop over |x| makes bit_length(|x|) - 1 doublings and popcount(|x|) - 1 additions.
inline constexpr size_t kMillerDoublings = 63;
inline constexpr size_t kMillerAdditions = 5;
static_assert(kMillerDoublings == 63 - size_t(__builtin_clzll(kBlsXAbs)));
static_assert(kMillerAdditions == size_t(__builtin_popcountll(kBlsXAbs)) - 1);

// A line of the Miller loop, scaled so that its value at P = (xP, yP) in G1 is the sparse Fp12
// element c0 + (c1 * xP) v + (c4 * yP) v w (M-type twist: coefficients 0, 1, 4 of Fp12).
struct LineCoeffs {
  ff::Fp2 c0, c1, c4;
};

// The line coefficients of a fixed G2 point, in Miller-loop order (~20 KB, no heap).
struct G2Prepared {
  std::array<LineCoeffs, kMillerDoublings + kMillerAdditions> lines{};
  bool infinity = true;
};

G2Prepared prepare(const G2Affine& q);

// One factor e(p, q) of a pairing product; q either plain or prepared (the pointee must outlive
// the call).
struct MillerTerm {
  G1Affine p;
  std::variant<G2Affine, const G2Prepared*> q;
};

// The product of the Miller functions f_{x,q}(p) of all terms (before final exponentiation).
ff::Fp12 multi_miller_loop(std::span<const MillerTerm> terms);
ff::Fp12 miller_loop(const G1Affine& p, const G2Affine& q);

// f^k for f in the cyclotomic subgroup of Fp12 (any output of the easy part of the final
// exponentiation, in particular every GT element): sliding-window exponentiation with
// Granger–Scott cyclotomic squarings. `exponent` is little-endian limbs.
ff::Fp12 cyclotomic_pow(const ff::Fp12& f, std::span<const uint64_t> exponent);

// An element of GT, the order-r subgroup of Fp12^*. Only pairing outputs (and their products and
// powers) should be wrapped: pow and inverse rely on membership in the cyclotomic subgroup.
struct Gt {
  ff::Fp12 value = ff::Fp12::one();

  static Gt identity() { return {}; }
  bool is_identity() const { return value.is_one(); }
  friend bool operator==(const Gt&, const Gt&) = default;

  friend Gt operator*(const Gt& a, const Gt& b) { return {a.value * b.value}; }
  Gt& operator*=(const Gt& b) { return *this = *this * b; }
  // In the cyclotomic subgroup the inverse is the conjugation f^(p^6).
  Gt inverse() const { return {value.conjugate()}; }

  template <size_t M>
  Gt pow(const ff::Limbs<M>& k) const {
    return {cyclotomic_pow(value, std::span<const uint64_t>(k))};
  }
  Gt pow(const ff::Fr& k) const { return pow(k.to_canonical()); }

  // 576 bytes: the 12 Fp coefficients big-endian in tower order (Fp12::to_bytes).
  std::array<uint8_t, 576> to_bytes() const { return value.to_bytes(); }
};

// f^((p^12-1)/r), exactly. Cost: one Fp12 inversion and ~1/2 Miller loop of cyclotomic work.
Gt final_exponentiation(const ff::Fp12& f);

Gt pairing(const G1Affine& p, const G2Affine& q);
// prod_i e(p_i, q_i) with one shared Miller loop and one final exponentiation.
Gt multi_pairing(std::span<const MillerTerm> terms);

// The same GT element as blst (and zkcrypto, noble) computes it: e^3, their final exponentiation
// keeping the factor 3 of the hard part (tests/vectors/README.md). A bijection on GT (gcd(3, r) =
// 1); protocols that hash or compare GT values with theirs (SnarkPack) work in this convention.
inline Gt blst_convention(const Gt& exact) {
  return {exact.value.cyclotomic_square() * exact.value};
}

}  // namespace cuzk::curve
