// The Pippenger planner (msm/msm_plan.hpp): memory bound, forced windows, thread balance.
#include "msm/msm_plan.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "msm/affine_buckets.hpp"
#include "msm/signed_digits.hpp"

namespace cuzk::msm {
namespace {

constexpr GroupCosts kG1{sizeof(curve::Xyzz<curve::G1Config>),
                         AffineBuckets<curve::G1Config>::kBucketBytes, 120};
constexpr GroupCosts kG2{sizeof(curve::Xyzz<curve::G2Config>),
                         AffineBuckets<curve::G2Config>::kBucketBytes, 42};
using enum Accumulator;

size_t bucket_bytes(const MsmPlan& p, const GroupCosts& g) {
  return p.accumulator == kXyzz ? g.xyzz_bytes : g.affine_bytes;
}

TEST(MsmPlanTest, BucketMemoryStaysBounded) {
  for (const GroupCosts& group : {kG1, kG2}) {
    for (unsigned threads : {1u, 2u, 64u, 256u}) {
      for (unsigned log_n = 0; log_n <= 34; log_n += 2) {
        const size_t n = size_t(1) << log_n;
        const MsmPlan p = make_plan(n, n, threads, 0, kAuto, group);
        EXPECT_LE(size_t(p.threads) << (p.window_bits - 1),
                  kBucketMemoryLimit / bucket_bytes(p, group))
            << "n=2^" << log_n << " threads=" << threads;
        EXPECT_GE(p.threads, 1u);
        EXPECT_NE(p.accumulator, kAuto);
      }
    }
  }
}

TEST(MsmPlanTest, WindowGrowsWithSize) {
  unsigned last = 0;
  for (unsigned log_n = 0; log_n <= 26; ++log_n) {
    const size_t n = size_t(1) << log_n;
    const MsmPlan p = make_plan(n, n, 1, 0, kXyzz, kG1);
    EXPECT_GE(p.window_bits, last) << "n=2^" << log_n;
    EXPECT_EQ(p.windows, SignedDigits(p.window_bits).windows());
    last = p.window_bits;
  }
  EXPECT_GE(last, 14u);
}

TEST(MsmPlanTest, ForcedWindowAndBalance) {
  const MsmPlan forced = make_plan(1000, 1000, 2, 7, kBatchAffine, kG1);
  EXPECT_EQ(forced.window_bits, 7u);
  EXPECT_EQ(forced.accumulator, kBatchAffine);
  // Two threads both get work at every size; three threads split windows into ranges when the
  // window count does not divide evenly.
  for (size_t n : {size_t(1), size_t(100), size_t(1) << 16, size_t(1) << 20}) {
    EXPECT_EQ(make_plan(n, n, 2, 0, kAuto, kG1).threads, 2u) << n;
  }
  const MsmPlan three = make_plan(size_t(1) << 20, size_t(1) << 20, 3, 16, kXyzz, kG1);
  EXPECT_GT(three.ranges, 1u);
  const double tasks = double(three.windows * three.ranges);
  EXPECT_LE(std::ceil(tasks / 3) / (tasks / 3), 1.1);  // busiest thread within 10% of the mean
  // A forced window too large for all threads' buckets runs on fewer threads.
  const MsmPlan big = make_plan(100, 100, 64, 20, kXyzz, kG2);
  EXPECT_LE(size_t(big.threads) << 19, kBucketMemoryLimit / kG2.xyzz_bytes);
  EXPECT_THROW(make_plan(100, 100, 1, 24, kXyzz, kG2), std::invalid_argument);
  EXPECT_THROW(make_plan(100, 100, 1, 25, kXyzz, kG1), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::msm
