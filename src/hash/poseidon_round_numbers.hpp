// Poseidon round numbers (R_F full, R_P partial) for a width t, computed as neptune does
// (spec §2.1, "standard" strength): the cheapest (R_F, R_P) pair that satisfies the security
// inequalities of the Poseidon paper for n = 256, M = 128, x^5, plus a security margin.
#pragma once

namespace cuzk::hash {

struct PoseidonRoundNumbers {
  unsigned full_rounds;     // R_F, split in two halves around the partial rounds
  unsigned partial_rounds;  // R_P
};

PoseidonRoundNumbers poseidon_round_numbers(unsigned width);

}  // namespace cuzk::hash
