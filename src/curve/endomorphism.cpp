// Derivation of the endomorphism constants (see endomorphism.hpp for the math).
#include "curve/endomorphism.hpp"

#include <stdexcept>

namespace cuzk::curve {
namespace {

EndomorphismConstants derive_constants() {
  using ff::Fp;
  using ff::Fp2;
  ff::Limbs<6> p_minus_1{};
  ff::limbs_sub(p_minus_1, Fp::kModulus, ff::limbs_from_u64<6>(1));
  uint64_t rem = 0;
  const ff::Limbs<6> third = ff::limbs_div_u64(p_minus_1, 3, &rem);  // (p-1)/3, exact
  const ff::Limbs<6> half = ff::limbs_shr(p_minus_1, 1);             // (p-1)/2
  if (rem != 0) throw std::logic_error("endomorphism: p != 1 (mod 3)");

  EndomorphismConstants c;

  // A primitive cube root of unity; 2 is a non-cube mod p, so w != 1.
  const Fp w = Fp::from_u64(2).pow(third);
  if (w.is_one() || !(w * w * w).is_one()) throw std::logic_error("endomorphism: bad cube root");
  const G1 g = G1::generator();
  const G1 minus_x2_g = -mul_by_abs_x(mul_by_abs_x(g));
  c.beta = phi_with(w, g) == minus_x2_g ? w : w.square();

  const Fp2 xi{Fp::one(), Fp::one()};
  c.psi_x = xi.pow(third).inverse();
  c.psi_y = xi.pow(half).inverse();
  c.psi2_x = c.psi_x.norm();
  c.psi2_y = c.psi_y.norm();
  return c;
}

}  // namespace

const EndomorphismConstants& endomorphism_constants() {
  static const EndomorphismConstants c = derive_constants();
  return c;
}

}  // namespace cuzk::curve
