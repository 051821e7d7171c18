// The GPU NTT's algorithm on the host, against the CPU NTT (src/ntt) bit for bit: the programs of
// src/gpu/ntt/ntt_program.hpp run step by step, each pass emulating its CUDA grid — every block,
// every thread of each phase in turn (phases are separated by __syncthreads() on the device and
// keep no register state across, so this is exact) — over the GPU's limb arithmetic (Mont32 with
// the emulated PTX carry chain). Checks the index math, the pass plans, the fused scalings and the
// tables without a GPU, including plans with narrow passes and split twiddle tables that the
// device only meets at large sizes.
#include <gtest/gtest.h>

#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gpu/arith/carry_chain_host.hpp"
#include "gpu/arith/mont32.hpp"
#include "gpu/ntt/ntt_program.hpp"
#include "ntt/bit_reverse.hpp"
#include "ntt/domain.hpp"
#include "ntt/h_polynomial.hpp"
#include "ntt/ntt.hpp"
#include "test_values.hpp"

namespace cuzk::gpu::ntt_detail {
namespace {

using Emu = Mont32<ff::FrConfig, HostCarryChain>;

// The tables of one size in host memory, and their view.
struct HostTables {
  std::vector<FrStorage> inner[2];
  std::map<unsigned, SplitTable> twiddles;
  ScaleTables scales;
  TableView view;

  HostTables(unsigned log_n, unsigned max_pass_log, unsigned full_twiddle_max_log,
             unsigned full_scaling_max_log)
      : inner{inner_twiddle_table(false), inner_twiddle_table(true)},
        scales(build_scale_tables(log_n, full_scaling_max_log)) {
    view.max_pass_log = max_pass_log;
    view.inner[0] = inner[0].data();
    view.inner[1] = inner[1].data();
    for (unsigned hi : twiddle_tables_needed(log_n, max_pass_log)) {
      const SplitTable& t = twiddles[hi] = pass_twiddle_table(hi, full_twiddle_max_log);
      view.twiddles[hi] = {t.lo.data(), t.hi.empty() ? nullptr : t.hi.data(), t.lo_bits};
    }
    for (size_t i = 0; i < kScalingCount; ++i) {
      const SplitTable& t = scales.table[i];
      view.scales[i] = {scales.mode[i], t.hi.empty() ? nullptr : t.hi.data(),
                        t.lo.empty() ? nullptr : t.lo.data(), t.lo_bits};
    }
  }
};

template <unsigned B, Flow kFlow>
void emulate_pass(const PassArgs& a) {
  using Tile = PassTile<Emu, B, kFlow>;
  std::vector<Quad> smem(2 * Tile::kSlots);
  for (uint32_t block = 0; block < Tile::blocks(a.log_n); ++block) {
    for (unsigned tid = 0; tid < kThreads; ++tid) Tile::load(a, block, tid, smem.data());
    for (unsigned k = 0; k < Tile::kRounds; ++k) {
      for (unsigned tid = 0; tid < kThreads; ++tid) Tile::round(a, k, tid, smem.data());
    }
    for (unsigned tid = 0; tid < kThreads; ++tid) Tile::store(a, block, tid, smem.data());
  }
}

void emulate_bit_reverse(FrStorage* data, unsigned log_n) {
  if (log_n < 2 * kBitReverseTileLog) {
    for (uint32_t i = 0; i < (uint32_t(1) << log_n); ++i) bit_reverse_pair(data, log_n, i);
    return;
  }
  std::vector<FrStorage> smem(2 * kBitReverseThreads);
  for (uint32_t mid = 0; mid < (uint32_t(1) << (log_n - 2 * kBitReverseTileLog)); ++mid) {
    if (!BitReverseTile::active(mid, log_n)) continue;
    for (unsigned tid = 0; tid < kBitReverseThreads; ++tid) {
      BitReverseTile::load(data, log_n, mid, tid, smem.data());
    }
    for (unsigned tid = 0; tid < kBitReverseThreads; ++tid) {
      BitReverseTile::store(data, log_n, mid, tid, smem.data());
    }
  }
}

void run_on_host(const Program& program) {
  for (const Step& step : program) {
    if (step.kind == Step::Kind::kBitReverse) {
      emulate_bit_reverse(step.args.data, step.args.log_n);
      continue;
    }
    dispatch_pass(step, [&](auto bits, auto flow) {
      emulate_pass<decltype(bits)::value, decltype(flow)::value>(step.args);
    });
  }
}

FrStorage* storage(std::vector<ff::Fr>& v) {
  return reinterpret_cast<FrStorage*>(v.data());
}

ntt::Domain cpu_domain(unsigned log_n) {
  auto d = ntt::Domain::create(log_n, {}, 1);
  if (!d.ok()) throw std::runtime_error(d.error().message);
  return std::move(d).value();
}

struct Plan {
  unsigned max_pass_log;
  unsigned full_twiddle_max_log;
  unsigned max_log_n;  // largest size tried with this plan (the emulation is slow)
  unsigned full_scaling_max_log = 0;

