// Element-wise helpers and power scaling against plain loops and direct exponentiation.
#include "ntt/pointwise.hpp"

#include <gtest/gtest.h>

#include "ntt/bit_reverse.hpp"
#include "ntt/power_scaling.hpp"
#include "ntt_oracle.hpp"

namespace cuzk::ntt {
namespace {

using testing::random_vector;

// Sizes around the parallel grain so both the serial and the threaded sweeps run.
constexpr size_t kSizes[] = {0, 1, 5, 1000, (size_t(1) << 16) + 3};

TEST(Pointwise, MatchesPlainLoops) {
  for (size_t n : kSizes) {
    const auto a0 = random_vector(n, 1), b = random_vector(n, 2);
    const Fr k = random_vector(1, 4)[0];
    for (unsigned threads : {1u, 3u}) {
      auto a = a0;
      scale(a, k, threads);
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(a[i], a0[i] * k);
      a = a0;
      mul_assign(a, b, threads);
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(a[i], a0[i] * b[i]);
      a = a0;
      sub_assign(a, b, threads);
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(a[i], a0[i] - b[i]);
    }
  }
}

TEST(Pointwise, DivideByZOnCosetUndoesMultiplicationByGnMinusOne) {
  const Domain d = testing::make_domain(10);
  const auto a0 = random_vector(d.size(), 5);
  auto a = a0;
  divide_by_z_on_coset(d, a, 2);
  const Fr z = Fr::from_u64(7).pow(d.size()) - Fr::one();  // Z(g) = g^n - 1
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i] * z, a0[i]);
}

TEST(Pointwise, RejectsMismatchedLengths) {
  std::vector<Fr> a(4), b(5);
  EXPECT_THROW(mul_assign(a, b), std::invalid_argument);
  EXPECT_THROW(sub_assign(a, b), std::invalid_argument);
  const Domain d = testing::make_domain(3);
  EXPECT_THROW(divide_by_z_on_coset(d, b), std::invalid_argument);
}

TEST(PowerScaling, NaturalOrderMultipliesByCTimesSToTheIndex) {
  const Fr c = Fr::from_u64(3), s = Fr::from_u64(7);
  for (size_t n : {size_t(0), size_t(1), size_t(2), size_t(5), size_t(17), size_t(1) << 10,
                   (size_t(1) << 16) + 1}) {
    const auto a0 = random_vector(n, 6);
    auto a = a0;
    distribute_powers(a, c, s, IndexOrder::kNatural, 3);
    Fr factor = c;
    for (size_t i = 0; i < n; ++i, factor *= s) ASSERT_EQ(a[i], a0[i] * factor) << n << " " << i;
  }
}

TEST(PowerScaling, BitReversedOrderUsesTheMirroredIndex) {
  const Fr c = Fr::from_u64(5), s = Fr::from_u64(7).inverse();
  for (unsigned bits = 0; bits <= 11; ++bits) {
    const size_t n = size_t(1) << bits;
    const auto a0 = random_vector(n, 7);
    auto a = a0;
    distribute_powers(a, c, s, IndexOrder::kBitReversed, 2);
    for (size_t p = 0; p < n; ++p) {
      ASSERT_EQ(a[p], a0[p] * c * s.pow(bit_reverse_index(p, bits))) << bits << " " << p;
    }
  }
}

TEST(PowerScaling, PartialRangesUseTheirAbsolutePositions) {
  const size_t n = 256;
  const PowerScaling scaling(n, Fr::one(), Fr::from_u64(7), IndexOrder::kBitReversed);
  auto whole = random_vector(n, 8);
  auto pieces = whole;
  scaling.apply(whole, 0);
  scaling.apply(std::span<Fr>(pieces).subspan(0, 37), 0);
  scaling.apply(std::span<Fr>(pieces).subspan(37, 100), 37);
  scaling.apply(std::span<Fr>(pieces).subspan(137), 137);
  EXPECT_EQ(whole, pieces);
}

TEST(PowerScaling, RejectsBitReversedNonPowerOfTwo) {
  EXPECT_THROW(PowerScaling(12, Fr::one(), Fr::from_u64(7), IndexOrder::kBitReversed),
               std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::ntt
