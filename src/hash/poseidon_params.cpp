// Builds PoseidonParams (see poseidon_params.hpp) and caches one instance per arity.
//
// Constant compression (spec §2.6 step list): a constant added after the MDS mix equals M^-1
// times it added before the mix, so every post-S-box constant is moved through M^-1; in the
// partial rounds only element 0 passes an S-box, so the other elements' constants are folded
// backwards round by round (acc) until they meet the first-half's last full round, leaving one
// scalar "partial key" per partial round.
#include "hash/poseidon_params.hpp"

#include <memory>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>

#include "hash/grain_lfsr.hpp"
#include "hash/poseidon_round_numbers.hpp"

namespace cuzk::hash {

using ff::Fr;

namespace {

std::vector<Fr> compress_round_constants(const PoseidonParams& p) {
  const unsigned t = p.width, half = p.half_full_rounds(), rp = p.partial_rounds;
  auto round_keys = [&](unsigned r) {
    return std::span<const Fr>(p.round_constants).subspan(size_t(r) * t, t);
  };
  auto append = [](std::vector<Fr>& out, std::span<const Fr> v) {
    out.insert(out.end(), v.begin(), v.end());
  };

  std::vector<Fr> out;
  out.reserve(size_t(p.full_rounds) * t + rp);
  append(out, round_keys(0));
  for (unsigned r = 1; r < half; ++r) append(out, p.mds_inverse.mul_column(round_keys(r)));

  // Fold the partial rounds' constants backwards, starting from the second half's first round.
  std::vector<Fr> acc(round_keys(half + rp).begin(), round_keys(half + rp).end());
  std::vector<Fr> partial_keys;
  partial_keys.reserve(rp);
  for (unsigned i = 0; i < rp; ++i) {
    std::vector<Fr> v = p.mds_inverse.mul_column(acc);
    partial_keys.push_back(v[0]);
    v[0] = Fr::zero();
    std::span<const Fr> previous = round_keys(half + rp - 1 - i);
    for (unsigned j = 0; j < t; ++j) acc[j] = previous[j] + v[j];
  }
  append(out, p.mds_inverse.mul_column(acc));
  out.insert(out.end(), partial_keys.rbegin(), partial_keys.rend());

  for (unsigned r = 1; r < half; ++r) {
    append(out, p.mds_inverse.mul_column(round_keys(half + rp + r)));
  }
  if (out.size() != size_t(p.full_rounds) * t + rp) {
    throw std::logic_error("poseidon: compressed constant count mismatch");
  }
  return out;
}

}  // namespace

PoseidonParams make_poseidon_params(unsigned arity) {
  if (arity < 1 || arity > kPoseidonMaxArity) {
    throw std::invalid_argument("poseidon_params: arity " + std::to_string(arity) +
                                " is outside 1.." + std::to_string(kPoseidonMaxArity));
  }
  PoseidonParams p;
  p.arity = arity;
  p.width = arity + 1;
  const PoseidonRoundNumbers rounds = poseidon_round_numbers(p.width);
  p.full_rounds = rounds.full_rounds;
  p.partial_rounds = rounds.partial_rounds;
  p.round_constants = poseidon_round_constants(p.width, p.full_rounds, p.partial_rounds);
  p.mds = poseidon_mds_matrix(p.width);
  auto inverse = p.mds.inverse();
  if (!inverse) throw std::logic_error("poseidon: MDS matrix is singular");
  p.mds_inverse = std::move(*inverse);
  p.compressed_constants = compress_round_constants(p);
  PoseidonSparseFactorization f = factor_mds_to_sparse(p.mds, p.partial_rounds);
  p.pre_sparse = std::move(f.pre_sparse);
  p.sparse = std::move(f.sparse);
  return p;
}

const PoseidonParams& poseidon_params(unsigned arity) {
  if (arity < 1 || arity > kPoseidonMaxArity) {
    throw std::invalid_argument("poseidon_params: arity " + std::to_string(arity) +
                                " is outside 1.." + std::to_string(kPoseidonMaxArity));
  }
  static std::array<std::once_flag, kPoseidonMaxArity + 1> built;
  static std::array<std::unique_ptr<const PoseidonParams>, kPoseidonMaxArity + 1> cache;
  std::call_once(built[arity], [arity] {
    cache[arity] = std::make_unique<const PoseidonParams>(make_poseidon_params(arity));
  });
  return *cache[arity];
}

}  // namespace cuzk::hash
