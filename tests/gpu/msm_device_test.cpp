// GpuMsm (src/gpu/msm/msm.hpp) on the device against the CPU MSM (msm::msm, msm::msm_density):
// random scalars at sizes 1 .. 2^20, special scalars (all 0, all 1, r - 1, small values, the
// Filecoin 0/1 mix), Montgomery and canonical, host and device scalars, infinity and duplicate
// bases, density bitmaps at 0 % .. 100 %, forced window sizes and sort groups, a side stream,
// scratch reuse, shifted scalars in lent storage, and the errors (scalar >= r, density/bases
// mismatch). Results are compared as group elements. Every test skips itself where no CUDA device
// is present.
//
// Test bases: 2^16 distinct points (a random walk, one addition each, then one batch inversion —
// msm_fixtures.hpp), tiled to 2^20 and uploaded once; a size-n test uses the first n. Tiling
// repeats points, which the MSM must (and does) handle like any input.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <future>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "device_fixture.hpp"
#include "gpu/backend/prove_lane.hpp"  // highest_stream_priority
#include "gpu/msm/msm.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/enqueue_window.hpp"
#include "msm/msm.hpp"
#include "tiled_msm_bases.hpp"

namespace cuzk::gpu {
namespace {

using curve::G1;
using curve::G1Affine;
using Repr = ff::Fr::Repr;
namespace fx = msm::testing;

class GpuMsmTest : public testing::DeviceTest {
 protected:
  static constexpr size_t kDistinct = size_t(1) << 16;
  static constexpr size_t kMaxN = size_t(1) << 20;
  using Shared = testing::TiledMsmBases<curve::G1Config>;
  static Shared& shared() {
    static std::unique_ptr<Shared> s = std::make_unique<Shared>(kDistinct, kMaxN, 2024);
    return *s;
  }
  void SetUp() override {
    testing::DeviceTest::SetUp();
    if (IsSkipped()) return;
    (void)shared();
  }
  static G1 cpu(size_t n, const std::vector<Repr>& ks) {
    return msm::msm<curve::G1Config>(shared().host(n), ks);
  }
  // GPU with device bases and host scalars.
  static G1 gpu(size_t n, const std::vector<Repr>& ks, const GpuMsmOptions& o = {}) {
    return shared().msm.msm(shared().d_bases.data(), n, ks.data(), nullptr, o);
  }
};

TEST_F(GpuMsmTest, RandomScalarsMatchCpu) {
  for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(100), size_t(1000), size_t(4096 + 7),
                   size_t(1) << 16, kMaxN}) {
    const auto ks = fx::random_scalars(n, 100 + n);
    EXPECT_EQ(gpu(n, ks), cpu(n, ks)) << "n = " << n;
  }
}

TEST_F(GpuMsmTest, DeviceAndMontgomeryScalars) {
  for (size_t n : {size_t(1000), size_t(1) << 16}) {
    const auto ks = fx::mixed_scalars(n, 7 + n);
    const G1 want = cpu(n, ks);
    DeviceBuffer<Repr> d_ks(n);
    d_ks.upload(ks);
    EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, d_ks.data()), want) << "device, n=" << n;

    std::vector<FrStorage> mont(n);
    for (size_t i = 0; i < n; ++i) mont[i] = to_storage(ff::Fr::from_canonical_unchecked(ks[i]));
    DeviceBuffer<FrStorage> d_mont(n);
    d_mont.upload(mont);
    EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, d_mont.data()), want) << "mont, n=" << n;
    EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, mont.data()), want) << "host mont";
    GpuMsmOptions no_split;
    no_split.split_trivial = false;
    EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, d_mont.data(), nullptr, no_split), want)
        << "mont, no split, n=" << n;
    EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, d_ks.data(), nullptr, no_split), want)
        << "canonical in place, no split, n=" << n;
  }
}

TEST_F(GpuMsmTest, SpecialScalars) {
  const size_t n = size_t(1) << 16;
  GpuMsmOptions no_split;
  no_split.split_trivial = false;
  EXPECT_TRUE(gpu(1000, fx::filled(1000, Repr{})).is_identity());
  EXPECT_TRUE(gpu(1000, fx::filled(1000, Repr{}), no_split).is_identity());
  for (size_t m : {size_t(1000), n}) {
    const auto ones = fx::filled(m, Repr{1, 0, 0, 0});
    const G1 want = cpu(m, ones);
    EXPECT_EQ(gpu(m, ones), want) << "all ones, n=" << m;
    EXPECT_EQ(gpu(m, ones, no_split), want) << "all ones without the split, n=" << m;
    // One bucket per window holding every term: the skew the run levels exist for.
    const auto r1 = fx::filled(m, fx::r_minus_1());
    EXPECT_EQ(gpu(m, r1), cpu(m, r1)) << "all r - 1, n=" << m;
  }
  const auto mix = fx::mixed_scalars(kMaxN, 77);
  const G1 want_mix = cpu(kMaxN, mix);
  EXPECT_EQ(gpu(kMaxN, mix), want_mix) << "Filecoin mix";
  EXPECT_EQ(gpu(kMaxN, mix, no_split), want_mix) << "Filecoin mix without the split";
  std::mt19937_64 rng(5);
  std::vector<Repr> small(n);  // u32 witnesses: high windows skipped, one hot bucket above
  for (auto& k : small) k = Repr{rng() & 0xFFFFFFFFu, 0, 0, 0};
  EXPECT_EQ(gpu(n, small), cpu(n, small)) << "32-bit scalars";
}

