// The GPU field's limb algorithms (src/gpu/arith/mont32.hpp) run on the host through
// HostCarryChain, an emulation of the PTX carry flag, and are compared bit for bit with the CPU
// field — so the arithmetic the device executes is checked on any machine, GPU or not (inversion
// and the way out of Montgomery form included), and the multiply-adds each operation issues (its
// cost on the device's multiply pipe). Also holds the CPU and GPU memory layouts equal
// (one constant source, memcpy-compatible Montgomery representation).
#include <gtest/gtest.h>

#include <cstring>
#include <type_traits>
#include <vector>

#include "gpu/arith/carry_chain_host.hpp"
#include "gpu/arith/ext2.hpp"
#include "gpu/arith/field_storage.hpp"
#include "gpu/arith/mont32.hpp"
#include "gpu/arith/xyzz.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

// The limbs a GPU field value holds in registers (Mont32::held), as the CPU's 64-bit limbs.
template <class Cpu, class Emu>
typename Cpu::Repr held_limbs(const Emu& x) {
  const auto s = x.held();
  typename Cpu::Repr r;
  std::memcpy(r.data(), s.limbs, sizeof(s.limbs));
  return r;
}

template <class Config>
class Mont32HostTest : public ::testing::Test {
 protected:
  using Cpu = ff::MontField<Config>;
  using Emu = Mont32<Config, HostCarryChain>;
  static Emu emu(const Cpu& x) { return Emu::load(to_storage(x)); }
  static Cpu cpu(const Emu& x) { return from_storage(x.store()); }
  using Repr = typename Cpu::Repr;
  static Repr held(const Emu& x) { return held_limbs<Cpu>(x); }
  static Repr modulus_times(uint64_t k) {
    Repr r{};
    for (uint64_t i = 0; i < k; ++i) ff::limbs_add(r, r, Cpu::kModulus);
    return r;
  }
  // x's Montgomery limbs plus p (the same residue, as a lazily reduced field may hold it).
  static Emu plus_p(const Cpu& x) {
    Repr r;
    ff::limbs_add(r, x.montgomery(), Cpu::kModulus);
    FieldStorage<Config> s;
    std::memcpy(s.limbs, r.data(), sizeof(s.limbs));
    return Emu::load(s);
  }
};
using Configs = ::testing::Types<ff::FpConfig, ff::FrConfig>;
TYPED_TEST_SUITE(Mont32HostTest, Configs);

TYPED_TEST(Mont32HostTest, ConstantsMatchCpu) {
  using Cpu = typename TestFixture::Cpu;
  using Emu = typename TestFixture::Emu;
  using P = typename Emu::Params;
  EXPECT_EQ(to_storage(Cpu::one()).limbs[0], P::kR.w[0]);
  EXPECT_EQ(this->cpu(Emu::one()), Cpu::one());
  EXPECT_EQ(this->cpu(Emu::zero()), Cpu::zero());
  EXPECT_EQ(P::kModulus, P::split(Cpu::kModulus));
  EXPECT_TRUE(Emu::zero().is_zero());
  EXPECT_FALSE(Emu::one().is_zero());
}

TYPED_TEST(Mont32HostTest, ArithmeticMatchesCpuBitForBit) {
  using Cpu = typename TestFixture::Cpu;
  std::vector<Cpu> a, b;
  testing::make_operands<Cpu>(2000, 42, a, b);
  for (size_t i = 0; i < a.size(); ++i) {
    auto x = this->emu(a[i]), y = this->emu(b[i]);
    ASSERT_EQ(this->cpu(x * y), a[i] * b[i]) << "mul, case " << i;
    ASSERT_EQ(this->cpu(x.square()), a[i].square()) << "square, case " << i;
    ASSERT_EQ(this->cpu(x + y), a[i] + b[i]) << "add, case " << i;
    ASSERT_EQ(this->cpu(x - y), a[i] - b[i]) << "sub, case " << i;
    ASSERT_EQ(this->cpu(-x), -a[i]) << "neg, case " << i;
    ASSERT_EQ(this->cpu(x.dbl()), a[i].dbl()) << "dbl, case " << i;
    ASSERT_EQ(x == y, a[i] == b[i]) << "eq, case " << i;
  }
}

