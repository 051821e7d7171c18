// Test inputs shared by the GPU test files: edge-case and random field elements, G1/G2 points and
// fixed-base scalars, with the CPU field and curve (src/ff, src/curve) as the oracle for every
// result; and the (curve, field type) pairs of the typed point tests.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "ff/fp.hpp"
#include "ff/fp2.hpp"
#include "ff/fr.hpp"

namespace cuzk::gpu::testing {

// Values where carries and the final subtraction are exercised: 0, 1, 2, p-1, p-2, (p±1)/2 as
// integers, and elements whose Montgomery limbs are 1, 2, p-1, p-2 or all-ones low words.
template <class F>
std::vector<F> edge_values() {
  using Repr = typename F::Repr;
  constexpr Repr p = F::kModulus;
  auto minus = [&](uint64_t k) {
    Repr t{};
    ff::limbs_sub(t, p, ff::limbs_from_u64<F::kLimbs>(k));
    return t;
  };
  std::vector<F> v = {F::zero(), F::one(), F::from_u64(2)};
  for (uint64_t k : {1, 2}) v.push_back(F::from_canonical_unchecked(minus(k)));
  v.push_back(F::from_canonical_unchecked(F::kPMinus1Over2));
  Repr half_up{};
  ff::limbs_add(half_up, F::kPMinus1Over2, ff::limbs_from_u64<F::kLimbs>(1));
  v.push_back(F::from_canonical_unchecked(half_up));
  for (uint64_t k : {1, 2}) {
    v.push_back(F::from_montgomery(ff::limbs_from_u64<F::kLimbs>(k)));
    v.push_back(F::from_montgomery(minus(k)));
  }
  Repr low_ones{};  // all-ones in every limb but the top one
  for (size_t i = 0; i + 1 < F::kLimbs; ++i) low_ones[i] = ~uint64_t(0);
  v.push_back(F::from_montgomery(low_ones));
  Repr top_only{};  // largest top limb below p's
  top_only[F::kLimbs - 1] = p[F::kLimbs - 1] - 1;
  v.push_back(F::from_montgomery(top_only));
  return v;
}

template <class F>
std::vector<F> random_values(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<F> v(n);
  for (auto& x : v) x = F::random(rng);
  return v;
}

// All ordered pairs of the edge values, then random pairs: `a` and `b` of equal length.
template <class F>
void make_operands(size_t n_random, uint64_t seed, std::vector<F>& a, std::vector<F>& b) {
  const std::vector<F> e = edge_values<F>();
  a.clear();
  b.clear();
  for (const F& x : e) {
    for (const F& y : e) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  std::vector<F> ra = random_values<F>(n_random, seed), rb = random_values<F>(n_random, seed + 1);
  a.insert(a.end(), ra.begin(), ra.end());
  b.insert(b.end(), rb.begin(), rb.end());
}

// Random multiples of the generator of curve C (Jacobian, with non-trivial Z).
template <class C>
std::vector<curve::Jacobian<C>> random_points_of(size_t n, uint64_t seed) {
  using J = curve::Jacobian<C>;
  std::mt19937_64 rng(seed);
  std::vector<J> v(n);
  const J g = J::generator();
  J p = g.mul_limbs(ff::Limbs<1>{rng()});
  for (auto& x : v) {
    x = p;
    p = p.dbl() + g;  // cheap walk; every point has a different Z
  }
  return v;
}
inline std::vector<curve::G1> random_points(size_t n, uint64_t seed) {
  return random_points_of<curve::G1Config>(n, seed);
}

// Fp2 operands: every pair (x, y) of Fp edge values as x + y·u, then random elements.
inline std::vector<ff::Fp2> fp2_values(size_t n_random, uint64_t seed) {
  const std::vector<ff::Fp> e = edge_values<ff::Fp>();
  std::vector<ff::Fp2> v;
  for (const ff::Fp& x : e)
    for (const ff::Fp& y : e) v.push_back({x, y});
  std::mt19937_64 rng(seed);
  for (size_t i = 0; i < n_random; ++i) v.push_back(ff::Fp2::random(rng));
  return v;
}

// One instantiation of a GPU point template under test: a CPU curve and the field type the
// template runs over (the CPU field, or the GPU limb code on the emulated carry chain).
template <class C, class F>
struct CurveCase {
  using Curve = C;
  using Field = F;
};

// Scalars for fixed-base multiplication (k·G from a table of byte-digit multiples): 0, 1, 2,
// r - 1, r - 2, 2^(8j) and 255·2^(8j) for a few windows j, a scalar whose digits are all 255 but
// the top one (< r), then n_random random ones.
inline std::vector<ff::Fr> fixed_base_scalars(size_t n_random, uint64_t seed) {
  using ff::Fr;
  std::vector<Fr> v = {Fr::zero(), Fr::one(), Fr::from_u64(2), -Fr::one(), -Fr::from_u64(2)};
  const Fr base = Fr::from_u64(256);
  Fr power = Fr::one();
  for (unsigned j = 0; j < 32; ++j, power *= base) {
    if (j % 5 == 0 || j == 31) {
      v.push_back(power);
      v.push_back(power * Fr::from_u64(255));
    }
  }
  Fr::Repr ones{};
  for (auto& w : ones) w = ~uint64_t(0);
  ones[3] = 0x3fffffffffffffff;  // < r (r's top limb is 0x73ed...)
  v.push_back(Fr::from_canonical_unchecked(ones));
  std::mt19937_64 rng(seed);
  for (size_t i = 0; i < n_random; ++i) v.push_back(Fr::random(rng));
  return v;
}

}  // namespace cuzk::gpu::testing
