// The two bucket accumulators (msm/xyzz_buckets.hpp, msm/affine_buckets.hpp) against a direct
// sum of digit * point, on uniform and skewed digits (batch conflicts, deferral, overflow), equal
// and opposite points, reuse after reduce(), and the segmented batch-affine reduction.
#include <gtest/gtest.h>

#include <random>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "msm/affine_buckets.hpp"
#include "msm/xyzz_buckets.hpp"
#include "msm_fixtures.hpp"

namespace cuzk::msm {
namespace {

template <class G>
class BucketsTest : public ::testing::Test {};
using GroupTypes = ::testing::Types<curve::G1, curve::G2>;
TYPED_TEST_SUITE(BucketsTest, GroupTypes);

// sum_i digits[i] * points[i].
template <class Config>
curve::Jacobian<Config> direct(const std::vector<curve::Affine<Config>>& pts,
                               const std::vector<int32_t>& digits) {
  using J = curve::Jacobian<Config>;
  J acc = J::identity();
  for (size_t i = 0; i < pts.size(); ++i) {
    const J p = J::from_affine(pts[i]).mul_limbs(ff::Limbs<1>{uint64_t(std::abs(digits[i]))});
    acc += digits[i] < 0 ? -p : p;
  }
  return acc;
}

template <class Buckets, class Config>
void check(Buckets& buckets, const std::vector<curve::Affine<Config>>& pts,
           const std::vector<int32_t>& digits, const char* what) {
  for (size_t i = 0; i < pts.size(); ++i) buckets.add(digits[i], pts[i]);
  EXPECT_EQ(buckets.reduce().to_jacobian(), direct<Config>(pts, digits)) << what;
}

TYPED_TEST(BucketsTest, AgreeWithDirectSum) {
  using Config = typename TypeParam::CurveConfig;
  const uint32_t count = 64;  // affine batch 16
  std::mt19937_64 rng(31);
  const size_t n = 300;
  const auto pts = testing::random_points<Config>(n, 32);
  auto digit = [&](uint32_t range) {
    int32_t d = int32_t(rng() % range) + 1;
    return rng() & 1 ? -d : d;
  };
  std::vector<int32_t> uniform(n), skewed(n), single(n, -7);
  for (auto& d : uniform) d = digit(count);
  for (auto& d : skewed) d = digit(3);  // three buckets: constant conflicts and deferrals
  // Equal and opposite points in one bucket: the same-x path.
  std::vector<curve::Affine<Config>> dup(n);
  for (size_t i = 0; i < n; ++i) dup[i] = i % 3 == 2 ? -pts[0] : pts[i % 2];

  XyzzBuckets<Config> xyzz(count);
  AffineBuckets<Config> affine(count);
  for (int round = 0; round < 2; ++round) {  // the second round checks reduce() emptied them
    check(xyzz, pts, uniform, "xyzz uniform");
    check(affine, pts, uniform, "affine uniform");
    check(xyzz, pts, skewed, "xyzz skewed");
    check(affine, pts, skewed, "affine skewed");
    check(affine, pts, single, "affine one bucket");
    check(affine, dup, skewed, "affine duplicates");
    check(affine, dup, single, "affine duplicates, one bucket");
  }
  EXPECT_TRUE(affine.reduce().is_identity());
}

// Enough buckets for the segmented reduction, some of them empty (the top ones too).
TYPED_TEST(BucketsTest, SegmentedReduction) {
  using Config = typename TypeParam::CurveConfig;
  const uint32_t count = 2 * kMinSegmentedBuckets;
  std::mt19937_64 rng(33);
  const size_t n = 1500;
  const auto pts = testing::random_points<Config>(n, 34);
  std::vector<int32_t> digits(n);
  for (auto& d : digits) {
    d = int32_t(rng() % (count - 100)) + 1;
    if (d % 7 == 0) d = 5;  // one crowded bucket, and empty ones at multiples of 7
    if (rng() & 1) d = -d;
  }
  AffineBuckets<Config> affine(count);
  check(affine, pts, digits, "segmented");
  // 100 of 1024 buckets in use (a top window): full deferred lists complete batches early.
  std::vector<int32_t> few(n);
  for (auto& d : few) d = int32_t(rng() % 100) + 1;
  check(affine, pts, few, "few buckets");
  // All points in the top bucket, and equal points: doublings inside the batches.
  std::vector<int32_t> top(n, int32_t(count));
  std::vector<curve::Affine<Config>> same(n, pts[0]);
  check(affine, same, top, "one point, top bucket");
  check(affine, same, digits, "one point");
}

}  // namespace
}  // namespace cuzk::msm
