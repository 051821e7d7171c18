// GpuMsmG2 (src/gpu/msm/msm.hpp, the GPU Pippenger over G2) on the device against the CPU
// msm::msm<G2Config> / msm::msm_density<G2Config>: random scalars at sizes 1 .. 2^16, special
// scalars (0, 1, r - 1, small values, the Filecoin 0/1 mix), Montgomery device scalars with device
// densities (the backend's call), infinity and duplicate bases, forced windows and sort groups.
// A mismatch prints the test's label and both results' affine coordinates. Skips without a GPU.
//
// Test bases: 2^12 distinct G2 points (msm_fixtures.hpp's walk), tiled to 2^16 and uploaded once.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "device_fixture.hpp"
#include "gpu/msm/msm.hpp"
#include "gpu/util/cuda_util.hpp"
#include "msm/msm.hpp"
#include "tiled_msm_bases.hpp"

namespace cuzk::gpu {
namespace {

using curve::G2;
using curve::G2Affine;
using Repr = ff::Fr::Repr;
namespace fx = msm::testing;

std::string hex(const ff::Fp& x) {
  const auto c = x.to_canonical();
  std::string s;
  char buf[20];
  for (size_t i = c.size(); i-- > 0;) {
    std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(c[i]));
    s += buf;
  }
  return s;
}
std::string describe(const G2& p) {
  if (p.is_identity()) return "infinity";
  const G2Affine a = p.to_affine();
  return "x = (" + hex(a.x.c0) + ", " + hex(a.x.c1) + "), y = (" + hex(a.y.c0) + ", " +
         hex(a.y.c1) + ")";
}

class GpuMsmG2Test : public testing::DeviceTest {
 protected:
  static constexpr size_t kDistinct = size_t(1) << 12;
  static constexpr size_t kMaxN = size_t(1) << 16;
  using Shared = testing::TiledMsmBases<curve::G2Config>;
  static Shared& shared() {
    static std::unique_ptr<Shared> s = std::make_unique<Shared>(kDistinct, kMaxN, 2025);
    return *s;
  }
  void SetUp() override {
    testing::DeviceTest::SetUp();
    if (IsSkipped()) return;
    (void)shared();
  }
  static G2 cpu(size_t n, const std::vector<Repr>& ks) {
    return msm::msm<curve::G2Config>(shared().host(n), ks);
  }
  static G2 gpu(size_t n, const std::vector<Repr>& ks, const GpuMsmOptions& o = {}) {
    return shared().msm.msm(shared().d_bases.data(), n, ks.data(), nullptr, o);
  }
  static void expect_same(const G2& got, const G2& want, const std::string& what) {
    EXPECT_TRUE(got == want) << what << "\n  gpu: " << describe(got)
                             << "\n  cpu: " << describe(want);
  }
};

TEST_F(GpuMsmG2Test, RandomScalarsMatchCpu) {
  for (size_t n :
       {size_t(1), size_t(2), size_t(3), size_t(100), size_t(1000), size_t(4096 + 7), kMaxN}) {
    const auto ks = fx::random_scalars(n, 200 + n);
    expect_same(gpu(n, ks), cpu(n, ks), "random, n = " + std::to_string(n));
  }
}

TEST_F(GpuMsmG2Test, SpecialScalars) {
  GpuMsmOptions no_split;
  no_split.split_trivial = false;
  EXPECT_TRUE(gpu(1000, fx::filled(1000, Repr{})).is_identity());
  EXPECT_TRUE(gpu(1000, fx::filled(1000, Repr{}), no_split).is_identity());
  for (size_t m : {size_t(1), size_t(1000), kMaxN}) {
    const auto ones = fx::filled(m, Repr{1, 0, 0, 0});
    const G2 want = cpu(m, ones);
    expect_same(gpu(m, ones), want, "all ones, n = " + std::to_string(m));
    expect_same(gpu(m, ones, no_split), want, "all ones, no split, n = " + std::to_string(m));
    const auto r1 = fx::filled(m, fx::r_minus_1());
    expect_same(gpu(m, r1), cpu(m, r1), "all r - 1, n = " + std::to_string(m));
  }
  const auto mix = fx::mixed_scalars(kMaxN, 78);
  const G2 want_mix = cpu(kMaxN, mix);
  expect_same(gpu(kMaxN, mix), want_mix, "Filecoin mix");
  expect_same(gpu(kMaxN, mix, no_split), want_mix, "Filecoin mix, no split");
  std::mt19937_64 rng(6);
  std::vector<Repr> small(kMaxN);
  for (auto& k : small) k = Repr{rng() & 0xFFFFFFFFu, 0, 0, 0};
  expect_same(gpu(kMaxN, small), cpu(kMaxN, small), "32-bit scalars");
}

TEST_F(GpuMsmG2Test, InfinityAndDuplicateBases) {
  const size_t n = 3000;
  std::vector<G2Affine> bases(shared().host(n).begin(), shared().host(n).end());
  for (size_t i = 0; i < n; i += 7) bases[i] = G2Affine::identity();
  for (size_t i = 3; i + 1 < n; i += 11) bases[i + 1] = bases[i];   // P, P
  for (size_t i = 5; i + 1 < n; i += 13) bases[i + 1] = -bases[i];  // P, -P
  std::vector<Repr> ks = fx::random_scalars(n, 10);
  for (size_t i = 5; i + 1 < n; i += 26) ks[i + 1] = ks[i];
  expect_same(shared().msm.msm(bases, ks), msm::msm<curve::G2Config>(bases, ks), "random");
  const auto mix = fx::mixed_scalars(n, 11);
  expect_same(shared().msm.msm(bases, mix), msm::msm<curve::G2Config>(bases, mix), "mix");
}

// The backend's call: Montgomery scalars and the density, both on the device.
TEST_F(GpuMsmG2Test, DensityWithMontgomeryDeviceScalars) {
  const size_t n = (size_t(1) << 16) + 5;
  const auto ks = fx::mixed_scalars(n, 33);
  std::vector<FrStorage> mont(n);
  for (size_t i = 0; i < n; ++i) mont[i] = to_storage(ff::Fr::from_canonical_unchecked(ks[i]));
  DeviceBuffer<FrStorage> d_mont(n);
  d_mont.upload(mont);
  for (double p : {0.0, 0.254, 1.0}) {
    auto words = fx::random_density(n, p, 34);
    size_t m = 0;
    for (size_t i = 0; i < n; ++i) m += (words[i / 64] >> (i % 64)) & 1;
    words.back() |= ~uint64_t(0) << (n % 64);  // stray bits past n are ignored
    const auto bases = shared().host(std::min(m, kMaxN));
    if (m > kMaxN) continue;  // p = 1 needs n bases: covered by the host-vector call below
    const G2 want = msm::msm_density<curve::G2Config>(bases, words, ks);
    DeviceBuffer<uint64_t> d_words(words.size());
    d_words.upload(words);
    expect_same(
        shared().msm.msm_density(shared().d_bases.data(), m, d_words.data(), d_mont.data(), n),
        want, "device mont + density, p = " + std::to_string(p));
    expect_same(shared().msm.msm_density(bases, words, ks), want,
                "host density, p = " + std::to_string(p));
  }
  // Full density over n > 2^16 bases: host-vector bases (tiled again).
  std::vector<G2Affine> all(n);
  for (size_t i = 0; i < n; ++i) all[i] = shared().bases[i % kMaxN];
  const std::vector<uint64_t> full((n + 63) / 64, ~uint64_t(0));
  expect_same(shared().msm.msm_density(all, full, ks),
              msm::msm_density<curve::G2Config>(all, full, ks), "full density");
}

TEST_F(GpuMsmG2Test, ForcedWindowsAndGroups) {
  const size_t n = 4096 + 7;
  const auto ks = fx::random_scalars(n, 42);
  const G2 want = cpu(n, ks);
  for (unsigned c : {1u, 7u, 13u, 16u}) {
    GpuMsmOptions o;
    o.window_bits = c;
    expect_same(gpu(n, ks, o), want, "c = " + std::to_string(c));
  }
  GpuMsmOptions groups;
  groups.max_sort_entries = 3 * n;
  expect_same(gpu(n, ks, groups), want, "sort groups of 3 windows");
  EXPECT_GT(shared().msm.last_stats().plan.groups(), 2u);
}

TEST_F(GpuMsmG2Test, RejectsBadInput) {
  auto ks = fx::random_scalars(100, 64);
  ks[17] = ff::Fr::kModulus;
  EXPECT_THROW(gpu(100, ks), std::invalid_argument);
  const auto ok = fx::random_scalars(100, 65);
  expect_same(gpu(100, ok), cpu(100, ok), "usable after an error");
  const std::vector<uint64_t> words = {0xFF};
  const auto ks64 = fx::random_scalars(64, 66);
  EXPECT_THROW(shared().msm.msm_density(shared().host(7), words, ks64), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::gpu
