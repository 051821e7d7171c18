// GpuFixedBase / GpuFixedBaseG2 (src/gpu/params/fixed_base.hpp) on the device against the CPU
// groth16::FixedBaseTable::mul_batch, bit for bit: edge and random scalars through small chunks
// (both slots, a short last chunk, runs that end short), the default chunk, buffer reuse, empty
// input and mismatched spans; and generate_parameters with GpuFixedBaseMultiplier against the CPU
// setup on a small circuit. Every test skips itself where no CUDA device is present.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

#include "device_fixture.hpp"
#include "gpu/params/fixed_base.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/fixed_base_table.hpp"
#include "groth16/setup.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

using ff::Fr;

template <class C>
class FixedBaseDeviceTest : public testing::DeviceTest {
 protected:
  using A = curve::Affine<C>;
  static groth16::FixedBaseTable<C> table() {
    return groth16::FixedBaseTable<C>(curve::Jacobian<C>::generator());
  }
  // Edge scalars, then random ones up to n.
  static std::vector<Fr> scalars(size_t n, uint64_t seed) {
    std::vector<Fr> v = testing::fixed_base_scalars(0, seed);
    std::mt19937_64 rng(seed);
    while (v.size() < n) v.push_back(Fr::random(rng));
    v.resize(n);
    return v;
  }
  static void expect_same(const std::vector<A>& got, const std::vector<A>& want) {
    ASSERT_EQ(got.size(), want.size());
    // Equal flags and equal coordinates, i.e. equal Montgomery limbs (the fields compare those).
    for (size_t i = 0; i < want.size(); ++i) ASSERT_TRUE(got[i] == want[i]) << "point " << i;
  }
  static void check(size_t n, const GpuFixedBaseOptions& options, uint64_t seed) {
    const auto cpu = table();
    GpuFixedBaseT<C> gpu(0, cpu, options);
    const std::vector<Fr> k = scalars(n, seed);
    std::vector<A> want(n), got(n);
    cpu.mul_batch(k, want, 0);
    gpu.mul_batch(k, got);
    expect_same(got, want);
    const size_t chunk = std::min(options.chunk, n);
    EXPECT_EQ(gpu.last_stats().chunks, (n + chunk - 1) / chunk);
    EXPECT_EQ(gpu.last_stats().points, n);
  }
};
using Curves = ::testing::Types<curve::G1Config, curve::G2Config>;
TYPED_TEST_SUITE(FixedBaseDeviceTest, Curves);

TYPED_TEST(FixedBaseDeviceTest, SmallChunksMatchCpu) {
  GpuFixedBaseOptions options;
  options.chunk = 1000;  // 5 chunks over the two slots, the last one short
  this->check(4133, options, 1);
}

TYPED_TEST(FixedBaseDeviceTest, DefaultChunkMatchesCpu) {
  this->check((size_t(1) << 16) + 77, {}, 2);
}

TYPED_TEST(FixedBaseDeviceTest, FewScalarsAndReuse) {
  using A = typename TestFixture::A;
  const auto cpu = this->table();
  GpuFixedBaseOptions options;
  options.chunk = 512;
  GpuFixedBaseT<TypeParam> gpu(0, cpu, options);
  for (size_t n : {size_t(1), size_t(3), size_t(33), size_t(2000), size_t(31)}) {
    const std::vector<Fr> k = this->scalars(n, n);
    std::vector<A> want(n), got(n);
    cpu.mul_batch(k, want, 0);
    gpu.mul_batch(k, got);
    this->expect_same(got, want);
  }
  std::vector<A> none;
  gpu.mul_batch({}, none);
  EXPECT_EQ(gpu.last_stats().points, 0u);
  const std::vector<Fr> k(4, Fr::one());
  std::vector<A> short_out(3);
  EXPECT_THROW(gpu.mul_batch(k, short_out), std::invalid_argument);
}

TYPED_TEST(FixedBaseDeviceTest, MissingDeviceThrows) {
  EXPECT_THROW(GpuFixedBaseT<TypeParam>(cuda_device_count(), this->table()), std::invalid_argument);
}

class FixedBaseSetupDeviceTest : public testing::DeviceTest {};

TEST_F(FixedBaseSetupDeviceTest, GpuSetupGivesTheCpuParameters) {
  r1cs::KeypairAssembly cs;
  groth16::synthesize_bench_circuit(cs, 3000, 0);
  cs.finalize();
  std::mt19937_64 rng(7);
  const groth16::ToxicWaste tw = groth16::ToxicWaste::random(rng);
  const groth16::Parameters want = groth16::generate_parameters(cs, tw);
  GpuFixedBaseOptions options;
  options.chunk = 1024;  // several chunks for the larger sections
  GpuFixedBaseMultiplier gpu(0, options);
  const groth16::Parameters got = groth16::generate_parameters(cs, tw, 0, {}, &gpu);
  EXPECT_TRUE(got.vk == want.vk) << "verifying key";
  EXPECT_TRUE(got.h == want.h && got.l == want.l) << "h, l";
  EXPECT_TRUE(got.a == want.a && got.b_g1 == want.b_g1 && got.b_g2 == want.b_g2) << "a, b";
}

}  // namespace
}  // namespace cuzk::gpu
