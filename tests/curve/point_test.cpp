// Group-law tests for G1 and G2 (typed: one body per group): generator on the curve, addition
// forms agree, order r, batch normalisation.
#include <gtest/gtest.h>

#include <random>

#include "curve/g1.hpp"
#include "curve/g2.hpp"

namespace cuzk::curve {
namespace {

template <class G>
class GroupTest : public ::testing::Test {};
using GroupTypes = ::testing::Types<G1, G2>;
TYPED_TEST_SUITE(GroupTest, GroupTypes);

TYPED_TEST(GroupTest, GroupLaw) {
  using G = TypeParam;
  using A = typename G::AffineT;
  std::mt19937_64 rng(11);
  ASSERT_TRUE(A::generator().is_on_curve());
  G g = G::generator();
  G p = g.mul_limbs(ff::Limbs<1>{rng()}), q = g.mul_limbs(ff::Limbs<1>{rng()});
  EXPECT_EQ(p + q, q + p);
  EXPECT_EQ(p + p, p.dbl());
  EXPECT_EQ(p + q.to_affine(), p + q);
  EXPECT_EQ(p + p.to_affine(), p.dbl());
  EXPECT_TRUE((p + (-p).to_affine()).is_identity());
  EXPECT_TRUE((p - p).is_identity());
  EXPECT_EQ((p + q) + g, p + (q + g));
  EXPECT_TRUE((p + q).to_affine().is_on_curve());
  EXPECT_TRUE(g.mul_limbs(ff::Fr::kModulus).is_identity());  // the generator has order r
  EXPECT_EQ(g.mul_limbs(ff::Limbs<1>{3}), g.dbl() + g);

  std::vector<G> pts = {p, G::identity(), q, p + q};
  std::vector<A> aff(pts.size());
  batch_normalize<typename G::CurveConfig>(pts, aff);
  for (size_t i = 0; i < pts.size(); ++i) EXPECT_EQ(G::from_affine(aff[i]), pts[i]);
  EXPECT_TRUE(aff[1].is_identity());
}

}  // namespace
}  // namespace cuzk::curve
