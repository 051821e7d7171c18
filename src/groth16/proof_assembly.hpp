// The last step of every Groth16 prover (CPU or GPU): combine the MSM results with the
// verifying key and the blinding values r, s (bellperson's equations):
//   A = alpha_1 + a_acc + r delta_1
//   B = beta_2 + b2_acc + s delta_2                      (in G2)
//   C = s A + r B_1 - r s delta_1 + h_acc + l_acc,  with B_1 = beta_1 + b1_acc + s delta_1
// which expands to bellperson's C = s a_acc + r b1_acc + rs delta_1 + s alpha_1 + r beta_1 +
// h_acc + l_acc.
#pragma once

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "groth16/backend.hpp"

namespace cuzk::groth16 {

// The five MSM results of one circuit.
struct MsmAccumulators {
  curve::G1 a, b1, h, l;
  curve::G2 b2;
};

Proof assemble_proof(const VerifyingKey& vk, const MsmAccumulators& acc, const Randomness& rs);

// The circuit-shape checks shared by the backends: every assignment finalised and of the same
// shape, every parameter section of the size that shape needs, delta not the identity. Throws
// std::invalid_argument naming the mismatch. Returns the domain size m (a power of two).
size_t check_assignments_fit(std::span<const r1cs::ProvingAssignment> assignments,
                             const Parameters& params, size_t randomness_count);

// Witness values as canonical scalars (the MSMs' input form), over `threads` (0 = all cores).
std::vector<ff::Fr::Repr> to_canonical_scalars(std::span<const ff::Fr> values,
                                               unsigned threads = 0);

}  // namespace cuzk::groth16