// The fused a·b + c·d (one reduction for two products) over all pairs of edge values (p - 1 and
// friends push the pre-reduction sum to its bound) and random ones, with the operands crossed so
// that every combination of edge values appears in each position.
TYPED_TEST(Mont32HostTest, MulSumMatchesTwoProducts) {
  using Cpu = typename TestFixture::Cpu;
  using Emu = typename TestFixture::Emu;
  std::vector<Cpu> a, b;
  testing::make_operands<Cpu>(2000, 11, a, b);
  const size_t n = a.size();
  for (size_t i = 0; i < n; ++i) {
    const size_t j = (i * 7 + 3) % n;
    const Emu r = Emu::mul_sum(this->emu(a[i]), this->emu(b[i]), this->emu(b[j]), this->emu(a[j]));
    const Cpu want = a[i] * b[i] + b[j] * a[j];
    ASSERT_EQ(this->cpu(r), want) << "case " << i;
    ASSERT_FALSE(ff::limbs_geq(this->cpu(r).montgomery(), Cpu::kModulus)) << "case " << i;
  }
}

// Results are held below kBound·p (2p where the field is reduced lazily: Fp) and stored below p,
// for inputs anywhere in that range.
TYPED_TEST(Mont32HostTest, ResultsStayWithinTheirBound) {
  using Cpu = typename TestFixture::Cpu;
  using Emu = typename TestFixture::Emu;
  using P = typename Emu::Params;
  EXPECT_EQ(P::kLazy, (CUZK_GPU_LAZY_REDUCTION != 0 && std::is_same_v<TypeParam, ff::FpConfig>))
      << "Fp lazily, Fr fully reduced";
  const typename Cpu::Repr bound = this->modulus_times(mont32::kBound<P>);
  std::vector<Cpu> a, b;
  testing::make_operands<Cpu>(200, 7, a, b);
  for (size_t i = 0; i < a.size(); ++i) {
    Emu x = this->emu(a[i]), y = this->emu(b[i]);
    for (int round = 0; round < 2; ++round) {
      for (const Emu& r :
           {x * y, x.square(), x + y, x - y, -x, x.dbl(), Emu::mul_sum(x, y, y, x)}) {
        ASSERT_FALSE(ff::limbs_geq(this->held(r), bound)) << "case " << i;
        ASSERT_FALSE(ff::limbs_geq(this->cpu(r).montgomery(), Cpu::kModulus)) << "case " << i;
      }
      x = x * y + x;  // results as the next round's inputs: held, not stored
      y = -(y * y) - x;
    }
  }
}

// A lazily reduced field takes values in [p, 2p) as inputs: the results (stored) and comparisons
// equal the CPU's on the same residues, at the edges (p - 1 + p is the largest input) and at
// random.
TYPED_TEST(Mont32HostTest, InputsBelowTwicePAreTheirResidues) {
  using Cpu = typename TestFixture::Cpu;
  using Emu = typename TestFixture::Emu;
  if constexpr (!Emu::Params::kLazy) {
    GTEST_SKIP() << "field reduced fully: inputs are below p";
  } else {
    std::vector<Cpu> a, b;
    testing::make_operands<Cpu>(400, 19, a, b);
    for (size_t i = 0; i < a.size(); ++i) {
      const Emu x = this->plus_p(a[i]), y = this->plus_p(b[i]), z = this->emu(b[i]);
      ASSERT_EQ(this->cpu(x * y), a[i] * b[i]) << "mul, case " << i;
      ASSERT_EQ(this->cpu(x.square()), a[i].square()) << "square, case " << i;
      ASSERT_EQ(this->cpu(x + y), a[i] + b[i]) << "add, case " << i;
      ASSERT_EQ(this->cpu(x - y), a[i] - b[i]) << "sub, case " << i;
      ASSERT_EQ(this->cpu(-x), -a[i]) << "neg, case " << i;
      ASSERT_EQ(this->cpu(Emu::mul_sum(x, y, y, x)), a[i] * b[i] + b[i] * a[i]) << "case " << i;
      const Emu xs[4] = {x, y, x, y}, ys[4] = {y, y, x, x};  // the sum of four: one subtraction
      const Emu four = Emu::sum_of_products(xs, ys);
      ASSERT_EQ(this->cpu(four), a[i] * b[i] + b[i] * b[i] + a[i] * a[i] + b[i] * a[i]) << i;
      ASSERT_FALSE(ff::limbs_geq(this->held(four), this->modulus_times(2))) << "case " << i;
      ASSERT_EQ(this->cpu(x.inverse()), a[i].inverse()) << "inverse, case " << i;
      ASSERT_TRUE(y == z) << "eq, case " << i;
      ASSERT_EQ(x == z, a[i] == b[i]) << "eq, case " << i;
      ASSERT_EQ(x.is_zero(), a[i] == Cpu::zero()) << "is_zero, case " << i;
    }
  }
}

