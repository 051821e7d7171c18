// The device Fp2 (src/gpu/arith/ext2.hpp over the GPU limb code, run here through the emulated
// carry chain) against the CPU ff::Fp2, bit for bit: edge pairs of Fp values as both coordinates
// and random elements, a·b + c·d under shared reductions, and the inversion. Also the memory layout
// shared with the CPU (Fp2Storage == ff::Fp2's bytes).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gpu/arith/carry_chain_host.hpp"
#include "gpu/arith/ext2.hpp"
#include "gpu/arith/field_storage.hpp"
#include "gpu/arith/mont32.hpp"
#include "gpu/arith/xyzz.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

using ff::Fp2;
using Emu = Ext2<Mont32<ff::FpConfig, HostCarryChain>>;

Emu emu(const Fp2& x) {
  return Emu::load(to_storage(x));
}
Fp2 cpu(const Emu& x) {
  return from_storage(x.store());
}

TEST(Ext2HostTest, ConstantsAndLayout) {
  EXPECT_EQ(cpu(Emu::zero()), Fp2::zero());
  EXPECT_EQ(cpu(Emu::one()), Fp2::one());
  EXPECT_TRUE(Emu::zero().is_zero());
  EXPECT_FALSE(Emu::one().is_zero());
  std::mt19937_64 rng(3);
  const Fp2 x = Fp2::random(rng);
  Fp2Storage s;
  std::memcpy(&s, &x, sizeof(s));  // the CPU element's bytes are the device layout
  EXPECT_EQ(s, to_storage(x));
  EXPECT_EQ(from_storage(s), x);
}

TEST(Ext2HostTest, ArithmeticMatchesCpuBitForBit) {
  const std::vector<Fp2> v = testing::fp2_values(200, 11);
  // Every value against a stride of others (all pairs would be 48k² emulated multiplications).
  for (size_t i = 0; i < v.size(); ++i) {
    for (size_t j = i % 7; j < v.size(); j += 37) {
      const Fp2 &a = v[i], &b = v[j];
      const Emu x = emu(a), y = emu(b);
      ASSERT_EQ(cpu(x * y), a * b) << "mul " << i << ", " << j;
      ASSERT_EQ(cpu(x + y), a + b) << "add " << i << ", " << j;
      ASSERT_EQ(cpu(x - y), a - b) << "sub " << i << ", " << j;
      ASSERT_EQ(x == y, a == b) << "eq " << i << ", " << j;
    }
    const Emu x = emu(v[i]);
    ASSERT_EQ(cpu(x.square()), v[i].square()) << "square " << i;
    ASSERT_EQ(cpu(-x), -v[i]) << "neg " << i;
    ASSERT_EQ(cpu(x.dbl()), v[i].dbl()) << "dbl " << i;
    ASSERT_EQ(x.is_zero(), v[i].is_zero()) << "is_zero " << i;
  }
}

// a·b + c·d (xyzz.hpp's mul_sum: each coordinate one sum of four Fp products, two of them
// negated) over edge pairs, whose sums push the unreduced accumulators to their bounds; and
// x·x + x·x = 2x².
TEST(Ext2HostTest, MulSumMatchesTwoProducts) {
  const std::vector<Fp2> v = testing::fp2_values(120, 17);
  for (size_t i = 0; i < v.size(); ++i) {
    const size_t j = (i * 7 + 3) % v.size(), k = (i * 13 + 5) % v.size(), l = (i + 1) % v.size();
    const Emu r = Emu::mul_sum(emu(v[i]), emu(v[j]), emu(v[k]), emu(v[l]));
    ASSERT_EQ(cpu(r), v[i] * v[j] + v[k] * v[l]) << "case " << i;
    const Emu x = emu(v[i]);
    ASSERT_EQ(cpu(mul_sum(x, x, x, x)), v[i].square().dbl()) << "case " << i;
  }
}

TEST(Ext2HostTest, InverseMatchesCpu) {
  const std::vector<Fp2> v = testing::fp2_values(8, 13);  // emulated Fermat inversions are slow
  for (size_t i = 0; i < v.size(); ++i) {
    ASSERT_EQ(cpu(emu(v[i]).inverse()), v[i].inverse()) << "inverse " << i;
  }
  EXPECT_TRUE(Emu::zero().inverse().is_zero());
}

}  // namespace
}  // namespace cuzk::gpu
