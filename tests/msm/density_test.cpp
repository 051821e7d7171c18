// Density-filtered MSM (msm_density): compact bases selected by a bitmap over the scalars,
// against the naive sum of the selected terms, at several densities and edge bitmaps.
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "msm/msm.hpp"
#include "msm/term_source.hpp"
#include "msm_fixtures.hpp"

namespace cuzk::msm {
namespace {

using testing::Repr;

using testing::random_density;

size_t count_bits(const std::vector<uint64_t>& words, size_t n) {
  size_t c = 0;
  for (size_t i = 0; i < n; ++i) c += (words[i / 64] >> (i % 64)) & 1;
  return c;
}

template <class Config>
void check_density(size_t n, double density, uint64_t seed) {
  auto words = random_density(n, density, seed);
  const size_t m = count_bits(words, n);
  // Stray bits beyond n must be ignored.
  if (n % 64 != 0) words.back() |= ~uint64_t(0) << (n % 64);
  const auto bases = testing::random_points<Config>(m, seed + 1);
  const auto scalars = testing::mixed_scalars(n, seed + 2);

  std::vector<Repr> selected;
  for (size_t i = 0; i < n; ++i)
    if ((words[i / 64] >> (i % 64)) & 1) selected.push_back(scalars[i]);
  const auto expected = testing::naive_msm<Config>(bases, selected);
  for (const MsmOptions& o : {MsmOptions{}, MsmOptions{.threads = 1, .split_trivial = false},
                              MsmOptions{.threads = 3, .window_bits = 5}}) {
    EXPECT_EQ(msm_density<Config>(bases, words, scalars, o), expected)
        << "n=" << n << " density=" << density << " threads=" << o.threads;
  }
}

TEST(DensityTest, G1AtSeveralDensities) {
  for (double d : {0.0, 0.25, 0.997, 1.0}) check_density<curve::G1Config>(1000, d, 21);
  check_density<curve::G1Config>(4096 * 2 + 100, 0.25, 22);  // spans rank blocks
}

TEST(DensityTest, G2) {
  check_density<curve::G2Config>(150, 0.5, 23);
}

TEST(DensityTest, RankMatchesCount) {
  const size_t n = 64 * 64 * 3 + 17;
  const auto words = random_density(n, 0.3, 24);
  const size_t m = count_bits(words, n);
  const auto bases = testing::random_points<curve::G1Config>(m, 25);
  const std::vector<Repr> scalars(n);
  const DensityTerms<curve::G1Config> terms(bases, words, scalars);
  EXPECT_EQ(terms.terms(), m);
  for (size_t i : {size_t(0), size_t(1), size_t(63), size_t(64), size_t(4095), size_t(4096),
                   size_t(4097), size_t(9000), n}) {
    EXPECT_EQ(terms.rank(i), count_bits(words, i)) << i;
  }
}

TEST(DensityTest, RejectsBadInput) {
  const auto bases = testing::random_points<curve::G1Config>(3, 26);
  const std::vector<Repr> scalars(100, Repr{3, 0, 0, 0});
  const std::vector<uint64_t> three = {0b10101, 0};
  EXPECT_NO_THROW(msm_density<curve::G1Config>(bases, three, scalars));
  EXPECT_THROW(msm_density<curve::G1Config>(bases, std::span(three).first(1), scalars),
               std::invalid_argument);  // too few words
  const std::vector<uint64_t> four = {0b10111, 0};
  EXPECT_THROW(msm_density<curve::G1Config>(bases, four, scalars), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::msm
