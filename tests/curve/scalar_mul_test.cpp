// GLV / GLS scalar multiplication against the plain double-and-add oracle (mul_limbs), for
// random and edge scalars, and the scalar decompositions recomposed as integers.
#include "curve/scalar_mul.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "curve/endomorphism.hpp"
#include "random_points.hpp"

namespace cuzk::curve {
namespace {

using cuzk::testing::random_subgroup_point;
using ff::Fr;
using ff::Limbs;

const Limbs<2> kXSquared = ff::limbs_mul(Limbs<1>{kBlsXAbs}, Limbs<1>{kBlsXAbs});

Fr fr_from_limbs(const Limbs<4>& v) {
  return *Fr::from_canonical(v);
}

Fr fr_from_2limbs(const Limbs<2>& v) {
  return fr_from_limbs({v[0], v[1], 0, 0});
}

// Scalars that stress the decompositions and the recoding: 0, 1, small, r-1, r-2, (r-1)/2,
// 2^64-1, |x|, x^2 - 1, x^2, x^2 + 1, 2^128, |x|^3, all-ones patterns.
std::vector<Fr> edge_scalars() {
  Limbs<4> r_minus_1{}, r_minus_2{};
  ff::limbs_sub(r_minus_1, Fr::kModulus, ff::limbs_from_u64<4>(1));
  ff::limbs_sub(r_minus_2, Fr::kModulus, ff::limbs_from_u64<4>(2));
  Limbs<2> x2_minus_1{}, x2_plus_1{};
  ff::limbs_sub(x2_minus_1, kXSquared, Limbs<2>{1, 0});
  ff::limbs_add(x2_plus_1, kXSquared, Limbs<2>{1, 0});
  Limbs<3> x3 = ff::limbs_mul(kXSquared, Limbs<1>{kBlsXAbs});
  std::vector<Fr> s = {Fr::zero(),
                       Fr::one(),
                       Fr::from_u64(2),
                       Fr::from_u64(3),
                       Fr::from_u64(15),
                       Fr::from_u64(16),
                       Fr::from_u64(17),
                       Fr::from_u64(31),
                       Fr::from_u64(~0ull),
                       Fr::from_u64(kBlsXAbs),
                       Fr::from_u64(kBlsXAbs - 1),
                       fr_from_limbs(r_minus_1),
                       fr_from_limbs(r_minus_2),
                       fr_from_limbs(ff::limbs_shr(r_minus_1, 1)),
                       fr_from_2limbs(x2_minus_1),
                       fr_from_2limbs(kXSquared),
                       fr_from_2limbs(x2_plus_1),
                       fr_from_limbs({0, 0, 1, 0}),
                       fr_from_limbs({x3[0], x3[1], x3[2], 0}),
                       fr_from_limbs({~0ull, ~0ull, ~0ull, 0x3fffffffffffffffull}),
                       fr_from_limbs({~0ull, ~0ull, 0, 0})};
  return s;
}

std::vector<Fr> random_scalars(std::mt19937_64& rng, int n) {
  std::vector<Fr> s;
  for (int i = 0; i < n; ++i) s.push_back(Fr::random(rng));
  return s;
}

TEST(ScalarSplit, G1HalvesRecomposeAndAreShort) {
  std::mt19937_64 rng(31);
  auto scalars = edge_scalars();
  for (const Fr& k : random_scalars(rng, 200)) scalars.push_back(k);
  for (const Fr& k : scalars) {
    G1ScalarSplit s = split_g1_scalar(k);
    EXPECT_FALSE(ff::limbs_geq(s.k1, kXSquared));
    EXPECT_FALSE(ff::limbs_geq(s.k2, kXSquared));
    Limbs<4> sum = ff::limbs_mul(s.k2, kXSquared);
    EXPECT_EQ(ff::limbs_add(sum, sum, Limbs<4>{s.k1[0], s.k1[1], 0, 0}), 0u);
    EXPECT_EQ(sum, k.to_canonical());
  }
}

TEST(ScalarSplit, G2DigitsRecomposeAndAreShort) {
  std::mt19937_64 rng(32);
  auto scalars = edge_scalars();
  for (const Fr& k : random_scalars(rng, 200)) scalars.push_back(k);
  for (const Fr& k : scalars) {
    std::array<uint64_t, 4> d = split_g2_scalar(k);
    Limbs<4> acc{};  // Horner: ((d3 |x| + d2) |x| + d1) |x| + d0
    for (size_t i = 4; i-- > 0;) {
      EXPECT_LT(d[i], kBlsXAbs);
      Limbs<5> t = ff::limbs_mul(acc, Limbs<1>{kBlsXAbs});
      ASSERT_EQ(t[4], 0u);
      acc = {t[0], t[1], t[2], t[3]};
      ASSERT_EQ(ff::limbs_add(acc, acc, ff::limbs_from_u64<4>(d[i])), 0u);
    }
    EXPECT_EQ(acc, k.to_canonical());
  }
}

template <class Config>
class ScalarMulTest : public ::testing::Test {};
using Configs = ::testing::Types<G1Config, G2Config>;
TYPED_TEST_SUITE(ScalarMulTest, Configs);

TYPED_TEST(ScalarMulTest, MatchesDoubleAndAdd) {
  using G = Jacobian<TypeParam>;
  std::mt19937_64 rng(33);
  auto scalars = edge_scalars();
  for (const Fr& k : random_scalars(rng, 8)) scalars.push_back(k);
  for (uint64_t k = 4; k < 64; ++k) scalars.push_back(Fr::from_u64(k));  // every short wNAF
  // Z != 1, so the tables and the endomorphisms see general Jacobian coordinates.
  G p = random_subgroup_point<TypeParam>(rng) + G::generator();
  for (const Fr& k : scalars) {
    EXPECT_EQ(mul(p, k), p.mul_limbs(k.to_canonical())) << "k = " << k.to_canonical()[0];
  }
  EXPECT_EQ(mul(G::generator(), scalars.back()),
            G::generator().mul_limbs(scalars.back().to_canonical()));
}

TYPED_TEST(ScalarMulTest, IdentityAndZero) {
  using G = Jacobian<TypeParam>;
  std::mt19937_64 rng(34);
  EXPECT_TRUE(mul(G::identity(), Fr::random(rng)).is_identity());
  EXPECT_TRUE(mul(G::generator(), Fr::zero()).is_identity());
  EXPECT_EQ(mul(G::generator(), Fr::one()), G::generator());
  EXPECT_EQ(mul(G::generator(), -Fr::one()), -G::generator());
}

TYPED_TEST(ScalarMulTest, IsAHomomorphismOfFr) {
  using G = Jacobian<TypeParam>;
  std::mt19937_64 rng(35);
  G p = random_subgroup_point<TypeParam>(rng);
  for (int i = 0; i < 4; ++i) {
    Fr a = Fr::random(rng), b = Fr::random(rng);
    EXPECT_EQ(mul(p, a) + mul(p, b), mul(p, a + b));
    EXPECT_EQ(mul(mul(p, a), b), mul(p, a * b));
  }
}

}  // namespace
}  // namespace cuzk::curve
