// Bit reversal: the index map and the blocked permutation against the plain definition.
#include "ntt/bit_reverse.hpp"

#include <gtest/gtest.h>

#include "ntt_oracle.hpp"

namespace cuzk::ntt {
namespace {

TEST(BitReverse, IndexMap) {
  EXPECT_EQ(bit_reverse_index(0, 0), 0u);
  EXPECT_EQ(bit_reverse_index(1, 1), 1u);
  EXPECT_EQ(bit_reverse_index(1, 3), 4u);
  EXPECT_EQ(bit_reverse_index(6, 3), 3u);
  EXPECT_EQ(bit_reverse_index(0b0010111, 7), 0b1110100u);
  EXPECT_EQ(bit_reverse_index(1, 64), uint64_t(1) << 63);
  for (unsigned bits = 1; bits <= 20; ++bits) {
    for (uint64_t i : {uint64_t(0), uint64_t(1), (uint64_t(1) << bits) - 1,
                       uint64_t(0x5a5a5) & ((uint64_t(1) << bits) - 1)}) {
      uint64_t r = bit_reverse_index(i, bits);
      EXPECT_LT(r, uint64_t(1) << bits);
      EXPECT_EQ(bit_reverse_index(r, bits), i);
      for (unsigned b = 0; b < bits; ++b) EXPECT_EQ((r >> (bits - 1 - b)) & 1, (i >> b) & 1);
    }
  }
}

TEST(BitReverse, PermutationMatchesDefinitionAndIsAnInvolution) {
  for (unsigned bits = 0; bits <= 15; ++bits) {  // 10 and up take the blocked path
    const auto input = testing::random_vector(size_t(1) << bits, bits);
    for (unsigned threads : {1u, 3u}) {
      auto a = input;
      bit_reverse_permute(a, threads);
      for (size_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(a[i], input[bit_reverse_index(i, bits)]) << bits << " " << i;
      }
      bit_reverse_permute(a, threads);
      ASSERT_EQ(a, input);
    }
  }
}

TEST(BitReverse, RejectsNonPowerOfTwoSizes) {
  std::vector<ff::Fr> a(12);
  EXPECT_THROW(bit_reverse_permute(a), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::ntt
