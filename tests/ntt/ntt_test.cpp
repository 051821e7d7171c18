// The natural-order transforms against O(n^2) oracles, round trips, and thread-count invariance,
// under the default plan and under plans that force several passes on small domains.
#include "ntt/ntt.hpp"

#include <gtest/gtest.h>

#include <string>

#include "ntt/bit_reverse.hpp"
#include "ntt/transform.hpp"
#include "ntt_oracle.hpp"

namespace cuzk::ntt {
namespace {

using testing::make_domain;
using testing::naive_dft;
using testing::random_vector;

std::string plan_name(const DomainOptions& o) {
  return "max_pass_log " + std::to_string(o.max_pass_log) + " tile_width " +
         std::to_string(o.tile_width);
}

TEST(Ntt, ForwardAndInverseMatchTheNaiveDft) {
  for (const DomainOptions& options : testing::small_pass_plans()) {
    for (unsigned k = 0; k <= 8; ++k) {
      const Domain d = make_domain(k, options);
      const auto input = random_vector(d.size(), 100 + k);
      auto a = input;
      forward_ntt(d, a, 2);
      ASSERT_EQ(a, naive_dft(input, d.omega()))
          << "forward, k = " << k << ", " << plan_name(options);
      a = input;
      inverse_ntt(d, a, 2);
      ASSERT_EQ(a, naive_dft(input, d.omega_inv(), Fr::one(), d.size_inv()))
          << "inverse, k = " << k << ", " << plan_name(options);
    }
  }
}

TEST(Ntt, CosetTransformsMatchNaiveEvaluation) {
  for (const DomainOptions& options : testing::small_pass_plans()) {
    for (unsigned k = 0; k <= 7; ++k) {
      const Domain d = make_domain(k, options);
      const auto input = random_vector(d.size(), 200 + k);
      auto a = input;
      coset_ntt(d, a, 2);
      // a[j] = P(g omega^j)
      ASSERT_EQ(a, naive_dft(input, d.omega(), d.coset_generator())) << k << plan_name(options);

      // inverse_coset_ntt: a[i] = g^-i / n * sum_j a[j] omega^(-ij)
      auto expect = naive_dft(input, d.omega_inv(), Fr::one(), d.size_inv());
      Fr g_inv_i = Fr::one();
      for (auto& x : expect) {
        x *= g_inv_i;
        g_inv_i *= d.coset_generator_inv();
      }
      a = input;
      inverse_coset_ntt(d, a, 2);
      ASSERT_EQ(a, expect) << k << plan_name(options);
    }
  }
}

TEST(Ntt, RoundTripsRestoreTheInput) {
  for (unsigned k = 0; k <= 16; ++k) {
    const Domain d = make_domain(k);
    const auto input = random_vector(d.size(), 300 + k);
    auto a = input;
    forward_ntt(d, a);
    if (k > 0) {
      EXPECT_NE(a, input) << k;
    }
    inverse_ntt(d, a);
    ASSERT_EQ(a, input) << "inverse(forward) k = " << k;
    coset_ntt(d, a);
    inverse_coset_ntt(d, a);
    ASSERT_EQ(a, input) << "inverse_coset(coset) k = " << k;
    inverse_ntt(d, a);
    forward_ntt(d, a);
    ASSERT_EQ(a, input) << "forward(inverse) k = " << k;
  }
}

// Large multi-pass domains: a few outputs checked by Horner evaluation (O(n) each).
TEST(Ntt, MultiPassOutputsMatchHornerAtSampledPoints) {
  for (unsigned k : {13u, 16u}) {
    const Domain d = make_domain(k);
    ASSERT_GE(d.passes().size(), 2u);
    const auto input = random_vector(d.size(), 400 + k);
    auto fwd = input, coset = input;
    forward_ntt(d, fwd);
    coset_ntt(d, coset);
    for (size_t j : {size_t(0), size_t(1), size_t(5), d.size() / 2 + 3, d.size() - 1}) {
      const Fr point = d.omega().pow(j);
      EXPECT_EQ(fwd[j], testing::evaluate(input, point)) << k << " " << j;
      EXPECT_EQ(coset[j], testing::evaluate(input, d.coset_generator() * point)) << k << " " << j;
    }
  }
}

TEST(Ntt, ResultsAreIdenticalForEveryThreadCount) {
  for (const DomainOptions& options : {DomainOptions{}, DomainOptions{5, 2}}) {
    const Domain d = make_domain(16, options);
    const auto input = random_vector(d.size(), 500);
    using Op = void (*)(const Domain&, std::span<Fr>, unsigned);
    for (Op op : {Op(forward_ntt), Op(inverse_ntt), Op(coset_ntt), Op(inverse_coset_ntt)}) {
      auto reference = input;
      op(d, reference, 1);
      for (unsigned threads : {2u, 3u, 7u, 0u}) {
        auto a = input;
        op(d, a, threads);
        ASSERT_EQ(a, reference) << "threads " << threads << ", " << plan_name(options);
      }
    }
  }
}

TEST(Ntt, BitReversedBuildingBlocksComposeWithoutPermutation) {
  // DIF (natural -> bit-reversed) followed by DIT (bit-reversed -> natural) in the opposite
  // direction is n times the identity, with no permutation in between.
  const Domain d = make_domain(14, {5, 4});
  const auto input = random_vector(d.size(), 600);
  auto a = input;
  dif_natural_to_bitreversed(d, a, Direction::kForward, 3);
  auto b = a;
  bit_reverse_permute(b);
  auto expect = input;
  forward_ntt(d, expect);
  ASSERT_EQ(b, expect);
  dit_bitreversed_to_natural(d, a, Direction::kInverse, 3);
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], input[i] * Fr::from_u64(d.size())) << i;
}

TEST(Ntt, RejectsASpanOfTheWrongLength) {
  const Domain d = make_domain(4);
  std::vector<Fr> a(15);
  EXPECT_THROW(forward_ntt(d, a), std::invalid_argument);
  EXPECT_THROW(inverse_coset_ntt(d, a), std::invalid_argument);
  EXPECT_THROW(coset_ntt(d, a), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::ntt