// Fp with lazy reduction off (G2's coordinates on the device: fields.cuh) keeps every result below
// p, and agrees with the CPU field.
TEST(Mont32FullyReducedFpTest, MatchesCpuBelowP) {
  using Cpu = ff::Fp;
  using Emu = Mont32<ff::FpConfig, HostCarryChain, Reduction::kFull>;
  static_assert(!Emu::Params::kLazy && Mont32<ff::FpConfig, HostCarryChain>::Params::kLazy);
  const auto emu = [](const Cpu& x) { return Emu::load(to_storage(x)); };
  std::vector<Cpu> a, b;
  testing::make_operands<Cpu>(300, 23, a, b);
  for (size_t i = 0; i < a.size(); ++i) {
    const Emu x = emu(a[i]), y = emu(b[i]);
    const Emu xs[4] = {x, y, x, y}, ys[4] = {y, y, x, x};
    const std::pair<Emu, Cpu> cases[] = {
        {x * y, a[i] * b[i]},
        {x.square(), a[i].square()},
        {x + y, a[i] + b[i]},
        {x - y, a[i] - b[i]},
        {-x, -a[i]},
        {Emu::sum_of_products(xs, ys), a[i] * b[i] + b[i] * b[i] + a[i] * a[i] + b[i] * a[i]}};
    for (const auto& [got, want] : cases) {
      ASSERT_EQ(from_storage(got.store()), want) << "case " << i;
      ASSERT_FALSE(ff::limbs_geq(held_limbs<Cpu>(got), Cpu::kModulus)) << "case " << i;
    }
  }
}

// Fr held below 2r (Reduction::kLazy, the NTT's FrNttDevice): 4r > R, so its sums carry past
// 2^256 and only products by a value below r skip the final subtraction. Every operation the NTT
// uses, on inputs anywhere below 2r (p - 1 + p, the largest, makes the sums carry), equals the
// CPU's on the same residues and is held below 2r.
class Mont32LazyFrTest : public Mont32HostTest<ff::FrConfig> {
 protected:
  using Lazy = Mont32<ff::FrConfig, HostCarryChain, Reduction::kLazy>;
  static Lazy lazy(const Emu& x) { return Lazy::load(x.held()); }
  static Cpu cpu(const Lazy& x) { return from_storage(x.store()); }
};

TEST_F(Mont32LazyFrTest, HeldBelowTwiceRAndEqualToCpu) {
  static_assert(Lazy::Params::kLazy == (CUZK_GPU_LAZY_REDUCTION != 0));
  static_assert(mont32::kSumsCarryOut<Lazy::Params> == Lazy::Params::kLazy);
  const Repr bound = modulus_times(mont32::kBound<Lazy::Params>);
  std::vector<Cpu> a, b;
  testing::make_operands<Cpu>(600, 29, a, b);
  for (size_t i = 0; i < a.size(); ++i) {
    const Lazy z = lazy(emu(b[i]));  // below r: a twiddle
    for (const Lazy& x : {lazy(emu(a[i])), lazy(plus_p(a[i]))}) {
      for (const Lazy& y : {z, lazy(plus_p(b[i]))}) {
        const std::pair<Lazy, Cpu> cases[] = {
            {x * y, a[i] * b[i]},
            {x.times_reduced(z), a[i] * b[i]},
            {x + y, a[i] + b[i]},
            {x - y, a[i] - b[i]},
            {-x, -a[i]},
            {x.dbl(), a[i].dbl()},
            {x.square(), a[i].square()},
            {(x + y).times_reduced(z), (a[i] + b[i]) * b[i]},
            {x.inverse(), a[i].inverse()},
            {x.times_reduced(z) - y * x, a[i] * b[i] - b[i] * a[i]}};
        for (size_t k = 0; k < std::size(cases); ++k) {
          const auto& [got, want] = cases[k];
          ASSERT_EQ(cpu(got), want) << "case " << i << ", operation " << k;
          ASSERT_FALSE(ff::limbs_geq(held_limbs<Cpu>(got), bound)) << "case " << i << ", " << k;
        }
        ASSERT_EQ(x == y, a[i] == b[i]) << "eq, case " << i;
        ASSERT_EQ(x.is_zero(), a[i] == Cpu::zero()) << "is_zero, case " << i;
      }
    }
  }
}

// Fermat inversion (0 -> 0) and the way out of Montgomery form, against the CPU field.
TYPED_TEST(Mont32HostTest, InverseAndCanonicalMatchCpu) {
  using Cpu = typename TestFixture::Cpu;
  std::vector<Cpu> xs = testing::edge_values<Cpu>();
  const std::vector<Cpu> r = testing::random_values<Cpu>(8, 5);
  xs.insert(xs.end(), r.begin(), r.end());
  for (size_t i = 0; i < xs.size(); ++i) {
    const auto x = this->emu(xs[i]);
    ASSERT_EQ(this->cpu(x.inverse()), xs[i].inverse()) << "inverse, case " << i;
    const auto canonical = x.to_canonical();
    typename Cpu::Repr want = xs[i].to_canonical();
    ASSERT_EQ(0, std::memcmp(canonical.limbs, want.data(), sizeof(want)))
        << "canonical, case " << i;
  }
}

