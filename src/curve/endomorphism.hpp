// The efficient endomorphisms of G1 and G2, used by the subgroup checks (subgroup.hpp) and by
// GLV/GLS scalar multiplication (scalar_mul.hpp).
//
// BLS12-381 comes from the parameter x = -0xd201000000010000: r = x^4 - x^2 + 1 and
// p = (x - 1)^2 r / 3 + x, so p = x (mod r).
//
// G1, phi(x, y) = (beta x, y) with beta a primitive cube root of unity in Fp (p = 1 mod 3): on
// the order-r subgroup phi acts as [lambda] with lambda^2 + lambda + 1 = 0 (mod r), whose two
// roots are -x^2 and x^2 - 1. Of the two cube roots w and w^2, w = 2^((p-1)/3) (2 is not a cube
// mod p), one pairs with -x^2 and the other with x^2 - 1. We use the -x^2 one (the eigenvalue of
// Scott's membership test) and find it at first use by testing phi(G) == [-x^2]G on the
// generator; tests check that the other root gives x^2 - 1.
//
// G2, psi = untwist o Frobenius o twist. For the M-twist y^2 = x^3 + 4 xi (xi = 1 + u) the untwist
// is (x, y) -> (x / w^2, y / w^3) with w^6 = xi, so
//   psi(x, y) = (conj(x) * xi^-((p-1)/3), conj(y) * xi^-((p-1)/2)),
// and psi acts on G2 as [p mod r] = [x]. psi^2(x, y) = (N(cx) x, N(cy) y) has coefficients in Fp
// (N = the Fp2 norm; N(cy) = -1 because xi is not a square in Fp2), so it costs 2 Fp
// multiplications. The coefficients are computed once, at first use, from xi.
//
// On Jacobian coordinates the maps act coordinate-wise: phi(X, Y, Z) = (beta X, Y, Z) and
// psi(X, Y, Z) = (conj(X) cx, conj(Y) cy, conj(Z)), because X/Z^2 and Y/Z^3 transform the same way.
#pragma once

#include <cstdint>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "curve/pairing.hpp"  // kBlsXAbs, kBlsXIsNegative: the BLS parameter x

namespace cuzk::curve {

// The signs below ([-x^2] = -[|x|^2], [x] = -[|x|]) assume x < 0.
static_assert(kBlsXIsNegative);

struct EndomorphismConstants {
  ff::Fp beta;    // phi on G1 is [-x^2]
  ff::Fp2 psi_x;  // xi^-((p-1)/3)
  ff::Fp2 psi_y;  // xi^-((p-1)/2)
  ff::Fp psi2_x;  // N(psi_x): psi^2(x, y) = (psi2_x x, psi2_y y)
  ff::Fp psi2_y;  // N(psi_y) = -1
};

// Derived once (thread-safe static) from the field and the generator; see the top comment.
const EndomorphismConstants& endomorphism_constants();

namespace detail {
template <class Config, class Base>
Jacobian<Config> mul_by_abs_x_chain(const Base& p) {
  Jacobian<Config> r = Jacobian<Config>::identity();
  r += p;  // the top bit (63) of |x|
  for (int i = 62; i >= 0; --i) {
    r = r.dbl();
    if ((kBlsXAbs >> i) & 1) r += p;
  }
  return r;
}
}  // namespace detail

// [|x|]P by the fixed chain of |x|'s bits: 63 doublings, 5 additions (mixed for an affine P).
template <class Config>
Jacobian<Config> mul_by_abs_x(const Jacobian<Config>& p) {
  return detail::mul_by_abs_x_chain<Config>(p);
}
template <class Config>
Jacobian<Config> mul_by_abs_x(const Affine<Config>& p) {
  return detail::mul_by_abs_x_chain<Config>(p);
}

// phi with an explicit cube root (used to choose beta and by tests); phi() below uses beta.
inline G1 phi_with(const ff::Fp& cube_root, const G1& p) {
  return {p.x * cube_root, p.y, p.z};
}

inline G1 phi(const G1& p) {
  return phi_with(endomorphism_constants().beta, p);
}
inline G1Affine phi(const G1Affine& p) {
  return {p.x * endomorphism_constants().beta, p.y, p.infinity};
}

inline G2 psi(const G2& p) {
  const auto& c = endomorphism_constants();
  return {p.x.conjugate() * c.psi_x, p.y.conjugate() * c.psi_y, p.z.conjugate()};
}
inline G2Affine psi(const G2Affine& p) {
  const auto& c = endomorphism_constants();
  return {p.x.conjugate() * c.psi_x, p.y.conjugate() * c.psi_y, p.infinity};
}

inline G2 psi2(const G2& p) {
  const auto& c = endomorphism_constants();
  return {p.x * c.psi2_x, p.y * c.psi2_y, p.z};
}
inline G2Affine psi2(const G2Affine& p) {
  const auto& c = endomorphism_constants();
  return {p.x * c.psi2_x, p.y * c.psi2_y, p.infinity};
}

}  // namespace cuzk::curve
