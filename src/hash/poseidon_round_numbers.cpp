// Round-number search (spec §2.1). The inequalities are evaluated in single precision because
// that is what fixes the published numbers: ceil() of an f32 expression, negative results
// counting as 0. The margin is R_F + 2 and R_P = ceil(1.075 * R_P) in f32; among secure pairs the
// fewest S-boxes (t * R_F + R_P) wins, ties going to the smaller R_F.
#include "hash/poseidon_round_numbers.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cuzk::hash {
namespace {

constexpr float kFieldBits = 256.0f;     // n: neptune rounds the 255-bit field up
constexpr float kSecurityBits = 128.0f;  // M

unsigned ceil_to_unsigned(float x) {
  float c = std::ceil(x);
  return c <= 0.0f ? 0u : unsigned(c);
}

// Poseidon paper eqs. (2), (3), (4): statistical, interpolation and two Groebner-basis bounds.
bool rounds_are_secure(unsigned width, unsigned full, unsigned partial) {
  const float t = float(width), rp = float(partial);
  const float statistical = kSecurityBits <= (kFieldBits - 3.0f) * (t + 1.0f) ? 6.0f : 10.0f;
  const float interpolation = 0.43f * kSecurityBits + std::log2(t) - rp;
  const float groebner1 = 0.21f * kFieldBits - rp;
  const float groebner2 = (0.14f * kFieldBits - 1.0f - rp) / (t - 1.0f);
  unsigned required = std::max({ceil_to_unsigned(statistical), ceil_to_unsigned(interpolation),
                                ceil_to_unsigned(groebner1), ceil_to_unsigned(groebner2)});
  return full >= required;
}

}  // namespace

PoseidonRoundNumbers poseidon_round_numbers(unsigned width) {
  PoseidonRoundNumbers best{0, 0};
  unsigned best_sboxes = std::numeric_limits<unsigned>::max();
  for (unsigned full = 2; full <= 1000; full += 2) {
    for (unsigned partial = 4; partial < 200; ++partial) {
      if (!rounds_are_secure(width, full, partial)) continue;
      const unsigned full_m = full + 2;
      const unsigned partial_m = ceil_to_unsigned(1.075f * float(partial));
      const unsigned sboxes = width * full_m + partial_m;
      if (sboxes < best_sboxes || (sboxes == best_sboxes && full_m < best.full_rounds)) {
        best = {full_m, partial_m};
        best_sboxes = sboxes;
      }
    }
  }
  return best;
}

}  // namespace cuzk::hash
