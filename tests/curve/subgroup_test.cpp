// Subgroup membership (Scott's endomorphism tests) against the slow oracle [r]P == 0, and the
// endomorphism facts they rest on: phi = [-x^2] on G1 (the other cube root gives x^2 - 1),
// psi = [x] on G2, psi^2 from its Fp coefficients, psi^4 - psi^2 + 1 = 0.
#include "curve/subgroup.hpp"

#include <gtest/gtest.h>

#include <random>

#include "curve/endomorphism.hpp"
#include "random_points.hpp"

namespace cuzk::curve {
namespace {

using cuzk::testing::random_curve_point;
using cuzk::testing::random_subgroup_point;
using cuzk::testing::slow_is_in_subgroup;

template <class Config>
class SubgroupTest : public ::testing::Test {};
using Configs = ::testing::Types<G1Config, G2Config>;
TYPED_TEST_SUITE(SubgroupTest, Configs);

TYPED_TEST(SubgroupTest, IdentityAndGeneratorAreMembers) {
  using G = Jacobian<TypeParam>;
  using A = Affine<TypeParam>;
  EXPECT_TRUE(is_in_subgroup(G::identity()));
  EXPECT_TRUE(is_in_subgroup(A::identity()));
  EXPECT_TRUE(is_in_subgroup(G::generator()));
  EXPECT_TRUE(is_in_subgroup(A::generator()));
}

TYPED_TEST(SubgroupTest, RandomSubgroupPointsPass) {
  using G = Jacobian<TypeParam>;
  std::mt19937_64 rng(21);
  for (int i = 0; i < 4; ++i) {
    G p = random_subgroup_point<TypeParam>(rng);
    G q = p + G::generator();  // Z != 1: exercises the projective comparison
    ASSERT_TRUE(slow_is_in_subgroup(q));
    EXPECT_TRUE(is_in_subgroup(q));
    EXPECT_TRUE(is_in_subgroup(q.to_affine()));
  }
}

TYPED_TEST(SubgroupTest, CurvePointsOutsideSubgroupFail) {
  using G = Jacobian<TypeParam>;
  std::mt19937_64 rng(22);
  for (int i = 0; i < 6; ++i) {
    auto a = random_curve_point<TypeParam>(rng);
    ASSERT_TRUE(a.is_on_curve());
    G p = G::from_affine(a);
    ASSERT_FALSE(slow_is_in_subgroup(p));
    EXPECT_FALSE(is_in_subgroup(a));
    EXPECT_FALSE(is_in_subgroup(p));
    // A subgroup point plus a non-member is a non-member.
    EXPECT_FALSE(is_in_subgroup(p + G::generator()));
  }
}

TEST(SubgroupG1, OrderThreePointsFail) {
  // x = 0: y^2 = 4, and (0, ±2) has order 3 (its tangent is horizontal: 3 x^2 = 0).
  for (ff::Fp y : {ff::Fp::from_u64(2), -ff::Fp::from_u64(2)}) {
    G1Affine t{ff::Fp::zero(), y, false};
    ASSERT_TRUE(t.is_on_curve());
    ASSERT_TRUE(G1::from_affine(t).mul_limbs(ff::Limbs<1>{3}).is_identity());
    EXPECT_FALSE(is_in_subgroup(t));
  }
}

TEST(SubgroupG1, ClearedCofactorPointsPass) {
  // h1 = (x - 1)^2 / 3 = (|x| + 1)^2 / 3: [h1]P is in G1 for every curve point P.
  uint64_t rem = 1;
  ff::Limbs<2> h1 = ff::limbs_div_u64(
      ff::limbs_mul(ff::Limbs<1>{kBlsXAbs + 1}, ff::Limbs<1>{kBlsXAbs + 1}), 3, &rem);
  ASSERT_EQ(rem, 0u);
  std::mt19937_64 rng(23);
  for (int i = 0; i < 3; ++i) {
    G1 p = G1::from_affine(random_curve_point<G1Config>(rng)).mul_limbs(h1);
    ASSERT_TRUE(slow_is_in_subgroup(p));
    EXPECT_TRUE(is_in_subgroup(p));
  }
}

// [x^2]P as (|x|^2)P.
G1 mul_by_x_squared(const G1& p) {
  return mul_by_abs_x(mul_by_abs_x(p));
}

TEST(Endomorphism, PhiIsMinusXSquaredOnG1) {
  const ff::Fp beta = endomorphism_constants().beta;
  EXPECT_FALSE(beta.is_one());
  EXPECT_TRUE((beta * beta * beta).is_one());
  std::mt19937_64 rng(24);
  for (int i = 0; i < 3; ++i) {
    G1 p = random_subgroup_point<G1Config>(rng);
    G1 x2p = mul_by_x_squared(p);
    EXPECT_EQ(phi(p), -x2p);
    EXPECT_EQ(G1::from_affine(phi(p.to_affine())), -x2p);
    // The other primitive cube root pairs with the other eigenvalue, x^2 - 1.
    EXPECT_EQ(phi_with(beta.square(), p), x2p - p);
    EXPECT_EQ(phi(phi(p)) + phi(p) + p, G1::identity());  // phi^2 + phi + 1 = 0
  }
}

TEST(Endomorphism, PsiIsXOnG2) {
  const auto& c = endomorphism_constants();
  EXPECT_EQ(c.psi2_y, -ff::Fp::one());
  EXPECT_EQ(c.psi2_x * c.psi2_x * c.psi2_x, ff::Fp::one());  // psi^2 on x: a cube root of unity
  std::mt19937_64 rng(25);
  for (int i = 0; i < 3; ++i) {
    G2 q = random_subgroup_point<G2Config>(rng);
    EXPECT_EQ(psi(q), -mul_by_abs_x(q));
    EXPECT_EQ(G2::from_affine(psi(q.to_affine())), psi(q));
    EXPECT_EQ(psi2(q), psi(psi(q)));
    EXPECT_EQ(G2::from_affine(psi2(q.to_affine())), psi2(q));
    EXPECT_EQ(psi2(psi2(q)) - psi2(q) + q, G2::identity());  // psi^4 - psi^2 + 1 = 0
  }
  // psi maps curve points to curve points, also outside G2 (it is an endomorphism of E').
  G2Affine a = random_curve_point<G2Config>(rng);
  EXPECT_TRUE(psi(a).is_on_curve());
  EXPECT_NE(G2::from_affine(psi(a)), -mul_by_abs_x(a));
}

}  // namespace
}  // namespace cuzk::curve
