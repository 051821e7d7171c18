// Exponentiation by a public exponent, shared by every field type (left-to-right square and
// multiply). Not constant time: exponents here are public constants, never secrets.
#pragma once

#include "ff/limbs.hpp"

namespace cuzk::ff {

template <class F, size_t M>
constexpr F field_pow(const F& x, const Limbs<M>& e) {
  F r = F::one();
  for (size_t i = limbs_bit_length(e); i-- > 0;) {
    r = r.square();
    if (limbs_bit(e, i)) r *= x;
  }
  return r;
}

}  // namespace cuzk::ff
