// Signed-digit recoding (msm/signed_digits.hpp): digits rebuild the scalar and stay in range, for
// every window size and the extreme scalars.
#include "msm/signed_digits.hpp"

#include <gtest/gtest.h>

#include <random>

#include "msm_fixtures.hpp"

namespace cuzk::msm {
namespace {

using testing::Repr;

// sum_j d_j 2^(j c) computed in Fr.
ff::Fr rebuild(const SignedDigits& sd, const Repr& k) {
  ff::Fr acc = ff::Fr::zero();
  const ff::Fr radix = ff::Fr::from_u64(2).pow(uint64_t(sd.window_bits()));
  for (unsigned j = sd.windows(); j-- > 0;) {
    const int32_t d = sd.digit(k, j);
    const ff::Fr m = ff::Fr::from_u64(uint64_t(d < 0 ? -int64_t(d) : d));
    acc = acc * radix + (d < 0 ? -m : m);
  }
  return acc;
}

TEST(SignedDigitsTest, RebuildsScalarAndStaysInRange) {
  std::mt19937_64 rng(3);
  std::vector<Repr> scalars = {Repr{}, Repr{1, 0, 0, 0}, testing::r_minus_1(),
                               Repr{~0ull, ~0ull, ~0ull, 0}, Repr{0, 0, 0, 1ull << 62}};
  for (int i = 0; i < 40; ++i) scalars.push_back(testing::random_scalar(rng));
  for (unsigned c = 1; c <= SignedDigits::kMaxWindowBits; ++c) {
    const SignedDigits sd(c);
    const int32_t half = int32_t(1) << (c - 1);
    EXPECT_GE(sd.windows() * c, 255u) << "c=" << c;
    EXPECT_LE(sd.windows() * c, 256u + c) << "c=" << c;
    for (const Repr& k : scalars) {
      for (unsigned j = 0; j < sd.windows(); ++j) {
        const int32_t d = sd.digit(k, j);
        ASSERT_LE(d, half) << "c=" << c << " j=" << j;
        ASSERT_GE(d, j + 1 == sd.windows() ? 0 : -half + 1) << "c=" << c << " j=" << j;
      }
      ASSERT_EQ(rebuild(sd, k), ff::Fr::from_canonical_unchecked(k)) << "c=" << c;
    }
  }
}

TEST(SignedDigitsTest, WindowCounts) {
  EXPECT_EQ(SignedDigits(16).windows(), 16u);  // 15 spare bits on top: no carry window
  EXPECT_EQ(SignedDigits(15).windows(), 18u);  // 15 | 255: the top window needs a carry window
  EXPECT_EQ(SignedDigits(8).windows(), 32u);
  EXPECT_EQ(SignedDigits(1).windows(), 255u);  // plain binary
  // Small scalars use window 0 only.
  const SignedDigits sd(12);
  EXPECT_EQ(sd.digit(Repr{1, 0, 0, 0}, 0), 1);
  for (unsigned j = 1; j < sd.windows(); ++j) EXPECT_EQ(sd.digit(Repr{1, 0, 0, 0}, j), 0);
  // 2048 = 2^(c-1) is a digit; 2049 borrows: -2047 + 1 * 2^12.
  EXPECT_EQ(sd.digit(Repr{2048, 0, 0, 0}, 0), 2048);
  EXPECT_EQ(sd.digit(Repr{2048, 0, 0, 0}, 1), 0);
  EXPECT_EQ(sd.digit(Repr{2049, 0, 0, 0}, 0), -2047);
  EXPECT_EQ(sd.digit(Repr{2049, 0, 0, 0}, 1), 1);
}

}  // namespace
}  // namespace cuzk::msm
