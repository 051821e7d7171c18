// The GPU fixed-base multiplication's per-thread bodies (src/gpu/params/fixed_base_thread.hpp) run
// on the host over the emulated GPU fields, every thread of the two kernels in turn, against the
// CPU groth16::FixedBaseTable::mul_batch: the same affine coordinates bit for bit, for G1 and G2,
// on edge scalars (0, 1, r - 1, single digits, every digit 255) and random ones, with runs that end
// short of their stride. Runs without a GPU.
#include <gtest/gtest.h>

#include <random>
#include <span>
#include <vector>

#include "gpu/arith/carry_chain_host.hpp"
#include "gpu/arith/ext2.hpp"
#include "gpu/arith/mont32.hpp"
#include "gpu/arith/point_storage.hpp"
#include "gpu/params/fixed_base_thread.hpp"
#include "groth16/fixed_base_table.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

using ff::Fr;
using FpEmu = Mont32<ff::FpConfig, HostCarryChain>;
using FrEmu = Mont32<ff::FrConfig, HostCarryChain>;

template <class Param>
class FixedBaseHostTest : public ::testing::Test {
 protected:
  using C = typename Param::Curve;
  using F = typename Param::Field;
  using FS = typename F::Storage;

  // The two kernels, thread by thread: sums, then `runs` normalising threads.
  static std::vector<curve::Affine<C>> gpu_mul(std::span<const AffineStorage<FS>> table,
                                               std::span<const Fr> scalars, size_t runs) {
    const size_t n = scalars.size();
    std::vector<XyzzStorage<FS>> sums(n);
    for (size_t i = 0; i < n; ++i) {
      fixed_base::scalar_times_base<F, FrEmu>(table.data(), to_storage(scalars[i])).store(sums[i]);
    }
    std::vector<AffineStorage<FS>> out(n);
    for (size_t t = 0; t < runs; ++t)
      fixed_base::normalize_run<F>(sums.data(), n, t, runs, out.data());
    std::vector<curve::Affine<C>> points(n);
    for (size_t i = 0; i < n; ++i) points[i] = from_storage(out[i]);
    return points;
  }
};
using FixedBaseCases = ::testing::Types<testing::CurveCase<curve::G1Config, FpEmu>,
                                        testing::CurveCase<curve::G2Config, Ext2<FpEmu>>>;
TYPED_TEST_SUITE(FixedBaseHostTest, FixedBaseCases);

TYPED_TEST(FixedBaseHostTest, MatchesCpuTableBitForBit) {
  using C = typename TestFixture::C;
  using FS = typename TestFixture::FS;
  std::mt19937_64 rng(21);
  // Not the generator: any base works the same way.
  const auto base = curve::Jacobian<C>::generator().mul_limbs(ff::Limbs<1>{rng() | 1});
  const groth16::FixedBaseTable<C> cpu(base);
  ASSERT_EQ(cpu.table().size(), size_t(fixed_base::kTableSize));
  std::vector<AffineStorage<FS>> table(cpu.table().size());
  to_storage_array<C>(cpu.table(), table);

  const std::vector<Fr> scalars = testing::fixed_base_scalars(12, 5);
  std::vector<curve::Affine<C>> want(scalars.size());
  cpu.mul_batch(scalars, want, 1);
  // One run per point, a few runs with a short last round, and a single run over everything.
  for (size_t runs : {scalars.size(), size_t(7), size_t(1)}) {
    const auto got = TestFixture::gpu_mul(table, scalars, runs);
    // Equal flags and equal coordinates, i.e. equal Montgomery limbs (the fields compare those).
    for (size_t i = 0; i < scalars.size(); ++i) {
      ASSERT_TRUE(got[i] == want[i]) << "runs " << runs << ", scalar " << i;
    }
  }
  EXPECT_TRUE(want[0].infinity);  // scalar 0
}

TEST(FixedBaseDigitTest, WindowDigitsAreTheBytesOfTheScalar) {
  const uint32_t limbs[8] = {0x04030201, 0x08070605, 0x0c0b0a09, 0x100f0e0d,
                             0x14131211, 0x18171615, 0x1c1b1a19, 0xff1f1e1d};
  for (unsigned j = 0; j < 31; ++j) EXPECT_EQ(fixed_base::window_digit(limbs, j), j + 1);
  EXPECT_EQ(fixed_base::window_digit(limbs, 31), 0xffu);
}

}  // namespace
}  // namespace cuzk::gpu
