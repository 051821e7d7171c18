// Groth16 verification (see verifier.hpp).
#include "groth16/verifier.hpp"

#include "curve/scalar_mul.hpp"
#include "msm/msm.hpp"
#include "util/system_random.hpp"

namespace cuzk::groth16 {
namespace {

using curve::G1;
using curve::G1Affine;
using curve::MillerTerm;

// ic_0 * c0 + sum_i x_i ic_{i+1}, with the coefficient of ic_0 given separately (1 for a single
// proof, sum z_j for a batch). One multi-scalar multiplication on all cores: a 32 GiB WindowPoSt
// has 25,840 inputs (1.1 s as one scalar multiplication each on the H200 host).
G1 linear_combination_of_ic(const std::vector<G1Affine>& ic, const ff::Fr& c0,
                            std::span<const ff::Fr> coeffs) {
  std::vector<ff::Fr::Repr> scalars(coeffs.size());
  for (size_t i = 0; i < coeffs.size(); ++i) scalars[i] = coeffs[i].to_canonical();
  return curve::mul(G1::from_affine(ic[0]), c0) +
         msm::msm<curve::G1Config>(std::span(ic).subspan(1, coeffs.size()), scalars);
}

}  // namespace

PreparedVerifyingKey prepare_verifying_key(const VerifyingKey& vk) {
  PreparedVerifyingKey pvk;
  pvk.alpha_beta = curve::pairing(vk.alpha_g1, vk.beta_g2);
  pvk.neg_gamma = curve::prepare(-vk.gamma_g2);
  pvk.neg_delta = curve::prepare(-vk.delta_g2);
  pvk.gamma = curve::prepare(vk.gamma_g2);
  pvk.delta = curve::prepare(vk.delta_g2);
  pvk.ic = vk.ic;
  return pvk;
}

bool verify_proof(const PreparedVerifyingKey& pvk, const Proof& proof,
                  std::span<const ff::Fr> public_inputs) {
  if (pvk.ic.empty() || public_inputs.size() + 1 != pvk.ic.size()) return false;
  G1Affine acc = linear_combination_of_ic(pvk.ic, ff::Fr::one(), public_inputs).to_affine();
  const MillerTerm terms[] = {{proof.a, proof.b}, {acc, &pvk.neg_gamma}, {proof.c, &pvk.neg_delta}};
  return curve::multi_pairing(terms) == pvk.alpha_beta;
}

bool verify_proofs_batch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                         std::span<const std::vector<ff::Fr>> inputs) {
  SystemRandom rng;
  return verify_proofs_batch(pvk, proofs, inputs, rng);
}

bool verify_proofs_batch_weighted(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                                  std::span<const std::vector<ff::Fr>> inputs,
                                  std::span<const ff::Fr> weights) {
  if (proofs.size() != inputs.size() || weights.size() != proofs.size()) return false;
  for (const auto& x : inputs) {
    if (pvk.ic.empty() || x.size() + 1 != pvk.ic.size()) return false;
  }
  if (proofs.size() < 2) {
    return proofs.empty() || verify_proof(pvk, proofs[0], inputs[0]);
  }
  std::vector<MillerTerm> terms;
  terms.reserve(proofs.size() + 2);
  ff::Fr z_sum = ff::Fr::zero();
  std::vector<ff::Fr> ic_coeffs(pvk.ic.size() - 1, ff::Fr::zero());
  G1 c_acc = G1::identity();
  for (size_t j = 0; j < proofs.size(); ++j) {
    const ff::Fr& z = weights[j];
    z_sum += z;
    for (size_t i = 0; i < ic_coeffs.size(); ++i) ic_coeffs[i] += z * inputs[j][i];
    c_acc += curve::mul(G1::from_affine(proofs[j].c), z);
    terms.push_back({curve::mul(G1::from_affine(proofs[j].a), z).to_affine(), -proofs[j].b});
  }
  G1Affine acc = linear_combination_of_ic(pvk.ic, z_sum, ic_coeffs).to_affine();
  terms.push_back({acc, &pvk.gamma});
  terms.push_back({c_acc.to_affine(), &pvk.delta});
  return curve::multi_pairing(terms) == pvk.alpha_beta.pow(-z_sum);
}

}  // namespace cuzk::groth16
