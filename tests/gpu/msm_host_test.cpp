// The GPU MSM's algorithm on the host, without a GPU: the digit/key encoding (msm_digits.hpp)
// against the CPU recoding (msm/signed_digits.hpp), the plan's invariants (msm_plan.hpp), and the
// per-thread bodies of the bucket kernels (msm_buckets.hpp) run over the emulated GPU field
// (Mont32 + HostCarryChain — the device's own limb code) by a serial stand-in for the driver:
// digits, a stable sort standing in for CUB's, every chunk of every run level, the segmented
// reduction, Horner. Buckets are checked one by one against a direct CPU bucket sum, and results
// against the CPU msm::msm, on shapes that stress the run levels: tiny chunks, one giant bucket
// per window (all scalars r - 1), mostly-skipped windows (small scalars), infinity and duplicate
// bases — in G1 over the emulated Fp and in G2 over the emulated Fp2 (Ext2, the device's G2
// field), through the same templates. The device kernels (msm_device_test.cpp,
// g2_msm_device_test.cpp) then only add the launch and CUB plumbing.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "gpu/arith/carry_chain_host.hpp"
#include "gpu/arith/ext2.hpp"
#include "gpu/arith/mont32.hpp"
#include "gpu/msm/msm_buckets.hpp"
#include "gpu/msm/msm_plan.hpp"
#include "msm/msm.hpp"
#include "msm/signed_digits.hpp"

