// G2: the sextic M-twist y^2 = x^3 + 4(1 + u) over Fp2, and its prime-order-r subgroup.
#pragma once

#include "curve/point.hpp"
#include "ff/fp2.hpp"

namespace cuzk::curve {

struct G2Config {
  using Field = ff::Fp2;
  static constexpr Field b() { return {ff::Fp::from_u64(4), ff::Fp::from_u64(4)}; }
  static constexpr Field gx() {
    return {ff::Fp::from_canonical_unchecked(
                ff::limbs_from_hex<6>("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3"
                                      "d1770bac0326a805bbefd48056c8c121bdb8")),
            ff::Fp::from_canonical_unchecked(
                ff::limbs_from_hex<6>("13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f"
                                      "5049334cf11213945d57e5ac7d055d042b7e"))};
  }
  static constexpr Field gy() {
    return {ff::Fp::from_canonical_unchecked(
                ff::limbs_from_hex<6>("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160"
                                      "d12c923ac9cc3baca289e193548608b82801")),
            ff::Fp::from_canonical_unchecked(
                ff::limbs_from_hex<6>("0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e"
                                      "99ab3f370d275cec1da1aaa9075ff05f79be"))};
  }
};

using G2Affine = Affine<G2Config>;
using G2 = Jacobian<G2Config>;

}  // namespace cuzk::curve
