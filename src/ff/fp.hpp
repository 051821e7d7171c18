// Fp: the 381-bit base field of BLS12-381 (p = 3 mod 4, so sqrt is a single exponentiation).
// Encoded as 48 bytes big-endian canonical (zcash/bellperson convention).
#pragma once

#include "ff/mont_field.hpp"

namespace cuzk::ff {

struct FpConfig {
  static constexpr size_t kLimbs = 6;
  static constexpr Limbs<6> kModulus = limbs_from_hex<6>(
      "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffff"
      "aaab");
  static constexpr unsigned kTwoAdicity = 1;
  static constexpr uint64_t kGenerator = 2;  // a quadratic non-residue (unused: p = 3 mod 4)
};

using Fp = MontField<FpConfig>;
static_assert(Fp::kBits == 381 && Fp::kBytes == 48);

}  // namespace cuzk::ff
