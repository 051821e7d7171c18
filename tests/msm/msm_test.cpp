// MSM (msm/msm.hpp) against the naive sum of double-and-adds, for G1 and G2, and across
// configurations: thread counts, window sizes, with and without the bit/tail split.
#include "msm/msm.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "msm_fixtures.hpp"

namespace cuzk::msm {
namespace {

using testing::Repr;

// Configurations every result must agree on: both accumulators, 1-3 threads, tiny and
// medium forced windows, with and without the bit/tail split.
std::vector<MsmOptions> configurations() {
  using enum Accumulator;
  return {
      MsmOptions{},
      MsmOptions{.threads = 1, .accumulator = kXyzz},
      MsmOptions{.threads = 2, .split_trivial = false, .accumulator = kBatchAffine},
      MsmOptions{.threads = 3, .window_bits = 3, .accumulator = kBatchAffine},
      MsmOptions{.threads = 3, .window_bits = 9, .split_trivial = false, .accumulator = kXyzz},
  };
}

template <class G>
class MsmTest : public ::testing::Test {
 public:
  using Config = typename G::CurveConfig;
  using A = typename G::AffineT;

  // Checks msm() equals the naive sum for every configuration.
  static void check(const std::vector<A>& bases, const std::vector<Repr>& scalars,
                    const char* what) {
    const G expected = testing::naive_msm<Config>(bases, scalars);
    for (const MsmOptions& o : configurations()) {
      EXPECT_EQ(msm<Config>(bases, scalars, o), expected)
          << what << " n=" << bases.size() << " threads=" << o.threads << " c=" << o.window_bits
          << " split=" << o.split_trivial << " accumulator=" << int(o.accumulator);
    }
  }
};
using GroupTypes = ::testing::Types<curve::G1, curve::G2>;
TYPED_TEST_SUITE(MsmTest, GroupTypes);

TYPED_TEST(MsmTest, MatchesNaiveSum) {
  using Config = typename TestFixture::Config;
  for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(100)}) {
    const auto bases = testing::random_points<Config>(n, n);
    this->check(bases, testing::random_scalars(n, n + 1), "random");
    this->check(bases, testing::mixed_scalars(n, n + 2), "mixed");
  }
}

TEST(MsmG1Test, MatchesNaiveSumAt1025) {
  using Config = curve::G1Config;
  const size_t n = (1 << 10) + 1;
  const auto bases = testing::random_points<Config>(n, 7);
  const auto scalars = testing::random_scalars(n, 8);
  const curve::G1 expected = testing::naive_msm<Config>(bases, scalars);
  for (MsmOptions o : configurations()) EXPECT_EQ(msm<Config>(bases, scalars, o), expected);
  // c = 15 divides 255: the top window is only the carry of the one below.
  for (Accumulator a : {Accumulator::kXyzz, Accumulator::kBatchAffine})
    EXPECT_EQ(msm<Config>(bases, scalars, {.window_bits = 15, .accumulator = a}), expected);
}

TYPED_TEST(MsmTest, SpecialScalars) {
  using Config = typename TestFixture::Config;
  using G = TypeParam;
  const size_t n = 70;
  const auto bases = testing::random_points<Config>(n, 9);
  G sum = G::identity();
  for (const auto& p : bases) sum += p;

  for (const MsmOptions& o : configurations()) {
    EXPECT_TRUE(msm<Config>(bases, std::vector<Repr>(n, Repr{}), o).is_identity());
    EXPECT_EQ(msm<Config>(bases, std::vector<Repr>(n, Repr{1, 0, 0, 0}), o), sum);
    EXPECT_EQ(msm<Config>(bases, std::vector<Repr>(n, testing::r_minus_1()), o), -sum);
    EXPECT_TRUE(msm<Config>({}, {}, o).is_identity());
  }
  // Scalars around the window edges and the top of the range.
  std::vector<Repr> edges(n);
  for (size_t i = 0; i < n; ++i) {
    edges[i] = i % 3 == 0   ? testing::r_minus_1()
               : i % 3 == 1 ? Repr{uint64_t(1) << (i % 64), 0, 0, 0}
                            : Repr{~0ull, ~0ull, ~0ull, (uint64_t(1) << (i % 62)) - 1};
  }
  this->check(bases, edges, "edges");
}

