// Groth16 verification: single proofs and batches (bellperson verifier semantics).
//
// A proof (A, B, C) for public inputs x (without the constant one) verifies when
//   e(A, B) = e(alpha, beta) · e(acc, gamma) · e(C, delta),  acc = ic_0 + sum_i x_i ic_{i+1},
// checked as one multi-Miller loop e(A, B) e(acc, -gamma) e(C, -delta) and one final
// exponentiation compared with the precomputed e(alpha, beta).
// A batch uses a random linear combination with 128-bit weights z_j (Zcash protocol spec,
// appendix B.2): prod_j e(z_j A_j, -B_j) · e(sum_j z_j acc_j, gamma) · e(sum_j z_j C_j, delta)
// = e(alpha, beta)^(-sum_j z_j): n + 2 Miller loops and one final exponentiation.
#pragma once

#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <vector>

#include "curve/pairing.hpp"
#include "ff/fr.hpp"
#include "groth16/parameters.hpp"
#include "groth16/proof.hpp"

namespace cuzk::groth16 {

struct PreparedVerifyingKey {
  curve::Gt alpha_beta;  // e(alpha_g1, beta_g2)
  curve::G2Prepared neg_gamma, neg_delta;
  curve::G2Prepared gamma, delta;
  std::vector<curve::G1Affine> ic;
};

PreparedVerifyingKey prepare_verifying_key(const VerifyingKey& vk);

// False (never an exception) when the input count does not match the key.
bool verify_proof(const PreparedVerifyingKey& pvk, const Proof& proof,
                  std::span<const ff::Fr> public_inputs);

// True only if every proof verifies. `inputs[j]` are proof j's public inputs; `weights[j]` proof
// j's weight z_j (it must be unpredictable to whoever made the proofs, or a forged batch can
// pass). Falls back to single verification for fewer than two proofs.
bool verify_proofs_batch_weighted(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                                  std::span<const std::vector<ff::Fr>> inputs,
                                  std::span<const ff::Fr> weights);

// One 128-bit weight (u128 from two 64-bit draws, as an integer below r).
template <std::uniform_random_bit_generator Rng>
ff::Fr batch_weight(Rng& rng) {
  static_assert(Rng::min() == 0 && Rng::max() == std::numeric_limits<uint64_t>::max(),
                "batch weights take 64-bit draws");
  return *ff::Fr::from_canonical(ff::Limbs<4>{rng(), rng(), 0, 0});
}

// verify_proofs_batch_weighted with weights from `rng`: any 64-bit uniform random bit generator
// (tests may fix one; the overload without it draws from the OS, SystemRandom).
template <std::uniform_random_bit_generator Rng>
bool verify_proofs_batch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                         std::span<const std::vector<ff::Fr>> inputs, Rng& rng) {
  std::vector<ff::Fr> weights;
  weights.reserve(proofs.size());
  for (size_t j = 0; j < proofs.size(); ++j) weights.push_back(batch_weight(rng));
  return verify_proofs_batch_weighted(pvk, proofs, inputs, weights);
}
bool verify_proofs_batch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                         std::span<const std::vector<ff::Fr>> inputs);

}  // namespace cuzk::groth16
