// Fr: the 255-bit scalar field of BLS12-381, the field of every Filecoin circuit.
// r - 1 = 2^32 * t (2-adicity 32); 7 generates the multiplicative group and is the coset shift
// used by the prover's NTTs. Encoded as 32 bytes little-endian canonical (Filecoin's "repr").
#pragma once

#include "ff/mont_field.hpp"

namespace cuzk::ff {

struct FrConfig {
  static constexpr size_t kLimbs = 4;
  static constexpr Limbs<4> kModulus =
      limbs_from_hex<4>("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
  static constexpr unsigned kTwoAdicity = 32;
  static constexpr uint64_t kGenerator = 7;
};

using Fr = MontField<FrConfig>;
static_assert(Fr::kBits == 255 && Fr::kBytes == 32);

inline constexpr unsigned kFrTwoAdicity = FrConfig::kTwoAdicity;

// The multiplicative generator g = 7.
constexpr Fr fr_generator() {
  return Fr::from_u64(FrConfig::kGenerator);
}

// A primitive 2^32-th root of unity: g^((r-1)/2^32).
inline const Fr& fr_root_of_unity() {
  static const Fr w = [] {
    Limbs<4> t{};
    limbs_sub(t, Fr::kModulus, limbs_from_u64<4>(1));
    return fr_generator().pow(limbs_shr(t, kFrTwoAdicity));
  }();
  return w;
}

}  // namespace cuzk::ff
