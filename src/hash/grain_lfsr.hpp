// The Grain LFSR in self-shrinking mode, the generator of Poseidon round constants (Poseidon
// paper Appendix F; neptune round_constants.rs; spec §2.2), and the constants it produces.
//
// The 80-bit register is seeded with the instance description (field type, S-box, field size,
// t, R_F, R_P, then 30 ones), clocked 160 times, then read through self-shrinking: of each pair
// of clocked bits (b1, b2), b2 is output when b1 = 1, both are dropped otherwise. A round
// constant is the next 255 output bits read most-significant first, redrawn while >= p.
#pragma once

#include <cstdint>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::hash {

class GrainLfsr {
 public:
  // Seeds and warms up the register. field_kind = 1 (prime field), sbox_kind = 1 (x^alpha with
  // alpha > 0); field_bits = 255 for Fr (F::NUM_BITS, not the rounded 256).
  GrainLfsr(unsigned field_kind, unsigned sbox_kind, unsigned field_bits, unsigned width,
            unsigned full_rounds, unsigned partial_rounds);

  // The next bit of the self-shrinking output.
  bool next_bit();

 private:
  bool clock();  // one raw LFSR step; returns the new bit

  // Bit i of the sequence window (i = 0 oldest ... 79 newest) is bit (79 - i) of the register.
  unsigned __int128 bits_ = 0;
};

// (R_F + R_P) * t round constants in generation order: constant r * t + i is added to state
// element i in round r.
std::vector<ff::Fr> poseidon_round_constants(unsigned width, unsigned full_rounds,
                                             unsigned partial_rounds);

}  // namespace cuzk::hash
