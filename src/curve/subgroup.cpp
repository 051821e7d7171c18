// Scott's endomorphism subgroup tests (see subgroup.hpp). Since x < 0:
// [-x^2]P = -[|x|]([|x|]P) and [x]Q = -[|x|]Q.
#include "curve/subgroup.hpp"

#include "curve/endomorphism.hpp"

namespace cuzk::curve {

bool is_in_subgroup(const G1& p) {
  if (p.is_identity()) return true;
  return phi(p) == -mul_by_abs_x(mul_by_abs_x(p));
}

bool is_in_subgroup(const G1Affine& p) {
  if (p.is_identity()) return true;
  return G1::from_affine(phi(p)) == -mul_by_abs_x(mul_by_abs_x(p));
}

bool is_in_subgroup(const G2& q) {
  if (q.is_identity()) return true;
  return psi(q) == -mul_by_abs_x(q);
}

bool is_in_subgroup(const G2Affine& q) {
  if (q.is_identity()) return true;
  return G2::from_affine(psi(q)) == -mul_by_abs_x(q);
}

}  // namespace cuzk::curve
