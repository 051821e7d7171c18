// Poseidon permutations and hash; see poseidon.hpp. The state lives on the stack
// (kPoseidonMaxWidth elements), the constants come from the cached PoseidonParams.
#include "hash/poseidon.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace cuzk::hash {

using ff::Fr;

namespace {

using StateBuffer = std::array<Fr, kPoseidonMaxWidth>;

inline Fr quintic(const Fr& x) {  // x^5 = (x^2)^2 * x: 2S + 1M
  Fr x2 = x.square();
  return x2.square() * x;
}

void check_width(std::span<Fr> state, const PoseidonParams& params) {
  if (state.size() != params.width) {
    throw std::invalid_argument("poseidon: state has " + std::to_string(state.size()) +
                                " elements, width is " + std::to_string(params.width));
  }
}

// state = M * state (M symmetric, so the row-vector product is the same).
void mix_dense(std::span<Fr> state, const FrMatrix& m) {
  const size_t t = state.size();
  StateBuffer out;
  for (size_t i = 0; i < t; ++i) {
    Fr acc = m(i, 0) * state[0];
    for (size_t j = 1; j < t; ++j) acc += m(i, j) * state[j];
    out[i] = acc;
  }
  std::copy_n(out.begin(), t, state.begin());
}

// state = state * P (row-vector product: new[j] = sum_i state[i] * P[i][j]).
void mix_dense_row(std::span<Fr> state, const FrMatrix& p) {
  const size_t t = state.size();
  StateBuffer out;
  for (size_t j = 0; j < t; ++j) {
    Fr acc = state[0] * p(0, j);
    for (size_t i = 1; i < t; ++i) acc += state[i] * p(i, j);
    out[j] = acc;
  }
  std::copy_n(out.begin(), t, state.begin());
}

// state = state * S for a sparse S: new[0] = sum_i state[i] S[i][0]; new[j] = state[j] +
// S[0][j] state[0]. 2t - 1 multiplications.
void mix_sparse(std::span<Fr> state, const PoseidonSparseMatrix& s) {
  const size_t t = state.size();
  const Fr x0 = state[0];
  Fr new0 = s.column0[0] * x0;
  for (size_t i = 1; i < t; ++i) new0 += s.column0[i] * state[i];
  for (size_t j = 1; j < t; ++j) state[j] += s.row0_tail[j - 1] * x0;
  state[0] = new0;
}

}  // namespace

void poseidon_permute_reference(std::span<Fr> state, const PoseidonParams& params) {
  check_width(state, params);
  const unsigned t = params.width, half = params.half_full_rounds();
  for (unsigned r = 0; r < params.total_rounds(); ++r) {
    const Fr* rc = params.round_constants.data() + size_t(r) * t;
    for (unsigned i = 0; i < t; ++i) state[i] += rc[i];
    const bool full = r < half || r >= half + params.partial_rounds;
    if (full) {
      for (unsigned i = 0; i < t; ++i) state[i] = quintic(state[i]);
    } else {
      state[0] = quintic(state[0]);
    }
    mix_dense(state, params.mds);
  }
}

void poseidon_permute_optimized(std::span<Fr> state, const PoseidonParams& params) {
  check_width(state, params);
  const unsigned t = params.width, half = params.half_full_rounds();
  const Fr* c = params.compressed_constants.data();

  for (unsigned i = 0; i < t; ++i) state[i] += c[i];
  c += t;
  // First half: S-box, post-add M^-1-moved constants; the last of them mixes with P.
  for (unsigned r = 0; r < half; ++r) {
    for (unsigned i = 0; i < t; ++i) state[i] = quintic(state[i]) + c[i];
    c += t;
    if (r + 1 < half) {
      mix_dense(state, params.mds);
    } else {
      mix_dense_row(state, params.pre_sparse);
    }
  }
  for (unsigned r = 0; r < params.partial_rounds; ++r) {
    state[0] = quintic(state[0]) + *c++;
    mix_sparse(state, params.sparse[r]);
  }
  // Second half: all but the last round post-add constants; the last has none.
  for (unsigned r = 0; r + 1 < half; ++r) {
    for (unsigned i = 0; i < t; ++i) state[i] = quintic(state[i]) + c[i];
    c += t;
    mix_dense(state, params.mds);
  }
  for (unsigned i = 0; i < t; ++i) state[i] = quintic(state[i]);
  mix_dense(state, params.mds);
}

Fr poseidon_hash(std::span<const Fr> preimage, const PoseidonParams& params, PoseidonHashType type,
                 PoseidonPermutation permutation) {
  const bool constant_length = type.kind == PoseidonHashKind::kConstantLength;
  if (constant_length) {
    if (type.parameter != preimage.size() || preimage.size() > params.arity) {
      throw std::invalid_argument(
          "poseidon_hash: ConstantLength(" + std::to_string(type.parameter) + ") needs exactly " +
          "that many elements, at most the arity " + std::to_string(params.arity) + "; got " +
          std::to_string(preimage.size()));
    }
  } else if (preimage.size() != params.arity) {
    throw std::invalid_argument("poseidon_hash: preimage has " + std::to_string(preimage.size()) +
                                " elements, arity is " + std::to_string(params.arity));
  }
  StateBuffer buffer{};  // zero padding for the unused slots
  std::span<Fr> state(buffer.data(), params.width);
  state[0] = poseidon_domain_tag(type, params.arity);
  std::copy(preimage.begin(), preimage.end(), state.begin() + 1);
  if (permutation == PoseidonPermutation::kReference) {
    poseidon_permute_reference(state, params);
  } else {
    poseidon_permute_optimized(state, params);
  }
  return state[1];
}

}  // namespace cuzk::hash
