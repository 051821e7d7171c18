// DensityTracker: word layout (LSB first, 64 bits a word), popcount counted once per bit, bounds.
#include "r1cs/density_tracker.hpp"

#include <gtest/gtest.h>

namespace cuzk::r1cs {
namespace {

TEST(DensityTracker, WordLayoutAndPopcount) {
  DensityTracker d;
  for (int i = 0; i < 130; ++i) d.add_element();
  EXPECT_EQ(d.size(), 130u);
  ASSERT_EQ(d.words().size(), 3u);
  d.inc(0);
  d.inc(0);  // second time: no double count
  d.inc(63);
  d.inc(64);
  d.inc(129);
  EXPECT_EQ(d.popcount(), 4u);
  EXPECT_EQ(d.words()[0], (uint64_t(1) << 63) | 1);
  EXPECT_EQ(d.words()[1], uint64_t(1));
  EXPECT_EQ(d.words()[2], uint64_t(1) << 1);
  EXPECT_TRUE(d.get(63));
  EXPECT_FALSE(d.get(62));
  EXPECT_FALSE(d.get(500));
  EXPECT_THROW(d.inc(130), std::out_of_range);
}

TEST(DensityTracker, MarkDensitySkipsZeroCoefficientsAndNullTrackers) {
  DensityTracker inputs, aux;
  for (int i = 0; i < 3; ++i) inputs.add_element();
  for (int i = 0; i < 4; ++i) aux.add_element();
  const LinearCombination lc = LinearCombination() + Variable::input(2) + Variable::aux(1) +
                               Fr::zero() * Variable::aux(3) + Variable::aux(2) - Variable::aux(2);
  mark_density(lc, &inputs, &aux);
  EXPECT_EQ(inputs.words()[0], 0b100u);
  EXPECT_EQ(aux.words()[0], 0b0010u);  // aux 3 (zero coeff) and aux 2 (sums to zero) unmarked
  DensityTracker aux_only;
  for (int i = 0; i < 4; ++i) aux_only.add_element();
  mark_density(lc, nullptr, &aux_only);
  EXPECT_EQ(aux_only.popcount(), 1u);
}

}  // namespace
}  // namespace cuzk::r1cs