TYPED_TEST(Mont32HostTest, LayoutIsMemcpyCompatible) {
  using Cpu = typename TestFixture::Cpu;
  using Storage = FieldStorage<TypeParam>;
  std::vector<Cpu> xs = testing::edge_values<Cpu>();
  std::vector<Storage> dev(xs.size());
  std::memcpy(dev.data(), xs.data(), xs.size() * sizeof(Cpu));
  std::vector<Cpu> back(xs.size());
  std::memcpy(static_cast<void*>(back.data()), dev.data(), dev.size() * sizeof(Storage));
  for (size_t i = 0; i < xs.size(); ++i) {
    EXPECT_EQ(dev[i], to_storage(xs[i]));
    EXPECT_EQ(back[i], xs[i]);
    // 32-bit limb 2k is the low half of 64-bit limb k.
    EXPECT_EQ(dev[i].limbs[2], uint32_t(xs[i].montgomery()[1]));
    EXPECT_EQ(dev[i].limbs[3], uint32_t(xs[i].montgomery()[1] >> 32));
  }
}

// The multiply-adds an operation issues (what the GPU's integer multiply pipe, which bounds every
// kernel, executes), counted through the emulated chain: the cost model of mont32_rows.hpp and
// ext2.hpp. Not counted: the one plain product per reduction row that makes m.
struct CountingChain : HostCarryChain {
  static inline int multiplies = 0;
  uint32_t mad_lo_cc(uint32_t a, uint32_t b, uint32_t c) {
    return ++multiplies, HostCarryChain::mad_lo_cc(a, b, c);
  }
  uint32_t madc_lo_cc(uint32_t a, uint32_t b, uint32_t c) {
    return ++multiplies, HostCarryChain::madc_lo_cc(a, b, c);
  }
  uint32_t madc_hi_cc(uint32_t a, uint32_t b, uint32_t c) {
    return ++multiplies, HostCarryChain::madc_hi_cc(a, b, c);
  }
  uint32_t mul_lo(uint32_t a, uint32_t b) const {
    return ++multiplies, HostCarryChain::mul_lo(a, b);
  }
  uint32_t mul_hi(uint32_t a, uint32_t b) const {
    return ++multiplies, HostCarryChain::mul_hi(a, b);
  }
};

template <class F, class Op>
int multiplies_of(Op op) {
  const F x = F::one() + F::one(), y = x + F::one();
  CountingChain::multiplies = 0;
  const F r = op(x, y);
  EXPECT_FALSE(r.is_zero());
  return CountingChain::multiplies;
}

TEST(Mont32CostTest, MultiplyAddsPerOperation) {
  using Fp = Mont32<ff::FpConfig, CountingChain>;
  using Fr = Mont32<ff::FrConfig, CountingChain>;
  const auto mul = [](const auto& a, const auto& b) { return a * b; };
  // a·b + b·a through xyzz.hpp's mul_sum (the field's fused form where it has one).
  const auto sum_of_two = [](const auto& a, const auto& b) { return gpu::mul_sum(a, b, b, a); };
  // 4N² (Fp N = 12); Fr's reduction rows save 4 each on its modulus (reduce_row).
  EXPECT_EQ(multiplies_of<Fp>(mul), 576);
  EXPECT_EQ(multiplies_of<Fr>(mul), 224);
  // The NTT's lazy Fr: the same rows; its product by a reduced twiddle drops a subtraction only.
  using FrLazy = Mont32<ff::FrConfig, CountingChain, Reduction::kLazy>;
  EXPECT_EQ(multiplies_of<FrLazy>([](const auto& a, const auto& b) { return a.times_reduced(b); }),
            224);
  // a·b + c·d: two products' rows, one reduction.
  EXPECT_EQ(multiplies_of<Fp>(sum_of_two), 2 * 288 + 288);
  // Fp2: a product two sums of two Fp products (Karatsuba's count, 3 × 576); a·b + c·d two sums
  // of four products (not 6 × 576).
  EXPECT_EQ(multiplies_of<Ext2<Fp>>(mul), 2 * (2 * 288 + 288));
  EXPECT_EQ(multiplies_of<Ext2<Fp>>(sum_of_two), 2 * (4 * 288 + 288));
}

}  // namespace
}  // namespace cuzk::gpu
