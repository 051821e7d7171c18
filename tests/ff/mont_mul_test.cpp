// Bit-identity of every arithmetic kernel with the portable constexpr code, for Fp and Fr.
//
// Each kernel (portable, x86 mulq, x86 mulx/adx multiplication and squaring when this CPU has
// BMI2 + ADX, x86 add/sub) is called explicitly on random operands and on edge values: 0, 1, 2,
// p-1, p-2, R mod p, R^2 mod p, (p-1)/2, values whose lower limbs are all ones, a lone top bit;
// on operand pairs built so that the product lands exactly on each edge value; and on sums
// landing on p-1, p and p+1. (A product cannot reach exactly p before the final subtraction for
// inputs < p: that would need a*b = 0 mod p, whose CIOS value is 0.) The portable multiplication
// itself is checked against a schoolbook oracle (a*b == mont_mul(a, b) * R mod p, by long
// division), and at compile time. The divsteps inverse is compared with Fermat's x^(p-2).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff/fp.hpp"
#include "ff/fr.hpp"

namespace cuzk::ff {
namespace {

template <class F>
using Repr = typename F::Repr;

// x mod p for a 2N-limb x, bit by bit (the oracle: slow and obviously right).
template <class F>
Repr<F> mod_p_oracle(const Limbs<2 * F::kLimbs>& x) {
  Repr<F> r{};
  for (size_t i = 64 * 2 * F::kLimbs; i-- > 0;) {
    Repr<F> d{};
    limbs_add(d, r, r);  // r < p < 2^(64N - 1): no carry
    d[0] |= uint64_t(limbs_bit(x, i));
    Repr<F> s{};
    r = limbs_sub(s, d, F::kModulus) ? d : s;
  }
  return r;
}

template <class F>
Repr<F> repr_minus(uint64_t k) {  // p - k
  Repr<F> r{};
  limbs_sub(r, F::kModulus, limbs_from_u64<F::kLimbs>(k));
  return r;
}

// Edge values, as raw Montgomery representations (all < p).
template <class F>
std::vector<Repr<F>> edge_values() {
  constexpr size_t N = F::kLimbs;
  std::vector<Repr<F>> v = {limbs_from_u64<N>(0),
                            limbs_from_u64<N>(1),
                            limbs_from_u64<N>(2),
                            repr_minus<F>(1),
                            repr_minus<F>(2),
                            F::kR,
                            F::kR2,
                            F::kPMinus1Over2};
  // Lower limbs all ones, top limb the largest that keeps the value below p.
  for (size_t ones = 1; ones < N; ++ones) {
    Repr<F> x{};
    for (size_t i = 0; i < ones; ++i) x[i] = ~uint64_t(0);
    x[N - 1] = F::kModulus[N - 1] - 1;
    v.push_back(x);
  }
  // Single high bits.
  Repr<F> top{};
  top[N - 1] = uint64_t(1) << (limbs_bit_length(F::kModulus) % 64 - 1);
  v.push_back(top);
  return v;
}

template <class F>
class MontKernelTest : public ::testing::Test {
 protected:
  using R = Repr<F>;
  std::mt19937_64 rng{0x5eed};

  R random_repr() { return F::random(rng).montgomery(); }

