// Shared fixtures of the MSM tests: random points, scalars of chosen shapes, density bitmaps,
// the naive oracle.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "curve/point.hpp"
#include "ff/fr.hpp"

namespace cuzk::msm::testing {

using Repr = ff::Fr::Repr;

// n pseudo-random affine points: a walk P_{i+1} = P_i + Q_{i mod 16} from random multiples of
// the generator (one addition per point instead of a scalar multiplication).
template <class Config>
std::vector<curve::Affine<Config>> random_points(size_t n, uint64_t seed) {
  using J = curve::Jacobian<Config>;
  std::mt19937_64 rng(seed);
  std::vector<J> steps(16);
  for (auto& q : steps) q = J::generator().mul_limbs(ff::Limbs<1>{rng()});
  std::vector<J> jac(n);
  J p = J::generator().mul_limbs(ff::Limbs<1>{rng()});
  for (size_t i = 0; i < n; ++i) {
    jac[i] = p;
    p += steps[i % steps.size()];
  }
  std::vector<curve::Affine<Config>> out(n);
  curve::batch_normalize<Config>(jac, out);
  return out;
}

inline Repr random_scalar(std::mt19937_64& rng) {
  return ff::Fr::random(rng).to_canonical();
}

inline std::vector<Repr> random_scalars(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Repr> out(n);
  for (auto& k : out) k = random_scalar(rng);
  return out;
}

// Filecoin-like witness: ~35% zeros, ~35% ones, the rest uniform.
inline std::vector<Repr> mixed_scalars(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Repr> out(n);
  for (auto& k : out) {
    const uint64_t kind = rng() % 100;
    k = kind < 35 ? Repr{} : kind < 70 ? Repr{1, 0, 0, 0} : random_scalar(rng);
  }
  return out;
}

inline std::vector<Repr> filled(size_t n, const Repr& k) {
  return std::vector<Repr>(n, k);
}

// A density bitmap over n terms (bit i of word i / 64), each bit set with probability p.
inline std::vector<uint64_t> random_density(size_t n, double p, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::bernoulli_distribution bit(p);
  std::vector<uint64_t> words((n + 63) / 64, 0);
  for (size_t i = 0; i < n; ++i)
    if (bit(rng)) words[i / 64] |= uint64_t(1) << (i % 64);
  return words;
}

inline Repr r_minus_1() {
  Repr t{};
  ff::limbs_sub(t, ff::Fr::kModulus, ff::limbs_from_u64<4>(1));
  return t;
}

// sum_i k_i P_i by double-and-add per term.
template <class Config>
curve::Jacobian<Config> naive_msm(const std::vector<curve::Affine<Config>>& bases,
                                  const std::vector<Repr>& scalars) {
  using J = curve::Jacobian<Config>;
  J acc = J::identity();
  for (size_t i = 0; i < bases.size(); ++i) acc += J::from_affine(bases[i]).mul_limbs(scalars[i]);
  return acc;
}

}  // namespace cuzk::msm::testing
