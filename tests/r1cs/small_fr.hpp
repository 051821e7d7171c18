// Shorthand of the r1cs tests: f(3) is the field element 3.
#pragma once

#include <cstdint>

#include "ff/fr.hpp"

namespace cuzk::r1cs::small_fr {

inline ff::Fr f(uint64_t x) {
  return ff::Fr::from_u64(x);
}

}  // namespace cuzk::r1cs::small_fr