TEST_F(GpuMsmTest, InfinityAndDuplicateBases) {
  const size_t n = 3000;
  std::vector<G1Affine> bases(shared().host(n).begin(), shared().host(n).end());
  for (size_t i = 0; i < n; i += 7) bases[i] = G1Affine::identity();
  for (size_t i = 3; i + 1 < n; i += 11) bases[i + 1] = bases[i];   // P, P
  for (size_t i = 5; i + 1 < n; i += 13) bases[i + 1] = -bases[i];  // P, -P
  std::vector<Repr> ks = fx::random_scalars(n, 9);
  for (size_t i = 5; i + 1 < n; i += 26) ks[i + 1] = ks[i];  // P·k + (-P)·k = 0 in a bucket
  const G1 want = msm::msm<curve::G1Config>(bases, ks);
  EXPECT_EQ(shared().msm.msm(bases, ks), want);
  const auto mix = fx::mixed_scalars(n, 10);
  EXPECT_EQ(shared().msm.msm(bases, mix), msm::msm<curve::G1Config>(bases, mix));
}

TEST_F(GpuMsmTest, DensityMatchesCpu) {
  const size_t n = (size_t(1) << 16) + 5;
  for (double p : {0.0, 0.25, 0.997, 1.0}) {
    auto words = fx::random_density(n, p, 31);
    size_t m = 0;
    for (size_t i = 0; i < n; ++i) m += (words[i / 64] >> (i % 64)) & 1;
    words.back() |= ~uint64_t(0) << (n % 64);  // stray bits past n are ignored
    const auto ks = fx::mixed_scalars(n, 32);
    const auto bases = shared().host(m);
    const G1 want = msm::msm_density<curve::G1Config>(bases, words, ks);
    EXPECT_EQ(shared().msm.msm_density(bases, words, ks), want) << "host, p=" << p;
    DeviceBuffer<uint64_t> d_words(words.size());
    d_words.upload(words);
    DeviceBuffer<Repr> d_ks(n);
    d_ks.upload(ks);
    EXPECT_EQ(shared().msm.msm_density(shared().d_bases.data(), m, d_words.data(), d_ks.data(), n),
              want)
        << "device, p=" << p;
    GpuMsmOptions no_split;
    no_split.split_trivial = false;
    EXPECT_EQ(shared().msm.msm_density(bases, words, ks, no_split), want) << "no split, p=" << p;
  }
}

TEST_F(GpuMsmTest, ForcedWindowsAndGroups) {
  const size_t n = 4096 + 7;
  const auto ks = fx::random_scalars(n, 41);
  const G1 want = cpu(n, ks);
  for (unsigned c : {1u, 7u, 16u, 20u}) {
    GpuMsmOptions o;
    o.window_bits = c;
    EXPECT_EQ(gpu(n, ks, o), want) << "c = " << c;
  }
  GpuMsmOptions groups;
  groups.max_sort_entries = 3 * n;  // several sort groups of 3 windows
  EXPECT_EQ(gpu(n, ks, groups), want) << "groups overlapped on two streams";
  EXPECT_GT(shared().msm.last_stats().plan.groups(), 2u);  // both sort buffer sets reused
  for (unsigned ahead : {1u, 2u}) {
    GpuMsmOptions window = groups;
    window.groups_ahead = ahead;
    EXPECT_EQ(gpu(n, ks, window), want) << "overlapped, at most " << ahead << " groups queued";
  }
  shared().msm.set_profiling(true);
  EXPECT_EQ(gpu(n, ks, groups), want) << "groups one after the other (profiling)";
  groups.groups_ahead = 1;
  EXPECT_EQ(gpu(n, ks, groups), want) << "one after the other, one group queued";
  shared().msm.set_profiling(false);
}

// A call that yields to a held gate enqueues no sort group until the gate is left, then gives the
// same result.
TEST_F(GpuMsmTest, YieldsWhileTheGateIsHeld) {
  const size_t n = 4096 + 7;
  const auto ks = fx::random_scalars(n, 47);
  const G1 want = cpu(n, ks);
  PriorityGate gate;
  GpuMsmOptions yielding;
  yielding.max_sort_entries = 3 * n;
  yielding.groups_ahead = 2;
  yielding.yield_to = &gate;
  EXPECT_EQ(gpu(n, ks, yielding), want) << "gate free";
  gate.enter();
  auto result = std::async(std::launch::async, [&] { return gpu(n, ks, yielding); });
  EXPECT_EQ(result.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout)
      << "finished while the gate was held";
  gate.leave();
  EXPECT_EQ(result.get(), want);
}

