// Domain: roots of unity, scaling constants, pass plans, twiddle tables and input validation.
#include "ntt/domain.hpp"

#include <gtest/gtest.h>

#include "ntt_oracle.hpp"

namespace cuzk::ntt {
namespace {

using testing::make_domain;

TEST(Domain, ConstantsOfEverySmallSize) {
  for (unsigned k = 0; k <= 20; ++k) {
    const Domain d = make_domain(k);
    const uint64_t n = uint64_t(1) << k;
    ASSERT_EQ(d.size(), n);
    EXPECT_EQ(d.log_size(), k);
    EXPECT_TRUE(d.omega().pow(n).is_one()) << k;
    if (k > 0) {
      EXPECT_EQ(d.omega().pow(n / 2), -Fr::one()) << "omega must be primitive, k = " << k;
    }
    EXPECT_TRUE((d.omega() * d.omega_inv()).is_one());
    EXPECT_TRUE((d.size_inv() * Fr::from_u64(n)).is_one());
    EXPECT_EQ(d.coset_generator(), Fr::from_u64(7));
    EXPECT_TRUE((d.coset_generator() * d.coset_generator_inv()).is_one());
    EXPECT_EQ(d.vanishing_on_coset(), Fr::from_u64(7).pow(n) - Fr::one());
  }
}

TEST(Domain, OmegaIsConsistentAcrossSizes) {
  // The 2^k-th root is the square of the 2^(k+1)-th one, as bellperson derives it.
  // Single-pass plans (max_pass_log 20) skip the big twiddle table.
  for (unsigned k = 0; k < 20; ++k) {
    auto small = Domain::create(k, {20, 4}, 1);
    auto large = Domain::create(k + 1, {20, 4}, 1);
    ASSERT_TRUE(small.ok() && large.ok());
    EXPECT_EQ(large->omega().square(), small->omega()) << k;
  }
}

TEST(Domain, PassesCoverEveryStageOnce) {
  for (const DomainOptions& options : testing::small_pass_plans()) {
    for (unsigned k = 1; k <= 16; ++k) {
      const Domain d = make_domain(k, options);
      auto passes = d.passes();
      ASSERT_FALSE(passes.empty());
      EXPECT_EQ(passes.front().hi_bit, k);
      EXPECT_EQ(passes.back().lo_bit, 0u);
      for (size_t i = 0; i < passes.size(); ++i) {
        EXPECT_LT(passes[i].lo_bit, passes[i].hi_bit);
        EXPECT_LE(passes[i].hi_bit - passes[i].lo_bit, options.max_pass_log);
        if (i + 1 < passes.size()) {
          EXPECT_EQ(passes[i].lo_bit, passes[i + 1].hi_bit);
        }
      }
    }
  }
}

TEST(Domain, TwiddleTablesHoldPowersOfRoots) {
  const Domain d = make_domain(10, {3, 4});
  auto w = d.twiddles();
  ASSERT_EQ(w.size(), d.size() / 2 + 1);
  Fr expect = Fr::one();
  for (size_t j = 0; j < w.size(); ++j, expect *= d.omega()) ASSERT_EQ(w[j], expect) << j;
  EXPECT_EQ(w.back(), -Fr::one());

  const unsigned row_log = d.passes().back().hi_bit;
  for (bool inverse : {false, true}) {
    auto rows = d.row_twiddles(inverse);
    ASSERT_EQ(rows.size(), size_t(1) << row_log);
    for (unsigned s = 0; s < row_log; ++s) {
      // omega_{2^(s+1)} = omega^(n / 2^(s+1))
      Fr root = (inverse ? d.omega_inv() : d.omega()).pow(d.size() >> (s + 1));
      for (size_t j = 0; j < (size_t(1) << s); ++j) {
        EXPECT_EQ(rows[(size_t(1) << s) + j], root.pow(j)) << s << " " << j;
      }
    }
  }
}

TEST(Domain, SinglePassDomainsNeedNoLargeTable) {
  const unsigned k = DomainOptions{}.max_pass_log;
  EXPECT_TRUE(make_domain(k).twiddles().empty());
  EXPECT_EQ(make_domain(k).passes().size(), 1u);
  EXPECT_EQ(make_domain(k + 1).twiddles().size(), (size_t(1) << k) + 1);
}

TEST(Domain, ThreadCountDoesNotChangeTables) {
  auto one = Domain::create(16, {}, 1);
  auto three = Domain::create(16, {}, 3);
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_TRUE(std::equal(one->twiddles().begin(), one->twiddles().end(), three->twiddles().begin(),
                         three->twiddles().end()));
}

TEST(Domain, ForSizeRoundsUpToAPowerOfTwo) {
  EXPECT_EQ(Domain::for_size(0)->size(), 1u);
  EXPECT_EQ(Domain::for_size(1)->size(), 1u);
  EXPECT_EQ(Domain::for_size(2)->size(), 2u);
  EXPECT_EQ(Domain::for_size(3)->size(), 4u);
  EXPECT_EQ(Domain::for_size(1000)->size(), 1024u);
  EXPECT_EQ(Domain::for_size(1024)->size(), 1024u);
}

TEST(Domain, RejectsBadInputWithANamedError) {
  auto too_large = Domain::create(kMaxLogSize + 1);
  ASSERT_FALSE(too_large.ok());
  EXPECT_EQ(too_large.code(), NttError::kDomainTooLarge);
  EXPECT_NE(too_large.error().message.find("log_size"), std::string::npos);

  auto too_many = Domain::for_size((size_t(1) << kMaxLogSize) + 1);
  ASSERT_FALSE(too_many.ok());
  EXPECT_EQ(too_many.code(), NttError::kDomainTooLarge);

  auto zero_pass = Domain::create(4, {0, 4});
  ASSERT_FALSE(zero_pass.ok());
  EXPECT_EQ(zero_pass.code(), NttError::kInvalidOptions);
  EXPECT_NE(zero_pass.error().message.find("max_pass_log"), std::string::npos);

  auto odd_width = Domain::create(4, {12, 3});
  ASSERT_FALSE(odd_width.ok());
  EXPECT_NE(odd_width.error().message.find("tile_width"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::ntt
