// Test helpers shared by the curve tests: random subgroup points (a random multiple of the
// generator, by the plain double-and-add oracle), random curve points without cofactor clearing
// (outside the subgroup except with probability ~1/cofactor), and the slow membership oracle
// [r]P == 0.
#pragma once

#include <random>

#include "curve/g1.hpp"
#include "curve/g2.hpp"

namespace cuzk::testing {

template <class Config>
curve::Jacobian<Config> random_subgroup_point(std::mt19937_64& rng) {
  return curve::Jacobian<Config>::generator().mul_limbs(ff::Fr::random(rng).to_canonical());
}

// A uniformly random x with x^3 + b a square, and a random one of its two y.
template <class Config>
curve::Affine<Config> random_curve_point(std::mt19937_64& rng) {
  using F = typename Config::Field;
  for (;;) {
    F x = F::random(rng);
    if (auto y = (x.square() * x + Config::b()).sqrt()) return {x, (rng() & 1) ? *y : -*y, false};
  }
}

template <class Config>
bool slow_is_in_subgroup(const curve::Jacobian<Config>& p) {
  return p.mul_limbs(ff::Fr::kModulus).is_identity();
}

}  // namespace cuzk::testing