// Overlapped groups on a stream of the highest priority (the deadline lane's): the side stream
// takes that priority; then the default priority again, on the same object.
TEST_F(GpuMsmTest, GroupsOnAHighPriorityStream) {
  const size_t n = 4096 + 7;
  const auto ks = fx::random_scalars(n, 43);
  const G1 want = cpu(n, ks);
  GpuMsmOptions groups;
  groups.max_sort_entries = 3 * n;
  Stream high(highest_stream_priority(0)), normal;
  EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, ks.data(), high.get(), groups), want);
  EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, ks.data(), normal.get(), groups), want);
  EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, ks.data(), high.get(), groups), want);
}

TEST_F(GpuMsmTest, SideStreamAndScratchReuse) {
  const size_t n = size_t(1) << 16;
  const auto ks = fx::random_scalars(n, 51);
  const G1 want = cpu(n, ks);
  Stream stream;
  shared().msm.set_profiling(true);
  EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, ks.data(), stream.get()), want);
  const size_t bytes = shared().msm.scratch_bytes();
  EXPECT_EQ(shared().msm.msm(shared().d_bases.data(), n, ks.data(), stream.get()), want);
  EXPECT_EQ(shared().msm.scratch_bytes(), bytes) << "steady state must not grow the scratch";
  const GpuMsmStats& st = shared().msm.last_stats();
  EXPECT_EQ(st.tail_terms, n);
  EXPECT_GT(st.runs_ms, 0.0f);
  shared().msm.set_profiling(false);
}

// Shifted scalars in the caller's storage (GpuMsmOptions::shifted_scalars, as ProveLane::h_msm
// lends the slot's b): the same result, the storage written, the object's own scratch smaller by
// those 32 B a term; a lent buffer one term short is left untouched and the scratch used instead.
TEST_F(GpuMsmTest, ShiftedScalarsInLentStorage) {
  const size_t n = size_t(1) << 16;
  const auto ks = fx::random_scalars(n, 71);
  const G1 want = cpu(n, ks);
  GpuMsmOptions no_split;
  no_split.split_trivial = false;
  no_split.max_sort_entries = 3 * n;  // several sort groups, overlapped: the side stream reads it
  GpuMsm own(0), lending(0);
  EXPECT_EQ(own.msm(shared().d_bases.data(), n, ks.data(), nullptr, no_split), want);

  const size_t words = ShiftedScalars::kWords * n;
  DeviceBuffer<uint32_t> lent(words);
  CUZK_CUDA_CHECK(cudaMemset(lent.data(), 0, lent.size_bytes()));
  GpuMsmOptions o = no_split;
  o.shifted_scalars = lent.data();
  o.shifted_words = words;
  EXPECT_EQ(lending.msm(shared().d_bases.data(), n, ks.data(), nullptr, o), want);
  EXPECT_EQ(own.scratch_bytes() - lending.scratch_bytes(), words * sizeof(uint32_t));
  std::vector<uint32_t> written(words);
  lent.download(written);
  EXPECT_NE(std::count(written.begin(), written.end(), 0u), std::ptrdiff_t(words)) << "not used";
  EXPECT_EQ(lending.msm(shared().d_bases.data(), n, ks.data(), nullptr, o), want) << "again";

  CUZK_CUDA_CHECK(cudaMemset(lent.data(), 0, lent.size_bytes()));
  o.shifted_words = words - ShiftedScalars::kWords;  // one term short
  EXPECT_EQ(lending.msm(shared().d_bases.data(), n, ks.data(), nullptr, o), want) << "short";
  std::vector<uint32_t> untouched(words);
  lent.download(untouched);
  EXPECT_EQ(std::count(untouched.begin(), untouched.end(), 0u), std::ptrdiff_t(words));
  EXPECT_EQ(lending.scratch_bytes(), own.scratch_bytes());
}

TEST_F(GpuMsmTest, RejectsBadInput) {
  auto ks = fx::random_scalars(100, 61);
  ks[17] = ff::Fr::kModulus;  // r is not canonical
  EXPECT_THROW(gpu(100, ks), std::invalid_argument);
  GpuMsmOptions no_split;
  no_split.split_trivial = false;
  EXPECT_THROW(gpu(100, ks, no_split), std::invalid_argument);
  const auto ok = fx::random_scalars(100, 62);
  EXPECT_EQ(gpu(100, ok), cpu(100, ok)) << "usable after an error";

  const std::vector<uint64_t> words = {0xFF};  // 8 bits set
  const auto ks64 = fx::random_scalars(64, 63);
  EXPECT_THROW(shared().msm.msm_density(shared().host(7), words, ks64), std::invalid_argument);
  EXPECT_THROW(shared().msm.msm(shared().host(3), ks64), std::invalid_argument);
  EXPECT_TRUE(shared().msm.msm(shared().d_bases.data(), 0, ks64.data()).is_identity());
  const auto* misaligned = reinterpret_cast<const AffineStorageOf<curve::G1Config>*>(
      reinterpret_cast<const char*>(shared().d_bases.data()) + 4);
  EXPECT_THROW(shared().msm.msm(misaligned, 64, ks64.data()), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::gpu
