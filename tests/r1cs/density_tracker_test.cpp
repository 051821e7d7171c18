// DensityTracker: word layout (LSB first, 64 bits a word), popcount counted once per bit, bounds;
// densities_of_columns (on all cores) equal to marking the same columns one at a time.
#include "r1cs/density_tracker.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "r1cs/recording_cs.hpp"  // densities_of_columns

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

TEST(DensityTracker, FromWordsRecountsAndRefusesStrayBits) {
  const DensityTracker d = DensityTracker::from_words({0b1011, uint64_t(1) << 5}, 70);
  EXPECT_EQ(d.size(), 70u);
  EXPECT_EQ(d.popcount(), 4u);
  EXPECT_TRUE(d.get(69));
  EXPECT_FALSE(d.get(2));
  EXPECT_THROW(DensityTracker::from_words({0, uint64_t(1) << 6}, 70), std::invalid_argument);
  EXPECT_THROW(DensityTracker::from_words({0}, 70), std::invalid_argument);
}

TEST(DensityTracker, ColumnDensitiesOnAllCoresEqualOneAtATime) {
  // Enough entries (3 M) that densities_of_columns splits them over threads; columns from a
  // fixed linear congruential walk (test data), some repeated, inputs and aux mixed.
  const size_t num_inputs = 37, num_aux = 200'003;
  std::vector<uint32_t> a_cols, b_cols;
  uint64_t x = 12345;
  const auto next = [&] {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return uint32_t((x >> 33) % (num_inputs + num_aux / 3));  // a third of aux stays unset
  };
  for (int i = 0; i < 3'000'000; ++i) {
    a_cols.push_back(next());
    b_cols.push_back(next());
  }
  QueryDensities want;
  for (size_t i = 0; i < num_inputs; ++i) want.b_input.add_element();
  for (size_t i = 0; i < num_aux; ++i) {
    want.a_aux.add_element();
    want.b_aux.add_element();
  }
  for (uint32_t c : a_cols) {
    if (c >= num_inputs) want.a_aux.inc(c - num_inputs);
  }
  for (uint32_t c : b_cols) {
    if (c < num_inputs) {
      want.b_input.inc(c);
    } else {
      want.b_aux.inc(c - num_inputs);
    }
  }
  const QueryDensities got = densities_of_columns(a_cols, b_cols, num_inputs, num_aux);
  EXPECT_EQ(got, want);
  EXPECT_GT(got.a_aux.popcount(), 0u);
  EXPECT_LT(got.a_aux.popcount(), num_aux);
  const std::vector<uint32_t> past = {uint32_t(num_inputs + num_aux)};
  EXPECT_THROW(densities_of_columns(past, {}, num_inputs, num_aux), std::out_of_range);
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
