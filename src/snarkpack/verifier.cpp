// SnarkPack's verifier (see verifier.hpp).
#include "snarkpack/verifier.hpp"

#include <algorithm>

#include "curve/scalar_mul.hpp"
#include "snarkpack/challenges.hpp"
#include "snarkpack/inner_product.hpp"
#include "snarkpack/kzg.hpp"

namespace cuzk::snarkpack {
namespace {

using curve::G1;
using curve::G1Affine;
using curve::G2;
using curve::G2Affine;
using curve::Gt;
using ff::Fr;

// Everything the checks derive from the proof and the transcript input.
struct Derived {
  Fr r;                                  // the proofs' linear combination
  std::vector<Fr> challenges, inverses;  // per round, reversed (last round first)
  Fr z;                                  // the KZG point
  GtPair ab, c;                          // commitments folded with the challenges
  Gt z_ab;
  G1 z_c;
};

Derived derive(const AggregateProof& p, std::span<const uint8_t> include) {
  const GipaProof& g = p.gipa;
  Derived d;
  const Fr hcom = hcom_challenge(p.com_ab, p.com_c);
  d.r = combination_challenge(hcom, include);
  d.ab = p.com_ab;
  d.c = p.com_c;
  d.z_ab = p.ip_ab;
  d.z_c = G1::from_affine(p.agg_c);
  Fr x_inv = gipa_start_challenge(hcom, p.ip_ab, p.agg_c, d.r);
  for (unsigned i = 0; i < g.comms_ab.size(); ++i) {
    x_inv = gipa_round_challenge(i, x_inv, g);
    const Fr x = x_inv.inverse();
    d.challenges.push_back(x);
    d.inverses.push_back(x_inv);
    d.ab.t *= g.comms_ab[i].left.t.pow(x) * g.comms_ab[i].right.t.pow(x_inv);
    d.ab.u *= g.comms_ab[i].left.u.pow(x) * g.comms_ab[i].right.u.pow(x_inv);
    d.c.t *= g.comms_c[i].left.t.pow(x) * g.comms_c[i].right.t.pow(x_inv);
    d.c.u *= g.comms_c[i].left.u.pow(x) * g.comms_c[i].right.u.pow(x_inv);
    d.z_ab *= g.z_ab[i].left.pow(x) * g.z_ab[i].right.pow(x_inv);
    d.z_c += curve::mul(G1::from_affine(g.z_c[i].left), x) +
             curve::mul(G1::from_affine(g.z_c[i].right), x_inv);
  }
  const Fr extra = extra_link_challenge(d.challenges.back(), g);
  d.z = kzg_challenge(extra, g);
  std::reverse(d.challenges.begin(), d.challenges.end());
  std::reverse(d.inverses.begin(), d.inverses.end());
  return d;
}

Gt pair_of(std::initializer_list<std::pair<G1Affine, G2Affine>> terms) {
  ff::Fp12 f = ff::Fp12::one();
  for (const auto& [p, q] : terms) f *= curve::miller_loop(p, q);
  return finish_pairing(f);
}

// The keys-free checks; empty when they all hold.
std::string check_gipa(const AggregateProof& p, const Derived& d) {
  const GipaProof& g = p.gipa;
  if (pair_of({{g.final_a, g.final_b}}) != d.z_ab) return "TIPP: e(final_a, final_b) = Z_ab";
  if (pair_of({{g.final_a, g.final_vkey.first}, {g.final_wkey.first, g.final_b}}) != d.ab.t)
    return "TIPP: e(final_a, v1) e(w1, final_b) = T_ab";
  if (pair_of({{g.final_a, g.final_vkey.second}, {g.final_wkey.second, g.final_b}}) != d.ab.u)
    return "TIPP: e(final_a, v2) e(w2, final_b) = U_ab";
  const Fr final_r = product_polynomial_at(d.inverses, d.r, Fr::one());
  if (curve::mul(G1::from_affine(g.final_c), final_r) != d.z_c)
    return "MIPP: final_c^final_r = Z_c";
  if (pair_of({{g.final_c, g.final_vkey.first}}) != d.c.t) return "MIPP: e(final_c, v1) = T_c";
  if (pair_of({{g.final_c, g.final_vkey.second}}) != d.c.u) return "MIPP: e(final_c, v2) = U_c";
  return {};
}

bool is_one(std::initializer_list<std::pair<G1Affine, G2Affine>> terms) {
  return pair_of(terms).is_identity();
}

// e(-g, C - h^y) e(k - g^z, pi) = 1: the opening pi of C at z to y, k = g^secret.
bool kzg_v_holds(const VerifierSrs& s, const G2Affine& c, const G1Affine& k, const G2Affine& pi,
                 const Fr& z, const Fr& y) {
  const G2Affine cy = (G2::from_affine(c) - curve::mul(G2::from_affine(s.h), y)).to_affine();
  const G1Affine kz = (G1::from_affine(k) - curve::mul(G1::from_affine(s.g), z)).to_affine();
  return is_one({{-s.g, cy}, {kz, pi}});
}

// e(C - g^y, -h) e(pi, k - h^z) = 1, k = h^secret.
bool kzg_w_holds(const VerifierSrs& s, const G1Affine& c, const G2Affine& k, const G1Affine& pi,
                 const Fr& z, const Fr& y) {
  const G1Affine cy = (G1::from_affine(c) - curve::mul(G1::from_affine(s.g), y)).to_affine();
  const G2Affine kz = (G2::from_affine(k) - curve::mul(G2::from_affine(s.h), z)).to_affine();
  return is_one({{cy, -s.h}, {pi, kz}});
}

std::string check_kzg(const VerifierSrs& s, const AggregateProof& p, const Derived& d) {
  const GipaProof& g = p.gipa;
  const Fr v_at_z = product_polynomial_at(d.inverses, d.z, Fr::one());
  if (!kzg_v_holds(s, g.final_vkey.first, s.g_alpha, p.vkey_opening.first, d.z, v_at_z))
    return "KZG: opening of v1";
  if (!kzg_v_holds(s, g.final_vkey.second, s.g_beta, p.vkey_opening.second, d.z, v_at_z))
    return "KZG: opening of v2";
  const Fr w_at_z = product_polynomial_at(d.challenges, d.z, d.r.inverse()) * d.z.pow(s.n);
  if (!kzg_w_holds(s, g.final_wkey.first, s.h_alpha, p.wkey_opening.first, d.z, w_at_z))
    return "KZG: opening of w1";
  if (!kzg_w_holds(s, g.final_wkey.second, s.h_beta, p.wkey_opening.second, d.z, w_at_z))
    return "KZG: opening of w2";
  return {};
}

std::string check_groth16(const groth16::VerifyingKey& vk, std::span<const std::vector<Fr>> inputs,
                          const AggregateProof& p, const Derived& d, unsigned threads) {
  const std::vector<Fr> r_powers = powers_of(d.r, inputs.size());
  // sum_{i < n} r^i = (r^n - 1) / (r - 1)
  const Fr r_sum = (d.r.pow(inputs.size()) - Fr::one()) * (d.r - Fr::one()).inverse();
  std::vector<Fr> combined(vk.ic.size() - 1, Fr::zero());
  for (size_t j = 0; j < inputs.size(); ++j) {
    for (size_t i = 0; i < combined.size(); ++i) combined[i] += inputs[j][i] * r_powers[j];
  }
  const G1 ic = curve::mul(G1::from_affine(vk.ic[0]), r_sum) +
                multiexp(std::span(vk.ic).subspan(1), combined, threads);
  const Gt left =
      pair_of({{curve::mul(G1::from_affine(vk.alpha_g1), r_sum).to_affine(), vk.beta_g2},
               {ic.to_affine(), vk.gamma_g2},
               {p.agg_c, vk.delta_g2}});
  if (left != p.ip_ab) return "Groth16: e(alpha^r_sum, beta) e(IC, gamma) e(agg_c, delta) = ip_ab";
  return {};
}

}  // namespace

AggregateCheck verify_gipa(const AggregateProof& proof,
                           std::span<const uint8_t> transcript_include) {
  std::string failed = check_gipa(proof, derive(proof, transcript_include));
  return {failed.empty(), failed};
}

SnarkpackResult<AggregateCheck> verify_aggregate_proof(
    const VerifierSrs& srs, const groth16::VerifyingKey& vk,
    std::span<const std::vector<Fr>> public_inputs, const AggregateProof& proof,
    std::span<const uint8_t> transcript_include, unsigned threads) {
  const size_t n = proof.gipa.nproofs;
  if (public_inputs.size() != n || srs.n != n) {
    return snarkpack_error(SnarkpackError::kMismatch,
                           "aggregate of " + std::to_string(n) + " proofs checked against " +
                               std::to_string(public_inputs.size()) +
                               " input vectors and an SRS for " + std::to_string(srs.n));
  }
  for (size_t j = 0; j < n; ++j) {
    if (public_inputs[j].size() + 1 != vk.ic.size()) {
      return snarkpack_error(
          SnarkpackError::kMismatch,
          "public_inputs[" + std::to_string(j) + "]: " + std::to_string(public_inputs[j].size()) +
              " inputs, the verifying key takes " + std::to_string(vk.ic.size() - 1));
    }
  }
  const Derived d = derive(proof, transcript_include);
  std::string failed = check_gipa(proof, d);
  if (failed.empty()) failed = check_kzg(srs, proof, d);
  if (failed.empty()) failed = check_groth16(vk, public_inputs, proof, d, threads);
  return AggregateCheck{failed.empty(), failed};
}

}  // namespace cuzk::snarkpack
