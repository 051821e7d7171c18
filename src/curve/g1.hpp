// G1: the BLS12-381 curve y^2 = x^3 + 4 over Fp, and its prime-order-r subgroup.
#pragma once

#include "curve/point.hpp"
#include "ff/fp.hpp"

namespace cuzk::curve {

struct G1Config {
  using Field = ff::Fp;
  static constexpr Field b() { return Field::from_u64(4); }
  static constexpr Field gx() {
    return Field::from_canonical_unchecked(
        ff::limbs_from_hex<6>("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55"
                              "e83ff97a1aeffb3af00adb22c6bb"));
  }
  static constexpr Field gy() {
    return Field::from_canonical_unchecked(
        ff::limbs_from_hex<6>("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03c"
                              "c744a2888ae40caa232946c5e7e1"));
  }
};

using G1Affine = Affine<G1Config>;
using G1 = Jacobian<G1Config>;

}  // namespace cuzk::curve