namespace cuzk::gpu {
namespace {

using curve::G1;
using curve::G1Affine;
using Repr = ff::Fr::Repr;
using F = Mont32<ff::FpConfig, HostCarryChain>;  // the GPU limb code, emulated
using F2 = Ext2<F>;                              // and the device's Fp2 over it

// The emulated device field of a CPU curve.
template <class C>
struct EmuField;
template <>
struct EmuField<curve::G1Config> {
  using type = F;
};
template <>
struct EmuField<curve::G2Config> {
  using type = F2;
};

ScalarWords words(const Repr& k) {
  return {{k[0], k[1], k[2], k[3]}};
}

GpuMsmPlan forced_plan(size_t terms, unsigned c) {
  GpuMsmOptions o;
  o.window_bits = c;
  return make_gpu_msm_plan(terms, 1, o);
}

TEST(MsmHostTest, DigitsMatchCpuRecoding) {
  std::mt19937_64 rng(7);
  std::vector<Repr> ks = {Repr{}, Repr{1, 0, 0, 0}, Repr{2, 0, 0, 0}, msm::testing::r_minus_1()};
  for (int i = 0; i < 40; ++i) ks.push_back(msm::testing::random_scalar(rng));
  for (unsigned c = 1; c <= msm::SignedDigits::kMaxWindowBits; ++c) {
    const msm::SignedDigits cpu(c);
    const GpuMsmPlan plan = forced_plan(1, c);
    ASSERT_EQ(plan.windows, cpu.windows()) << "c = " << c;
    const DigitCodec gpu = digit_codec(plan);
    for (const Repr& k : ks) {
      uint64_t s[4];
      gpu.shift(words(k), s);
      uint32_t planes[ShiftedScalars::kWords];  // one term: stride 1
      const ShiftedScalars shifted{planes, 1};
      shifted.store(0, s);
      for (unsigned j = 0; j < cpu.windows(); ++j)
        ASSERT_EQ(gpu.digit(shifted, 0, j), cpu.digit(k, j)) << "c = " << c << ", window " << j;
    }
  }
}

TEST(MsmHostTest, KeysEncodeBucketsAndSkips) {
  for (unsigned c = 1; c <= 24; ++c) {
    const BucketKeys keys{c, uint32_t(1) << (c - 1)};
    EXPECT_TRUE(keys.is_skip(kInvalidKey));
    for (uint32_t gi : {0u, 1u, 5u}) {
      EXPECT_TRUE(keys.is_skip(keys.encode(gi, 0)));
      EXPECT_TRUE(keys.is_skip(keys.encode(gi, int32_t(keys.buckets) + 1)));  // only for k >= r
      const int32_t top = int32_t(keys.buckets);
      for (int32_t d : {1, -1, top, 1 - top}) {
        if (d == 0) continue;
        const uint32_t key = keys.encode(gi, d);
        ASSERT_FALSE(keys.is_skip(key));
        const uint32_t mag = uint32_t(d < 0 ? -d : d);
        EXPECT_EQ(keys.bucket_index(key), size_t(gi) * keys.buckets + mag - 1);
      }
    }
    EXPECT_EQ(encode_value(12345, -3), 12345u | kSignBit);
    EXPECT_EQ(encode_value(12345, 3), 12345u);
  }
}

TEST(MsmHostTest, CanonicalScalarCheck) {
  const Repr r = ff::Fr::kModulus;
  EXPECT_TRUE(is_canonical_scalar(words(Repr{})));
  EXPECT_TRUE(is_canonical_scalar(words(msm::testing::r_minus_1())));
  EXPECT_FALSE(is_canonical_scalar(words(r)));
  Repr r_plus_1 = r;
  r_plus_1[0] += 1;
  EXPECT_FALSE(is_canonical_scalar(words(r_plus_1)));
  EXPECT_FALSE(is_canonical_scalar(words(Repr{~0ull, ~0ull, ~0ull, ~0ull})));
  Repr low = r;
  low[3] -= 1;  // smaller top limb, larger lower limbs
  low[0] = ~0ull;
  EXPECT_TRUE(is_canonical_scalar(words(low)));
}

TEST(MsmHostTest, PlanInvariants) {
  for (size_t t : {size_t(1), size_t(3), size_t(1000), size_t(1) << 16, size_t(1) << 20,
                   size_t(3) << 22, size_t(1) << 26, size_t(1) << 27, kMaxMsmTerms}) {
    for (unsigned sms : {1u, 132u}) {
      const GpuMsmOptions opt;
      const GpuMsmPlan p = make_gpu_msm_plan(t, sms, opt);
      SCOPED_TRACE(::testing::Message() << "t = " << t << ", SMs = " << sms);
      EXPECT_EQ(p.windows, msm::SignedDigits(p.window_bits).windows());
      EXPECT_EQ(p.buckets, uint32_t(1) << (p.window_bits - 1));
      EXPECT_LE(p.bucket_count() * sizeof(G1XyzzStorage), opt.max_bucket_bytes);
      EXPECT_GE(p.group_windows, 1u);
      EXPECT_LE(p.group_windows, p.windows);
      EXPECT_LE(p.group_entries(), std::max(opt.max_sort_entries, t));
      EXPECT_LE(p.group_entries(), kMaxMsmTerms);
      EXPECT_LE(p.key_bits(p.group_windows), 32u);
      EXPECT_GE(p.chunk_len, 2u);
      EXPECT_GE(p.level_chunk_len, 4u);  // each level must shrink 2·chunks (2 chunks -> 1)
      EXPECT_TRUE(std::has_single_bit(p.segment_len));
      EXPECT_EQ(p.buckets % p.segment_len, 0u);
    }
  }
  EXPECT_EQ(make_gpu_msm_plan(size_t(1) << 20, 132, {}).window_bits, 16u);
  EXPECT_EQ(make_gpu_msm_plan(size_t(1) << 24, 132, {}).window_bits, 20u);
  EXPECT_EQ(make_gpu_msm_plan(size_t(1) << 26, 132, {}).window_bits, 22u);
  EXPECT_EQ(make_gpu_msm_plan(size_t(1) << 27, 132, {}).window_bits, 22u);
  // Reduction segments: 128 buckets where that leaves >= 3 waves of threads (c = 22 on 132 SMs:
  // 12 x 2^21 buckets, 5.8 waves), else 64 (c = 20: 13 x 2^19 buckets, 128 would be 1.6 waves).
  EXPECT_EQ(make_gpu_msm_plan(size_t(1) << 27, 132, {}).segment_len, 128u);
  EXPECT_EQ(make_gpu_msm_plan(size_t(1) << 24, 132, {}).segment_len, 64u);
  EXPECT_THROW(make_gpu_msm_plan(0, 132, {}), std::invalid_argument);
  GpuMsmOptions bad;
  bad.window_bits = 25;
  EXPECT_THROW(make_gpu_msm_plan(10, 132, bad), std::invalid_argument);
}

// ---- The serial stand-in for the device pipeline ----

template <class C>
struct Emulation {
  curve::Jacobian<C> result;
  std::vector<XyzzStorageOf<C>> buckets;
};

template <class C>
Emulation<C> emulate(const std::vector<AffineStorageOf<C>>& bases, const std::vector<Repr>& scalars,
                     const GpuMsmPlan& plan) {
  using E = typename EmuField<C>::type;
  using Sums = XyzzStorageOf<C>;
  using Out = RunOutputs<FieldStorageOf<C>>;
  const size_t t = scalars.size();
  const DigitCodec digits = digit_codec(plan);
  const BucketKeys codec{plan.window_bits, plan.buckets};
  Emulation<C> em;
  em.buckets.assign(plan.bucket_count(), Sums{});  // zeroed: the identity
  // The gather: every term's s = k + H once, as planes of words (gather_shifted).
  std::vector<uint32_t> planes(ShiftedScalars::kWords * t);
  const ShiftedScalars shifted{planes.data(), t};
  for (size_t k = 0; k < t; ++k) {
    uint64_t s[4];
    digits.shift(words(scalars[k]), s);
    shifted.store(k, s);
  }
  for (unsigned g = 0; g < plan.groups(); ++g) {
    const unsigned first = g * plan.group_windows;
    const unsigned gw = std::min(plan.group_windows, plan.windows - first);
    const size_t entries = size_t(gw) * t;
    std::vector<uint32_t> keys(entries), values(entries);
    for (size_t k = 0; k < t; ++k)
      write_term_entries(digits, codec, shifted, uint32_t(k), k, t, first, gw, keys.data(),
                         values.data());
    // CUB's radix sort is stable; so is this one.
    const uint32_t mask = uint32_t((uint64_t(1) << plan.key_bits(gw)) - 1);
    std::vector<size_t> order(entries);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return (keys[a] & mask) < (keys[b] & mask); });
    std::vector<uint32_t> sk(entries), sv(entries);
    for (size_t i = 0; i < entries; ++i) {
      sk[i] = keys[order[i]];
      sv[i] = values[order[i]];
    }
    Sums* group_buckets = em.buckets.data() + size_t(first) * plan.buckets;
    size_t chunks = plan.chunks(entries);
    std::vector<uint32_t> pk(2 * chunks);
    std::vector<Sums> ps(2 * chunks);
    for (size_t c = 0; c < chunks; ++c)
      sum_runs<E>(c, plan.chunk_len, entries, sk.data(),
                  SortedBaseLoader<E>{sv.data(), bases.data()}, codec,
                  Out{group_buckets, pk.data(), ps.data()});
    while (chunks > 1) {
      const size_t slots = 2 * chunks;
      chunks = (slots + plan.level_chunk_len - 1) / plan.level_chunk_len;
      std::vector<uint32_t> nk(2 * chunks);
      std::vector<Sums> ns(2 * chunks);
      for (size_t c = 0; c < chunks; ++c)
        sum_runs<E>(c, plan.level_chunk_len, slots, pk.data(), PartialSumLoader<E>{ps.data()},
                    codec, Out{group_buckets, nk.data(), ns.data()});
      pk.swap(nk);
      ps.swap(ns);
    }
  }
  em.result = curve::Jacobian<C>::identity();
  for (unsigned j = plan.windows; j-- > 0;) {
    Xyzz<E> window = Xyzz<E>::identity();
    for (uint32_t s = 0; s < plan.segments_per_window(); ++s)
      window += weighted_segment_sum<E>(em.buckets.data() + size_t(j) * plan.buckets, s,
                                        plan.segment_len);
    for (unsigned i = 0; i < plan.window_bits; ++i) em.result = em.result.dbl();
    Sums w;
    window.store(w);
    em.result += from_storage(w);
  }
  return em;
}

