// Test oracles for the NTT floor: random vectors, the O(n^2) DFT, Horner evaluation, and plans
// with small passes so that tiny domains exercise the multi-pass (gathered tile) code paths.
#pragma once

#include <cstdint>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "ff/fr.hpp"
#include "ntt/domain.hpp"

namespace cuzk::ntt::testing {

using ff::Fr;

inline std::vector<Fr> random_vector(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto& x : v) x = Fr::random(rng);
  return v;
}

// p(x) = sum_i coeffs[i] x^i
inline Fr evaluate(const std::vector<Fr>& coeffs, const Fr& x) {
  Fr acc = Fr::zero();
  for (size_t i = coeffs.size(); i-- > 0;) acc = acc * x + coeffs[i];
  return acc;
}

// out[j] = factor * sum_i a[i] (shift w^j)^i: the DFT (shift = factor = 1), its inverse
// (w = omega^-1, factor = 1/n) and the coset DFT (shift = g), all by Horner in O(n^2).
inline std::vector<Fr> naive_dft(const std::vector<Fr>& a, const Fr& w, const Fr& shift = Fr::one(),
                                 const Fr& factor = Fr::one()) {
  std::vector<Fr> out(a.size());
  Fr point = shift;
  for (size_t j = 0; j < a.size(); ++j) {
    out[j] = factor * evaluate(a, point);
    point *= w;
  }
  return out;
}

inline Domain make_domain(unsigned log_size, DomainOptions options = {}) {
  auto d = Domain::create(log_size, options, 1);
  if (!d.ok()) throw std::runtime_error(d.error().message);
  return std::move(d).value();
}

// Plans that split even small domains into several passes (column passes with 1..4 columns).
inline std::vector<DomainOptions> small_pass_plans() {
  return {DomainOptions{}, DomainOptions{1, 1}, DomainOptions{2, 2}, DomainOptions{3, 4},
          DomainOptions{5, 8}};
}

}  // namespace cuzk::ntt::testing