  // (a, b) pairs: random, edge x edge, edge x random, and pairs whose product is each edge value.
  std::vector<std::pair<R, R>> operand_pairs(int n_random) {
    std::vector<std::pair<R, R>> pairs;
    const auto edges = edge_values<F>();
    for (const R& x : edges)
      for (const R& y : edges) pairs.emplace_back(x, y);
    for (const R& x : edges)
      for (int i = 0; i < 16; ++i) pairs.emplace_back(x, random_repr());
    for (const R& target : edges) {
      for (int i = 0; i < 8; ++i) {
        F a = F::random(rng);
        if (a.is_zero()) continue;
        F b = F::from_montgomery(target) * a.inverse();  // a * b has representation `target`
        pairs.emplace_back(a.montgomery(), b.montgomery());
      }
    }
    for (int i = 0; i < n_random; ++i) pairs.emplace_back(random_repr(), random_repr());
    return pairs;
  }
};

using KernelFields = ::testing::Types<Fp, Fr>;
TYPED_TEST_SUITE(MontKernelTest, KernelFields);

TYPED_TEST(MontKernelTest, PortableMatchesOracle) {
  using F = TypeParam;
  constexpr size_t N = F::kLimbs;
  for (const auto& [a, b] : this->operand_pairs(200)) {
    Repr<F> r = F::mont_mul_portable(a, b);
    ASSERT_FALSE(limbs_geq(r, F::kModulus));
    Limbs<2 * N> r_shifted{};  // r * 2^(64N)
    for (size_t i = 0; i < N; ++i) r_shifted[N + i] = r[i];
    EXPECT_EQ(mod_p_oracle<F>(limbs_mul(a, b)), mod_p_oracle<F>(r_shifted));
  }
}

TYPED_TEST(MontKernelTest, ConstexprMatchesRuntime) {
  using F = TypeParam;
  constexpr Repr<F> a = F::kR2, b = F::kPMinus1Over2;
  constexpr Repr<F> ct = F::mont_mul(a, b);  // compile-time path
  Repr<F> a_rt = a, b_rt = b;
  EXPECT_EQ(ct, F::mont_mul(a_rt, b_rt));
}

TYPED_TEST(MontKernelTest, DivstepsInverseMatchesFermat) {
  using F = TypeParam;
  constexpr size_t N = F::kLimbs;
  std::vector<Repr<F>> inputs = edge_values<F>();
  for (int i = 0; i < 2000; ++i) inputs.push_back(this->random_repr());
  const Repr<F> p_minus_2 = repr_minus<F>(2);
  for (const Repr<F>& x : inputs) {
    const F a = F::from_montgomery(x);
    ASSERT_EQ(a.inverse(), a.pow(p_minus_2));
    if (a.is_zero()) continue;
    // The integer inverse itself: x * x^-1 = 1 (mod p).
    const Repr<F> y = modular_inverse_vartime<F>(x);
    ASSERT_FALSE(limbs_geq(y, F::kModulus));
    EXPECT_EQ(mod_p_oracle<F>(limbs_mul(x, y)), limbs_from_u64<N>(1));
  }
  EXPECT_TRUE(F::zero().inverse().is_zero());
}

#ifdef CUZK_FF_X86_ASM
TYPED_TEST(MontKernelTest, X86MulKernelsMatchPortable) {
  using F = TypeParam;
  const bool adx = x86::cpu_has_bmi2_adx();
  if (!adx) std::printf("note: no BMI2/ADX on this CPU, mulx kernels skipped\n");
  for (const auto& [a, b] : this->operand_pairs(20000)) {
    const Repr<F> expect = F::mont_mul_portable(a, b);
    ASSERT_EQ(x86::mont_mul_mulq<F>(a, b), expect) << "mulq";
    if (adx) {
      ASSERT_EQ(x86::mont_mul_mulx<F>(a, b), expect) << "mulx";
    }
  }
}

TYPED_TEST(MontKernelTest, X86SqrKernelMatchesPortable) {
  using F = TypeParam;
  if (!x86::cpu_has_bmi2_adx()) GTEST_SKIP() << "no BMI2/ADX on this CPU";
  std::vector<Repr<F>> inputs = edge_values<F>();
  for (const Repr<F>& target : edge_values<F>()) {  // squares landing on each edge value
    if (auto s = F::from_montgomery(target).sqrt()) inputs.push_back(s->montgomery());
  }
  for (int i = 0; i < 20000; ++i) inputs.push_back(this->random_repr());
  for (const Repr<F>& a : inputs) {
    ASSERT_EQ(x86::mont_sqr_mulx<F>(a), F::mont_mul_portable(a, a));
  }
}

TYPED_TEST(MontKernelTest, X86AddSubMatchReference) {
  using F = TypeParam;
  auto pairs = this->operand_pairs(20000);
  for (const Repr<F>& a : edge_values<F>()) {  // sums landing on p - 1, p, p + 1
    for (uint64_t k : {0, 1, 2}) {
      Repr<F> b{};
      limbs_sub(b, repr_minus<F>(k), a);  // a + b = p - k (mod 2^64N)
      if (!limbs_geq(b, F::kModulus)) pairs.emplace_back(a, b);
    }
    pairs.emplace_back(a, a);  // difference 0
  }
  for (const auto& [a, b] : pairs) {
    Repr<F> sum{}, reduced{};
    limbs_add(sum, a, b);
    Repr<F> expect_add = limbs_sub(reduced, sum, F::kModulus) ? sum : reduced;
    ASSERT_EQ(x86::mod_add<F>(a, b), expect_add);
    Repr<F> diff{};
    if (limbs_sub(diff, a, b)) limbs_add(diff, diff, F::kModulus);
    ASSERT_EQ(x86::mod_sub<F>(a, b), diff);
  }
}

TYPED_TEST(MontKernelTest, X86KernelsAllowAliasing) {
  using F = TypeParam;
  for (int i = 0; i < 100; ++i) {
    Repr<F> a = this->random_repr(), b = this->random_repr();
    const Repr<F> expect = F::mont_mul_portable(a, b);
    Repr<F> x = a;
    x = x86::mont_mul_mulq<F>(x, b);
    EXPECT_EQ(x, expect);
    if (x86::cpu_has_bmi2_adx()) {
      x = a;
      x = x86::mont_mul_mulx<F>(x, b);
      EXPECT_EQ(x, expect);
      x = b;
      x = x86::mont_mul_mulx<F>(a, x);
      EXPECT_EQ(x, expect);
      x = a;
      x = x86::mont_sqr_mulx<F>(x);
      EXPECT_EQ(x, F::mont_mul_portable(a, a));
    }
  }
}
#endif

}  // namespace
}  // namespace cuzk::ff