// Bucket b of window j = sum over the terms with |d_j| = b + 1 of sign(d_j)·P, in CPU arithmetic.
template <class C>
std::vector<curve::Jacobian<C>> direct_buckets(const std::vector<curve::Affine<C>>& bases,
                                               const std::vector<Repr>& ks,
                                               const GpuMsmPlan& plan) {
  const msm::SignedDigits sd(plan.window_bits);
  std::vector<curve::Jacobian<C>> b(plan.bucket_count(), curve::Jacobian<C>::identity());
  for (size_t i = 0; i < ks.size(); ++i) {
    for (unsigned j = 0; j < plan.windows; ++j) {
      const int32_t d = sd.digit(ks[i], j);
      if (d == 0) continue;
      curve::Jacobian<C>& bucket = b[size_t(j) * plan.buckets + uint32_t(d < 0 ? -d : d) - 1];
      bucket += d < 0 ? -bases[i] : bases[i];
    }
  }
  return b;
}

struct Shape {
  const char* name;
  unsigned c, group_windows;
  uint32_t chunk_len, level_chunk_len, segment_len;
};

template <class C>
void check(const std::vector<curve::Affine<C>>& bases, const std::vector<Repr>& scalars,
           const Shape& s) {
  SCOPED_TRACE(s.name);
  GpuMsmPlan plan = forced_plan(scalars.size(), s.c);
  plan.group_windows = std::min(s.group_windows, plan.windows);
  plan.chunk_len = s.chunk_len;
  plan.level_chunk_len = s.level_chunk_len;
  plan.segment_len = std::min(s.segment_len, plan.buckets);
  std::vector<AffineStorageOf<C>> storage(bases.size());
  to_storage(bases, storage);
  const Emulation<C> em = emulate<C>(storage, scalars, plan);
  const std::vector<curve::Jacobian<C>> want = direct_buckets<C>(bases, scalars, plan);
  size_t bad = 0;
  for (size_t b = 0; b < want.size(); ++b) {
    if (from_storage(em.buckets[b]) == want[b]) continue;
    if (++bad <= 3) ADD_FAILURE() << "bucket " << b << " (window " << b / plan.buckets << ")";
  }
  EXPECT_EQ(bad, 0u);
  EXPECT_EQ(em.result, msm::msm<C>(bases, scalars));
}