TYPED_TEST(MsmTest, InfinityAndDuplicateBases) {
  using Config = typename TestFixture::Config;
  using A = typename TestFixture::A;
  const size_t n = 60;
  const auto pts = testing::random_points<Config>(4, 10);
  auto scalars = testing::random_scalars(n, 11);

  // Every third base is infinity.
  auto bases = testing::random_points<Config>(n, 12);
  for (size_t i = 0; i < n; i += 3) bases[i] = A::identity();
  this->check(bases, scalars, "infinity");
  this->check(std::vector<A>(n, A::identity()), scalars, "all infinity");

  // P and -P with equal scalars cancel; the same P repeated lands in the same buckets
  // (the madd doubling fallback).
  std::vector<A> dup(n);
  for (size_t i = 0; i < n; ++i) dup[i] = i % 2 ? -pts[0] : pts[0];
  for (size_t i = 1; i < n; i += 2) scalars[i] = scalars[i - 1];
  EXPECT_TRUE(msm<Config>(dup, scalars).is_identity());
  for (const MsmOptions& o : configurations())
    EXPECT_TRUE(msm<Config>(dup, scalars, o).is_identity());
  this->check(std::vector<A>(n, pts[1]), testing::random_scalars(n, 13), "repeated P");
  this->check(std::vector<A>(n, pts[2]), std::vector<Repr>(n, Repr{5, 0, 0, 0}), "repeated P, k");
  for (size_t i = 0; i < n; ++i) dup[i] = pts[i % 4];
  this->check(dup, testing::mixed_scalars(n, 14), "four points");
}

TYPED_TEST(MsmTest, RejectsBadInput) {
  using Config = typename TestFixture::Config;
  const auto bases = testing::random_points<Config>(3, 15);
  std::vector<Repr> scalars(3, Repr{2, 0, 0, 0});
  EXPECT_THROW(msm<Config>(bases, std::span(scalars).first(2)), std::invalid_argument);
  EXPECT_THROW(msm<Config>(bases, scalars, {.window_bits = 25}), std::invalid_argument);
  scalars[1] = ff::Fr::kModulus;
  EXPECT_THROW(msm<Config>(bases, scalars), std::invalid_argument);
  scalars[1] = Repr{0, 0, 0, ~0ull};
  EXPECT_THROW(msm<Config>(bases, scalars, {.split_trivial = false}), std::invalid_argument);
}

// 2^16 points: too slow for the naive sum, so configurations are checked against each other
// (the same code paths were checked against the naive sum above).
TEST(MsmG1Test, LargeAgreesAcrossConfigurations) {
  using Config = curve::G1Config;
  const size_t n = size_t(1) << 16;
  const auto bases = testing::random_points<Config>(n, 16);
  const auto scalars = testing::mixed_scalars(n, 17);
  using enum Accumulator;
  const curve::G1 reference = msm<Config>(bases, scalars, {.threads = 1});
  EXPECT_FALSE(reference.is_identity());
  EXPECT_EQ(msm<Config>(bases, scalars, {.threads = 2, .split_trivial = false}), reference);
  EXPECT_EQ(msm<Config>(bases, scalars, {.threads = 3, .window_bits = 11, .accumulator = kXyzz}),
            reference);
  EXPECT_EQ(
      msm<Config>(bases, scalars, {.threads = 2, .window_bits = 16, .accumulator = kBatchAffine}),
      reference);

  // Linearity: splitting the terms in two halves gives the same sum.
  const size_t h = n / 2;
  const std::span<const curve::G1Affine> b(bases);
  const std::span<const Repr> s(scalars);
  EXPECT_EQ(msm<Config>(b.first(h), s.first(h)) + msm<Config>(b.subspan(h), s.subspan(h)),
            reference);
}

}  // namespace
}  // namespace cuzk::msm
