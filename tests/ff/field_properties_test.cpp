// Property tests for every field of the tower (typed tests: one body, each field type): ring
// axioms, inverses, square roots, Frobenius, and the Fr constants the NTT relies on.
#include <gtest/gtest.h>

#include <random>

#include "ff/fp12.hpp"
#include "ff/fr.hpp"

namespace cuzk::ff {
namespace {

template <class F>
class FieldTest : public ::testing::Test {
 protected:
  std::mt19937_64 rng{0xc0ffee};
  F rand() { return F::random(rng); }
};

using FieldTypes = ::testing::Types<Fp, Fr, Fp2, Fp6, Fp12>;
TYPED_TEST_SUITE(FieldTest, FieldTypes);

TYPED_TEST(FieldTest, RingAxioms) {
  using F = TypeParam;
  for (int i = 0; i < 50; ++i) {
    F a = this->rand(), b = this->rand(), c = this->rand();
    EXPECT_EQ(a + b, b + a);
    EXPECT_EQ(a * b, b * a);
    EXPECT_EQ((a + b) + c, a + (b + c));
    EXPECT_EQ((a * b) * c, a * (b * c));
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a - a, F::zero());
    EXPECT_EQ(a + (-a), F::zero());
    EXPECT_EQ(a * F::one(), a);
    EXPECT_EQ(a * F::zero(), F::zero());
    EXPECT_EQ(a.square(), a * a);
    EXPECT_EQ(a.dbl(), a + a);
    EXPECT_EQ((a - b) + b, a);
  }
}

TYPED_TEST(FieldTest, Inverse) {
  using F = TypeParam;
  EXPECT_TRUE(F::zero().inverse().is_zero());
  EXPECT_EQ(F::one().inverse(), F::one());
  for (int i = 0; i < 20; ++i) {
    F a = this->rand();
    EXPECT_EQ(a * a.inverse(), F::one());
  }
}

TYPED_TEST(FieldTest, BatchInverseMatchesSingleInverses) {
  using F = TypeParam;
  std::vector<F> xs(17), scratch(17);
  for (auto& x : xs) x = this->rand();
  xs[3] = F::zero();
  std::vector<F> expect = xs;
  for (auto& x : expect) x = x.inverse();
  batch_inverse<F>(xs, scratch);
  EXPECT_EQ(xs, expect);
}

template <class F>
void check_sqrt(std::mt19937_64& rng) {
  int non_residues = 0;
  for (int i = 0; i < 40; ++i) {
    F a = F::random(rng);
    F sq = a.square();
    auto r = sq.sqrt();
    ASSERT_TRUE(r.has_value());
    EXPECT_TRUE(*r == a || *r == -a);
    if (!a.sqrt()) ++non_residues;
  }
  EXPECT_GT(non_residues, 5);  // about half of random elements are non-squares
  EXPECT_EQ(F::zero().sqrt(), std::optional<F>(F::zero()));
}

TEST(FieldSqrt, Fp) {
  std::mt19937_64 rng(1);
  check_sqrt<Fp>(rng);
}
TEST(FieldSqrt, Fr) {
  std::mt19937_64 rng(2);
  check_sqrt<Fr>(rng);
}
TEST(FieldSqrt, Fp2) {
  std::mt19937_64 rng(3);
  check_sqrt<Fp2>(rng);
}

TEST(FieldLegendre, MatchesSqrt) {
  std::mt19937_64 rng(4);
  for (int i = 0; i < 40; ++i) {
    Fp a = Fp::random(rng);
    EXPECT_EQ(a.legendre() == 1, a.sqrt().has_value());
    EXPECT_EQ(a.square().legendre(), 1);
    Fr b = Fr::random(rng);
    EXPECT_EQ(b.legendre() == 1, b.sqrt().has_value());
  }
  EXPECT_EQ(Fp::zero().legendre(), 0);
}

TEST(FieldFrobenius, IsPowerP) {
  std::mt19937_64 rng(5);
  Fp2 a2 = Fp2::random(rng);
  EXPECT_EQ(a2.frobenius(), a2.pow(Fp::kModulus));
  Fp6 a6 = Fp6::random(rng);
  EXPECT_EQ(a6.frobenius(), a6.pow(Fp::kModulus));
  Fp12 a = Fp12::random(rng);
  Fp12 ap = a.pow(Fp::kModulus);
  EXPECT_EQ(a.frobenius(1), ap);
  EXPECT_EQ(a.frobenius(2), ap.pow(Fp::kModulus));
  EXPECT_EQ(a.frobenius(2), a.frobenius(1).frobenius(1));
  EXPECT_EQ(a.frobenius(3), a.frobenius(2).frobenius(1));
  EXPECT_EQ(a.frobenius(6), a.conjugate());
  EXPECT_EQ(a.frobenius(12), a);
}

TEST(FieldFp12, SparseAndCyclotomicForms) {
  std::mt19937_64 rng(6);
  Fp12 a = Fp12::random(rng);
  Fp2 x0 = Fp2::random(rng), x1 = Fp2::random(rng), x3 = Fp2::random(rng), x4 = Fp2::random(rng);
  Fp12 s014{{x0, x1, Fp2::zero()}, {Fp2::zero(), x4, Fp2::zero()}};
  EXPECT_EQ(a.mul_by_014(x0, x1, x4), a * s014);
  Fp12 s034{{x0, Fp2::zero(), Fp2::zero()}, {x3, x4, Fp2::zero()}};
  EXPECT_EQ(a.mul_by_034(x0, x3, x4), a * s034);
  // Easy part of the final exponentiation lands in the cyclotomic subgroup.
  Fp12 f = a.conjugate() * a.inverse();
  f = f.frobenius(2) * f;
  EXPECT_EQ(f.cyclotomic_square(), f.square());
  EXPECT_EQ(f * f.conjugate(), Fp12::one());
}

TEST(FieldFr, RootOfUnityAndGenerator) {
  const Fr& w = fr_root_of_unity();
  Fr x = w;
  for (unsigned i = 0; i < kFrTwoAdicity - 1; ++i) x = x.square();
  EXPECT_EQ(x, -Fr::one());  // w^(2^31) = -1: primitive 2^32-th root
  EXPECT_EQ(x.square(), Fr::one());
  EXPECT_EQ(fr_generator().legendre(), -1);  // 7 is a non-residue (a generator is)
}

TEST(FieldEncoding, RoundTripsAndRejectsNonCanonical) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20; ++i) {
    Fp a = Fp::random(rng);
    EXPECT_EQ(Fp::from_bytes_be(a.to_bytes_be()), a);
    Fr b = Fr::random(rng);
    EXPECT_EQ(Fr::from_bytes_le(b.to_bytes_le()), b);
  }
  std::array<uint8_t, 48> p_be{};
  for (size_t i = 0; i < 48; ++i) p_be[47 - i] = uint8_t(Fp::kModulus[i / 8] >> (8 * (i % 8)));
  EXPECT_FALSE(Fp::from_bytes_be(p_be).has_value());
  std::array<uint8_t, 32> ones;
  ones.fill(0xff);
  EXPECT_FALSE(Fr::from_bytes_le(ones).has_value());
  EXPECT_EQ(Fr::from_u64(5).to_bytes_le()[0], 5);
}

}  // namespace
}  // namespace cuzk::ff