std::vector<G1Affine> test_bases(size_t n, uint64_t seed) {
  return msm::testing::random_points<curve::G1Config>(n, seed);
}

TEST(MsmHostTest, EmulatedPipelineRandomScalars) {
  const auto bases = test_bases(300, 1);
  const auto ks = msm::testing::random_scalars(300, 2);
  check(bases, ks, {"tiny chunks, 4-window groups", 5, 4, 7, 4, 4});
  check(bases, ks, {"one group, c = 8", 8, 64, 16, 16, 8});
}

TEST(MsmHostTest, EmulatedPipelineOneBucketPerWindow) {
  // r - 1 everywhere: every window's terms share one bucket, which spans all the chunks and goes
  // through every partial-sum level.
  const auto bases = test_bases(257, 3);
  const std::vector<Repr> ks(257, msm::testing::r_minus_1());
  check(bases, ks, {"r - 1, chunks of 4", 6, 3, 4, 4, 2});
  check(bases, ks, {"r - 1, chunks of 2", 4, 100, 2, 5, 8});
}

TEST(MsmHostTest, EmulatedPipelineSmallScalarsAndSkips) {
  // Small values and zeros: the high windows are almost all skip keys, the low ones skewed.
  const auto bases = test_bases(300, 4);
  std::mt19937_64 rng(5);
  std::vector<Repr> ks(300);
  for (auto& k : ks) k = rng() % 3 == 0 ? Repr{} : Repr{rng() % 5000, 0, 0, 0};
  check(bases, ks, {"small scalars", 7, 8, 9, 4, 4});
}

TEST(MsmHostTest, EmulatedPipelineInfinityAndDuplicateBases) {
  auto bases = test_bases(64, 6);
  std::vector<G1Affine> all;
  std::vector<Repr> ks;
  std::mt19937_64 rng(8);
  for (size_t i = 0; i < 64; ++i) {
    const Repr k = msm::testing::random_scalar(rng);
    all.push_back(bases[i]);  // P, P, -P and infinity with equal scalars: P + P and P + (-P)
    all.push_back(bases[i]);
    all.push_back(-bases[i]);
    all.push_back(G1Affine::identity());
    for (int j = 0; j < 4; ++j) ks.push_back(k);
  }
  check(all, ks, {"duplicates", 5, 60, 6, 4, 4});
}

TEST(MsmHostTest, EmulatedPipelineTinyInputs) {
  for (size_t n : {size_t(1), size_t(2), size_t(3)}) {
    const auto bases = test_bases(n, 9 + n);
    const auto ks = msm::testing::random_scalars(n, 10 + n);
    const GpuMsmPlan p = make_gpu_msm_plan(n, 132, {});
    check(bases, ks,
          {"default plan", p.window_bits, p.group_windows, p.chunk_len, p.level_chunk_len,
           p.segment_len});
  }
}

// ---- G2: the same pipeline over the emulated Fp2 ----

std::vector<curve::G2Affine> g2_bases(size_t n, uint64_t seed) {
  return msm::testing::random_points<curve::G2Config>(n, seed);
}

TEST(MsmHostTest, G2EmulatedPipelineRandomAndSpecialScalars) {
  const auto bases = g2_bases(96, 21);
  auto ks = msm::testing::random_scalars(96, 22);
  ks[0] = Repr{};  // 0, 1 and r - 1 among random values
  ks[1] = Repr{1, 0, 0, 0};
  ks[2] = msm::testing::r_minus_1();
  check(bases, ks, {"G2 random, tiny chunks", 8, 5, 5, 4, 8});
  const std::vector<Repr> r1(40, msm::testing::r_minus_1());
  check(std::vector<curve::G2Affine>(bases.begin(), bases.begin() + 40), r1,
        {"G2 r - 1, one bucket per window", 6, 50, 3, 4, 4});
}

