// SnarkPack's prover (see prover.hpp).
#include "snarkpack/prover.hpp"

#include <algorithm>
#include <bit>

#include "snarkpack/challenges.hpp"
#include "snarkpack/inner_product.hpp"
#include "snarkpack/kzg.hpp"

namespace cuzk::snarkpack {
namespace {

using curve::G1Affine;
using curve::G2Affine;
using ff::Fr;

// The vectors GIPA halves each round.
struct GipaState {
  std::vector<G1Affine> a;
  std::vector<G2Affine> b;  // B^(r^i)
  std::vector<G1Affine> c;
  std::vector<Fr> r;  // r^i
  VKey vkey;
  WKey wkey;  // w^(r^-i)
};

struct GipaOutput {
  GipaProof proof;
  std::vector<Fr> challenges, challenges_inv;  // in round order
  Fr extra;                                    // "gipa-extra-link"
};

// One round: the cross values of the halves, the challenge, then the halved state.
Fr gipa_round(GipaState& s, GipaProof& proof, unsigned round, const Fr& previous,
              unsigned threads) {
  const size_t half = s.a.size() / 2;
  const std::span<const G1Affine> a(s.a), c(s.c);
  const std::span<const G2Affine> b(s.b);
  const std::span<const Fr> r(s.r);
  const VKeySpan v = s.vkey.span();
  const WKeySpan w = s.wkey.span();
  LeftRight<GtPair> ab{
      commit_pair(v.first(half), w.last(half), a.last(half), b.first(half), threads),
      commit_pair(v.last(half), w.first(half), a.first(half), b.last(half), threads)};
  LeftRight<curve::Gt> z_ab{pairing_product(a.last(half), b.first(half), threads),
                            pairing_product(a.first(half), b.last(half), threads)};
  LeftRight<G1Affine> z_c{multiexp(c.last(half), r.first(half), threads).to_affine(),
                          multiexp(c.first(half), r.last(half), threads).to_affine()};
  LeftRight<GtPair> cc{commit_single(v.first(half), c.last(half), threads),
                       commit_single(v.last(half), c.first(half), threads)};

  proof.comms_ab.push_back(ab);
  proof.comms_c.push_back(cc);
  proof.z_ab.push_back(z_ab);
  proof.z_c.push_back(z_c);
  const Fr x_inv = gipa_round_challenge(round, previous, proof);
  const Fr x = x_inv.inverse();

  s.a = compress_points(a.first(half), a.last(half), x, threads);
  s.b = compress_points(b.first(half), b.last(half), x_inv, threads);
  s.c = compress_points(c.first(half), c.last(half), x, threads);
  for (size_t i = 0; i < half; ++i) s.r[i] += s.r[half + i] * x_inv;
  s.r.resize(half);
  s.vkey = compress_key(v.first(half), v.last(half), x_inv, threads);
  s.wkey = compress_key(w.first(half), w.last(half), x, threads);
  return x_inv;
}

GipaOutput run_gipa(GipaState s, const curve::Gt& ip_ab, const G1Affine& agg_c, const Fr& hcom,
                    unsigned threads) {
  GipaOutput out;
  out.proof.nproofs = uint32_t(s.a.size());
  Fr x_inv = gipa_start_challenge(hcom, ip_ab, agg_c, s.r[1]);
  for (unsigned round = 0; s.a.size() > 1; ++round) {
    x_inv = gipa_round(s, out.proof, round, x_inv, threads);
    out.challenges_inv.push_back(x_inv);
    out.challenges.push_back(x_inv.inverse());
  }
  GipaProof& p = out.proof;
  p.final_a = s.a[0];
  p.final_b = s.b[0];
  p.final_c = s.c[0];
  p.final_vkey = {s.vkey.a[0], s.vkey.b[0]};
  p.final_wkey = {s.wkey.a[0], s.wkey.b[0]};
  out.extra = extra_link_challenge(out.challenges.back(), p);
  return out;
}

// g^q(a), g^q(b) for the quotient q of f at z, over the SRS powers of both secrets.
template <class Affine>
std::pair<Affine, Affine> kzg_opening(const std::vector<Affine>& alpha_powers,
                                      const std::vector<Affine>& beta_powers, std::span<const Fr> f,
                                      const Fr& z, unsigned threads) {
  const std::vector<Fr> q = kzg_quotient(f, z);
  const std::span<const Affine> alpha(alpha_powers), beta(beta_powers);
  return {multiexp(alpha.first(q.size()), q, threads).to_affine(),
          multiexp(beta.first(q.size()), q, threads).to_affine()};
}

std::vector<Fr> reversed(std::vector<Fr> v) {
  std::reverse(v.begin(), v.end());
  return v;
}

}  // namespace

SnarkpackResult<AggregateProof> aggregate_proofs(const ProverSrs& srs,
                                                 std::span<const uint8_t> transcript_include,
                                                 std::span<const groth16::Proof> proofs,
                                                 unsigned threads) {
  const size_t n = proofs.size();
  if (n < 2 || !std::has_single_bit(n) || n != srs.n) {
    return snarkpack_error(SnarkpackError::kMismatch, "aggregating " + std::to_string(n) +
                                                          " proofs with an SRS for " +
                                                          std::to_string(srs.n) +
                                                          ": the count must be the SRS's, a power "
                                                          "of two >= 2");
  }
  GipaState s;
  for (const auto& p : proofs) {
    s.a.push_back(p.a);
    s.b.push_back(p.b);
    s.c.push_back(p.c);
  }
  AggregateProof out;
  out.com_ab = commit_pair(srs.vkey.span(), srs.wkey.span(), s.a, s.b, threads);
  out.com_c = commit_single(srs.vkey.span(), s.c, threads);
  const Fr hcom = hcom_challenge(out.com_ab, out.com_c);
  const Fr r = combination_challenge(hcom, transcript_include);
  s.r = powers_of(r, n);
  std::vector<Fr> r_inv(n);
  for (size_t i = 0; i < n; ++i) r_inv[i] = s.r[i].inverse();
  s.b = scale_points(s.b, s.r, threads);
  out.ip_ab = pairing_product(s.a, s.b, threads);
  out.agg_c = multiexp(s.c, s.r, threads).to_affine();
  s.vkey = srs.vkey;
  s.wkey = scale_key(srs.wkey.span(), r_inv, threads);

  GipaOutput gipa = run_gipa(std::move(s), out.ip_ab, out.agg_c, hcom, threads);
  out.gipa = std::move(gipa.proof);
  const Fr z = kzg_challenge(gipa.extra, out.gipa);
  const std::vector<Fr> v_poly = product_polynomial(reversed(gipa.challenges_inv), Fr::one());
  std::vector<Fr> w_poly(n, Fr::zero());  // X^n f(X)
  const std::vector<Fr> f = product_polynomial(reversed(gipa.challenges), r.inverse());
  w_poly.insert(w_poly.end(), f.begin(), f.end());
  out.vkey_opening = kzg_opening(srs.h_alpha_powers, srs.h_beta_powers, v_poly, z, threads);
  out.wkey_opening = kzg_opening(srs.g_alpha_powers, srs.g_beta_powers, w_poly, z, threads);
  return out;
}

}  // namespace cuzk::snarkpack