  HostTables tables(unsigned log_n) const {
    return HostTables(log_n, max_pass_log, full_twiddle_max_log, full_scaling_max_log);
  }
};
// The production plan, and narrow ones: many passes, middle passes, split twiddle tables; then
// whole twiddle tables with whole H scalings up to 2^9 (split above).
const Plan kPlans[] = {{kMaxPassLog, kFullTwiddleMaxLog, 12},
                       {4, 5, 11},
                       {3, 4, 9},
                       {2, 3, 8},
                       {1, 2, 6},
                       {4, 11, 11, 9}};

std::string plan_name(const Plan& p, unsigned log_n) {
  return "log_n " + std::to_string(log_n) + ", max_pass_log " + std::to_string(p.max_pass_log) +
         ", full_twiddle_max_log " + std::to_string(p.full_twiddle_max_log) +
         ", full_scaling_max_log " + std::to_string(p.full_scaling_max_log);
}

TEST(NttHostEmulation, PlansCoverEveryBitOnce) {
  for (unsigned max_pass_log = 1; max_pass_log <= kMaxPassLog; ++max_pass_log) {
    for (unsigned log_n = 0; log_n <= kMaxLogN; ++log_n) {
      const std::vector<PassRange> passes = plan_passes(log_n, max_pass_log);
      unsigned expect_hi = log_n;
      for (const PassRange& p : passes) {
        EXPECT_EQ(p.hi, expect_hi);
        EXPECT_GE(p.hi - p.lo, 1u);
        EXPECT_LE(p.hi - p.lo, max_pass_log);
        expect_hi = p.lo;
      }
      EXPECT_EQ(expect_hi, 0u) << "log_n " << log_n;
    }
  }
  // The production plans the spec asks for: 2^27 in three passes of 9 bits.
  const std::vector<PassRange> p27 = plan_passes(27, kMaxPassLog);
  ASSERT_EQ(p27.size(), 3u);
  for (const PassRange& p : p27) EXPECT_EQ(p.hi - p.lo, 9u);
}

TEST(NttHostEmulation, ConstantsMatchTheCpuDomain) {
  for (unsigned log_n : {1u, 2u, 7u, 12u, 16u}) {
    const ntt::Domain d = cpu_domain(log_n);
    EXPECT_EQ(root_of_unity(log_n), d.omega());
    EXPECT_EQ(scaling_constants(Scaling::kSizeInverse, log_n).c, d.size_inv());
    EXPECT_EQ(scaling_constants(Scaling::kCoset, log_n).s, d.coset_generator());
    EXPECT_EQ(scaling_constants(Scaling::kCosetInverseOverSize, log_n).s, d.coset_generator_inv());
    const ff::Fr size_times_z_inverse =
        (d.vanishing_on_coset() * ff::Fr::from_u64(d.size())).inverse();
    EXPECT_EQ(scaling_constants(Scaling::kQuotient, log_n).c, size_times_z_inverse);
    EXPECT_EQ(scaling_constants(Scaling::kQuotient, log_n).s, d.coset_generator_inv());
    EXPECT_EQ(scaling_constants(Scaling::kSizeTimesZInverse, log_n).c, size_times_z_inverse);
    EXPECT_EQ(scaling_constants(Scaling::kSizeTimesZInverse, log_n).s, ff::Fr::one());
  }
}

TEST(NttHostEmulation, TransformsMatchCpu) {
  const std::pair<Transform, const char*> transforms[] = {
      {Transform::kForward, "forward"},
      {Transform::kInverse, "inverse"},
      {Transform::kCosetForward, "coset forward"},
      {Transform::kCosetInverse, "coset inverse"}};
  for (const Plan& plan : kPlans) {
    for (unsigned log_n = 1; log_n <= plan.max_log_n; ++log_n) {
      const ntt::Domain d = cpu_domain(log_n);
      const HostTables tables = plan.tables(log_n);
      for (const auto& [transform, name] : transforms) {
        for (int kind = 0; kind < 4; ++kind) {
          // Random values, then the structured inputs of the device test: all one, all p - 1, an
          // impulse at index 1.
          std::vector<ff::Fr> input = testing::random_values<ff::Fr>(d.size(), 100 + log_n);
          if (kind == 1) input.assign(d.size(), ff::Fr::one());
          if (kind == 2) input.assign(d.size(), -ff::Fr::one());
          if (kind == 3) {
            input.assign(d.size(), ff::Fr::zero());
            input[1 % d.size()] = ff::Fr::one();
          }
          std::vector<ff::Fr> expect = input;
          switch (transform) {
            case Transform::kForward:
              ntt::forward_ntt(d, expect, 1);
              break;
            case Transform::kInverse:
              ntt::inverse_ntt(d, expect, 1);
              break;
            case Transform::kCosetForward:
              ntt::coset_ntt(d, expect, 1);
              break;
            case Transform::kCosetInverse:
              ntt::inverse_coset_ntt(d, expect, 1);
              break;
          }
          std::vector<ff::Fr> got = input;
          run_on_host(transform_program(transform, storage(got), log_n, tables.view));
          ASSERT_EQ(got, expect) << name << ", " << plan_name(plan, log_n) << ", input kind "
                                 << kind;
        }
      }
    }
  }
}

TEST(NttHostEmulation, HPipelineMatchesCpu) {
  for (const Plan& plan : kPlans) {
    for (unsigned log_n = 1; log_n <= std::min(plan.max_log_n, 10u); ++log_n) {
      const ntt::Domain d = cpu_domain(log_n);
      const size_t n = d.size();
      std::vector<ff::Fr> a = testing::random_values<ff::Fr>(n, 200 + log_n);
      std::vector<ff::Fr> b = testing::random_values<ff::Fr>(n, 300 + log_n);
      std::vector<ff::Fr> c = testing::random_values<ff::Fr>(n, 400 + log_n);
      std::vector<ff::Fr> ea = a, eb = b, ec = c;
      ntt::compute_h_coefficients(d, ea, eb, ec, 1);

      const HostTables tables = plan.tables(log_n);
      run_on_host(h_program(storage(a), storage(b), storage(c), log_n, tables.view));
      ASSERT_EQ(a, ea) << plan_name(plan, log_n);
    }
  }
}

TEST(NttHostEmulation, BitReverseMatchesCpu) {
  for (unsigned log_n : {2u, 5u, 7u, 8u, 9u, 12u}) {
    std::vector<ff::Fr> got = testing::random_values<ff::Fr>(size_t(1) << log_n, log_n);
    std::vector<ff::Fr> expect = got;
    ntt::bit_reverse_permute(expect, 1);
    emulate_bit_reverse(storage(got), log_n);
    EXPECT_EQ(got, expect) << "log_n " << log_n;
  }
}

}  // namespace
}  // namespace cuzk::gpu::ntt_detail
