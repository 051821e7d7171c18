// The FP64-limb Montgomery multiplication (src/gpu/mont52.hpp) on the host: its columns, digits,
// short last digit and conversions run with Fp64Host (the FP64 steps' bit patterns from exact
// integer products) and are compared bit for bit with the CPU field, for Fp and Fr, on edge and
// random operands. The FP64 identities themselves are the device tests' part.
#include <gtest/gtest.h>

#include <vector>

#include "gpu/carry_chain_host.hpp"
#include "gpu/field_storage.hpp"
#include "gpu/mont52.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

template <class Config>
class Mont52HostTest : public ::testing::Test {
 protected:
  using Cpu = ff::MontField<Config>;
  using Params = Mont32Params<Config>;
  using Emu = Mont32<Config, HostCarryChain, mont52::Products<mont52::Fp64Host>>;
  static Emu emu(const Cpu& x) { return Emu::load(to_storage(x)); }
  static Cpu cpu(const Emu& x) { return from_storage(x.store()); }
};
using Configs = ::testing::Types<ff::FpConfig, ff::FrConfig>;
TYPED_TEST_SUITE(Mont52HostTest, Configs);

TYPED_TEST(Mont52HostTest, LayoutCoversTheRadix) {
  using Lay = mont52::Layout<typename TestFixture::Params>;
  EXPECT_EQ(Lay::kRadixBits, 64 * TypeParam::kLimbs);
  EXPECT_EQ(52 * (Lay::kLimbs - 1) + Lay::kLastBits, Lay::kRadixBits);
  // p's limbs put back together are p.
  const auto words = TestFixture::Params::kModulus;
  for (size_t w = 0; w < Lay::kWords; ++w) {
    uint64_t v = 0;
    for (size_t m = 0; m < Lay::kLimbs; ++m) {
      const int shift = int(52 * m) - int(32 * w);
      if (shift >= 64 || shift <= -52) continue;
      v |= shift >= 0 ? Lay::kModulus.v[m] << shift : Lay::kModulus.v[m] >> -shift;
    }
    EXPECT_EQ(uint32_t(v), words.w[w]) << "word " << w;
  }
}

TYPED_TEST(Mont52HostTest, ProductsMatchCpuBitForBit) {
  using Cpu = typename TestFixture::Cpu;
  std::vector<Cpu> a, b;
  testing::make_operands<Cpu>(3000, 52, a, b);
  for (size_t i = 0; i < a.size(); ++i) {
    const auto x = this->emu(a[i]), y = this->emu(b[i]);
    ASSERT_EQ(this->cpu(x * y), a[i] * b[i]) << "mul, case " << i;
    ASSERT_EQ(this->cpu(x.square()), a[i].square()) << "square, case " << i;
  }
}

// a·b + c·d under one reduction, the operands crossed so that every pair of edge values meets.
TYPED_TEST(Mont52HostTest, MulSumMatchesTwoProducts) {
  using Cpu = typename TestFixture::Cpu;
  using Emu = typename TestFixture::Emu;
  std::vector<Cpu> a, b;
  testing::make_operands<Cpu>(2000, 53, a, b);
  const size_t n = a.size();
  for (size_t i = 0; i < n; ++i) {
    const size_t j = (i * 7 + 3) % n;
    const Emu r = Emu::mul_sum(this->emu(a[i]), this->emu(b[i]), this->emu(b[j]), this->emu(a[j]));
    ASSERT_EQ(this->cpu(r), a[i] * b[i] + b[j] * a[j]) << "case " << i;
  }
}

}  // namespace
}  // namespace cuzk::gpu
