// Membership in the prime-order-r subgroups G1 and G2, by the endomorphism tests of
// M. Scott, "A note on group membership tests for G1, G2 and GT on BLS pairing-friendly curves"
// (ePrint 2021/1130):
//   G1: P in G1  iff  phi(P) == [-x^2]P   (126 doublings + 10 additions, vs ~255 + ~128 for [r]P)
//   G2: Q in G2  iff  psi(Q) == [x]Q      (63 doublings + 5 additions)
// with phi, psi and x as in endomorphism.hpp. The input must already be on the curve (the
// decoders check that first); the identity is in both subgroups. Variable time (public inputs).
#pragma once

#include "curve/g1.hpp"
#include "curve/g2.hpp"

namespace cuzk::curve {

bool is_in_subgroup(const G1& p);
bool is_in_subgroup(const G1Affine& p);
bool is_in_subgroup(const G2& q);
bool is_in_subgroup(const G2Affine& q);

}  // namespace cuzk::curve