TEST(MsmHostTest, G2EmulatedPipelineInfinityAndDuplicateBases) {
  const auto bases = g2_bases(16, 23);
  std::vector<curve::G2Affine> all;
  std::vector<Repr> ks;
  std::mt19937_64 rng(24);
  for (size_t i = 0; i < 16; ++i) {
    const Repr k = msm::testing::random_scalar(rng);
    all.push_back(bases[i]);  // P, P, -P and infinity with equal scalars
    all.push_back(bases[i]);
    all.push_back(-bases[i]);
    all.push_back(curve::G2Affine::identity());
    for (int j = 0; j < 4; ++j) ks.push_back(k);
  }
  check(all, ks, {"G2 duplicates", 7, 60, 6, 4, 4});
}

TEST(MsmHostTest, G2EmulatedPipelineTinyInputsDefaultPlan) {
  for (size_t n : {size_t(1), size_t(2)}) {
    const auto bases = g2_bases(n, 25 + n);
    const auto ks = msm::testing::random_scalars(n, 26 + n);
    const GpuMsmPlan p = make_gpu_msm_plan(n, 132, {}, 384, sizeof(G2XyzzStorage));
    check(bases, ks,
          {"G2 default plan", p.window_bits, p.group_windows, p.chunk_len, p.level_chunk_len,
           p.segment_len});
  }
}

TEST(MsmHostTest, G2PlanRespectsTheBucketCap) {
  for (size_t t : {size_t(1) << 16, size_t(33) << 20, size_t(1) << 27}) {
    const GpuMsmOptions opt;
    const GpuMsmPlan p = make_gpu_msm_plan(t, 132, opt, 256, sizeof(G2XyzzStorage));
    EXPECT_LE(p.bucket_count() * sizeof(G2XyzzStorage), opt.max_bucket_bytes) << "t = " << t;
    EXPECT_LE(p.window_bits, make_gpu_msm_plan(t, 132, opt).window_bits) << "t = " << t;
  }
}

// A lane short of device memory (MsmRoom::kLean): one sort buffer set and at most 1.5 GiB of
// buckets, so a 2^27 G1 MSM takes c = 20 (22 by default) and G2's buckets stay under the cap too.
TEST(MsmHostTest, LeanOptionsCapTheBuckets) {
  const GpuMsmOptions lean = lean_msm_options({});
  EXPECT_FALSE(lean.overlap_groups);
  EXPECT_TRUE(GpuMsmOptions{}.overlap_groups);
  const size_t t = size_t(1) << 27;
  EXPECT_EQ(make_gpu_msm_plan(t, 132, {}).window_bits, 22u);
  const GpuMsmPlan g1 = make_gpu_msm_plan(t, 132, lean);
  EXPECT_EQ(g1.window_bits, 20u);
  EXPECT_LE(g1.bucket_count() * 192, size_t(3) << 29);
  const GpuMsmPlan g2 = make_gpu_msm_plan(t, 132, lean, 256, sizeof(G2XyzzStorage));
  EXPECT_LE(g2.bucket_count() * sizeof(G2XyzzStorage), size_t(3) << 29);
  GpuMsmOptions small;
  small.max_bucket_bytes = size_t(1) << 30;  // a smaller cap is kept
  EXPECT_EQ(lean_msm_options(small).max_bucket_bytes, size_t(1) << 30);
}

// Lent storage for the shifted scalars (ProveLane::h_msm lends the slot's b): used only when it
// holds 8 words for every tail term; none lent, or one word short, leaves the MSM its own scratch.
TEST(MsmHostTest, LentShiftedScalarsOnlyWhenTheyAllFit) {
  std::vector<uint32_t> words(ShiftedScalars::kWords * 100);
  GpuMsmOptions o;
  EXPECT_EQ(shifted_scalars_for(o, 0), nullptr);
  EXPECT_EQ(shifted_scalars_for(o, 100), nullptr);
  o.shifted_scalars = words.data();
  o.shifted_words = words.size();
  EXPECT_EQ(shifted_scalars_for(o, 100), words.data());
  EXPECT_EQ(shifted_scalars_for(o, 99), words.data());
  EXPECT_EQ(shifted_scalars_for(o, 101), nullptr);
  o.shifted_words = words.size() - 1;  // the last term one word short
  EXPECT_EQ(shifted_scalars_for(o, 100), nullptr);
  EXPECT_EQ(shifted_scalars_for(o, 99), words.data());
  EXPECT_EQ(shifted_scalars_for(lean_msm_options(o), 99), words.data()) << "lean keeps the loan";
}

}  // namespace
}  // namespace cuzk::gpu
