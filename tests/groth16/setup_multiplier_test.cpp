// The fixed-base multiplier seam of setup (groth16/setup.hpp): generate_parameters takes every
// point from the multiplier it is given — exactly one call per section and two for the verifying
// key — and the CPU multiplier gives what the default path and FixedBaseTable give.
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

#include "groth16/bench_circuit.hpp"
#include "groth16/fixed_base_table.hpp"
#include "groth16/setup.hpp"
#include "r1cs/keypair_assembly.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

// Counts the points asked of a CPU multiplier.
class CountingMultiplier final : public FixedBaseMultiplier {
 public:
  void g1(std::span<const Fr> scalars, std::span<curve::G1Affine> out) override {
    g1_points += scalars.size();
    ++calls;
    cpu_.g1(scalars, out);
  }
  void g2(std::span<const Fr> scalars, std::span<curve::G2Affine> out) override {
    g2_points += scalars.size();
    ++calls;
    cpu_.g2(scalars, out);
  }
  size_t g1_points = 0, g2_points = 0, calls = 0;

 private:
  CpuFixedBaseMultiplier cpu_{1};
};

TEST(SetupMultiplier, EveryPointComesFromTheMultiplier) {
  r1cs::KeypairAssembly cs;
  synthesize_bench_circuit(cs, 200, 0);
  cs.finalize();
  std::mt19937_64 rng(3);
  const ToxicWaste tw = ToxicWaste::random(rng);
  const Parameters want = generate_parameters(cs, tw);
  CountingMultiplier counting;
  const Parameters got = generate_parameters(cs, tw, 0, {}, &counting);
  EXPECT_TRUE(got == want);
  EXPECT_EQ(counting.calls, 8u);  // ic, h, l, a, b_g1, b_g2, and the verifying key's G1 and G2
  EXPECT_EQ(counting.g1_points,
            got.vk.ic.size() + got.h.size() + got.l.size() + got.a.size() + got.b_g1.size() + 3);
  EXPECT_EQ(counting.g2_points, got.b_g2.size() + 3);
}

// mul_batch's batched affine sums against the table's Jacobian mul(), over several chunks of 1024
// (the last one partial) on two threads.
TEST(SetupMultiplier, CpuMultiplierIsTheTable) {
  std::mt19937_64 rng(4);
  std::vector<Fr> k = {Fr::zero(), Fr::one(), -Fr::one(), Fr::from_u64(256), Fr::from_u64(255)};
  for (int i = 0; i < 2500; ++i) k.push_back(Fr::random(rng));
  CpuFixedBaseMultiplier cpu(2);
  std::vector<curve::G1Affine> g1(k.size());
  std::vector<curve::G2Affine> g2(k.size());
  cpu.g1(k, g1);
  cpu.g2(k, g2);
  const FixedBaseTable<curve::G1Config> t1(curve::G1::generator());
  const FixedBaseTable<curve::G2Config> t2(curve::G2::generator());
  for (size_t i = 0; i < k.size(); ++i) {
    EXPECT_EQ(g1[i], t1.mul(k[i].to_canonical()).to_affine()) << i;
    EXPECT_EQ(g2[i], t2.mul(k[i].to_canonical()).to_affine()) << i;
  }
  EXPECT_TRUE(g1[0].infinity && g2[0].infinity);
  std::vector<curve::G1Affine> short_out(2);
  EXPECT_THROW(cpu.g1(k, short_out), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::groth16
