// XYZZ formulas (curve/xyzz.hpp) against the Jacobian group law, for G1 and G2, including the
// degenerate inputs every bucket accumulator meets: identity, P + P, P + (-P).
#include "curve/xyzz.hpp"

#include <gtest/gtest.h>

#include <random>

#include "curve/g1.hpp"
#include "curve/g2.hpp"

namespace cuzk::curve {
namespace {

template <class G>
class XyzzTest : public ::testing::Test {};
using GroupTypes = ::testing::Types<G1, G2>;
TYPED_TEST_SUITE(XyzzTest, GroupTypes);

TYPED_TEST(XyzzTest, MatchesJacobian) {
  using G = TypeParam;
  using X = Xyzz<typename G::CurveConfig>;
  std::mt19937_64 rng(5);
  const G p = G::generator().mul_limbs(ff::Limbs<1>{rng()});
  const G q = G::generator().mul_limbs(ff::Limbs<1>{rng()});
  const auto pa = p.to_affine(), qa = q.to_affine();
  // Non-trivial Z: built by additions, not from an affine point.
  const X xp = X::from_jacobian(p),
          xq = X::from_affine(qa) + X::from_affine(pa) + X::from_affine(-pa);
  ASSERT_FALSE(xp.zz.is_one());

  EXPECT_EQ(xp.to_jacobian(), p);
  EXPECT_EQ(xq.to_jacobian(), q);
  EXPECT_EQ(xp.to_affine(), pa);
  EXPECT_EQ((xp + qa).to_jacobian(), p + q);            // madd-2008-s
  EXPECT_EQ((xp + xq).to_jacobian(), p + q);            // add-2008-s
  EXPECT_EQ(xp.dbl().to_jacobian(), p.dbl());           // dbl-2008-s-1
  EXPECT_EQ(X::dbl_affine(pa).to_jacobian(), p.dbl());  // mdbl-2008-s-1
  X s = xp;
  s.sub_affine(qa);
  EXPECT_EQ(s.to_jacobian(), p - q);
  EXPECT_EQ((-xp).to_jacobian(), -p);
  EXPECT_TRUE((xp + qa).to_affine().is_on_curve());
}

TYPED_TEST(XyzzTest, DegenerateCases) {
  using G = TypeParam;
  using X = Xyzz<typename G::CurveConfig>;
  using A = typename G::AffineT;
  std::mt19937_64 rng(6);
  const G p = G::generator().mul_limbs(ff::Limbs<1>{rng()});
  const X xp = X::from_jacobian(p);
  const A pa = p.to_affine();

  EXPECT_EQ((xp + pa).to_jacobian(), p.dbl());  // madd falls back to doubling
  EXPECT_EQ((xp + xp).to_jacobian(), p.dbl());  // add falls back to doubling
  EXPECT_TRUE((xp + (-pa)).is_identity());      // opposite points
  EXPECT_TRUE((xp + (-xp)).is_identity());
  EXPECT_EQ((X::identity() + pa).to_jacobian(), p);
  EXPECT_EQ((xp + A::identity()).to_jacobian(), p);
  EXPECT_EQ((X::identity() + xp).to_jacobian(), p);
  EXPECT_EQ((xp + X::identity()).to_jacobian(), p);
  EXPECT_TRUE(X::identity().dbl().is_identity());
  EXPECT_TRUE(X::identity().to_jacobian().is_identity());
  EXPECT_TRUE(X::identity().to_affine().is_identity());
  EXPECT_TRUE(X::from_affine(A::identity()).is_identity());
  EXPECT_TRUE(X::from_jacobian(G::identity()).is_identity());
  // Equality is projective: the same point with different Z compares equal.
  EXPECT_EQ(X::from_affine(pa), xp);
  EXPECT_FALSE(X::from_affine(pa) == xp.dbl());
}

}  // namespace
}  // namespace cuzk::curve
