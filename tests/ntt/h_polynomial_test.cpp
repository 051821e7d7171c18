// The H pipeline: the QAP divisibility identity on constructed satisfying inputs, and
// bit-identity with bellperson's literal sequence of domain operations on arbitrary inputs.
#include "ntt/h_polynomial.hpp"

#include <gtest/gtest.h>

#include "ntt/ntt.hpp"
#include "ntt/pointwise.hpp"
#include "ntt_oracle.hpp"

namespace cuzk::ntt {
namespace {

using testing::evaluate;
using testing::make_domain;
using testing::naive_dft;
using testing::random_vector;

// Random A, B of degree < n; a, b their evaluations on the domain and c = a * b pointwise, so
// C = the interpolation of c agrees with AB on the domain and AB - C = H Z with Z = X^n - 1.
TEST(HPolynomial, SatisfiesTheQapIdentityAtARandomPoint) {
  for (const DomainOptions& options : {DomainOptions{}, DomainOptions{3, 2}}) {
    for (unsigned k : {0u, 1u, 2u, 5u, 8u}) {
      const Domain d = make_domain(k, options);
      const size_t n = d.size();
      const auto A = random_vector(n, 10 + k), B = random_vector(n, 20 + k);
      auto a = naive_dft(A, d.omega()), b = naive_dft(B, d.omega());
      std::vector<Fr> c(n);
      for (size_t i = 0; i < n; ++i) c[i] = a[i] * b[i];
      const auto C = naive_dft(c, d.omega_inv(), Fr::one(), d.size_inv());  // interpolate c

      compute_h_coefficients(d, a, b, c, 2);
      const auto& h = a;
      EXPECT_TRUE(h[n - 1].is_zero()) << "deg H <= n - 2, k = " << k;

      const Fr x = random_vector(1, 30 + k)[0];
      const Fr z = x.pow(n) - Fr::one();
      EXPECT_EQ(evaluate(A, x) * evaluate(B, x) - evaluate(C, x), evaluate(h, x) * z)
          << "k = " << k << ", max_pass_log " << options.max_pass_log;
    }
  }
}

// bellperson's prover, step by step with the standalone operations.
std::vector<Fr> h_as_bellperson_does(const Domain& d, std::vector<Fr> a, std::vector<Fr> b,
                                     std::vector<Fr> c) {
  inverse_ntt(d, a, 1);
  coset_ntt(d, a, 1);
  inverse_ntt(d, b, 1);
  coset_ntt(d, b, 1);
  inverse_ntt(d, c, 1);
  coset_ntt(d, c, 1);
  mul_assign(a, b, 1);
  sub_assign(a, c, 1);
  divide_by_z_on_coset(d, a, 1);
  inverse_coset_ntt(d, a, 1);
  return a;
}

TEST(HPolynomial, EqualsTheLiteralBellpersonSequenceOnArbitraryInputs) {
  for (unsigned k : {3u, 14u}) {
    const Domain d = make_domain(k);
    const auto a0 = random_vector(d.size(), 40), b0 = random_vector(d.size(), 41),
               c0 = random_vector(d.size(), 42);
    const auto expect = h_as_bellperson_does(d, a0, b0, c0);
    for (unsigned threads : {1u, 3u}) {
      auto a = a0, b = b0, c = c0;
      compute_h_coefficients(d, a, b, c, threads);
      ASSERT_EQ(a, expect) << "k = " << k << ", threads " << threads;
    }
  }
}

TEST(HPolynomial, RejectsSpansOfTheWrongLength) {
  const Domain d = make_domain(3);
  std::vector<Fr> a(8), b(8), c(7);
  EXPECT_THROW(compute_h_coefficients(d, a, b, c), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::ntt
