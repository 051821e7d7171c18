// The GPU NTT's algorithm on the host, against the CPU NTT (src/ntt) bit for bit: the programs of
// src/gpu/ntt/ntt_program.hpp run step by step, each pass emulating its CUDA grid — every block,
// every thread of each phase in turn (phases are separated by __syncthreads() on the device and
// keep no register state across, so this is exact) — over the GPU's limb arithmetic (Mont32 with
// the emulated PTX carry chain). Checks the index math, the pass plans, the fused scalings and the
// tables without a GPU, including plans with narrow passes and split twiddle tables that the
// device only meets at large sizes.
#include <gtest/gtest.h>

#include <algorithm>
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

// The passes' Fr held lazily (below 2r), as the device's FrNttDevice is (CUZK_GPU_LAZY_NTT=0 runs
// the same code fully reduced, where held() and times_reduced are store() and the plain product).
using Emu = Mont32<ff::FrConfig, HostCarryChain, Reduction::kLazy>;

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
  std::vector<Quad> smem(Tile::kSmemBytes / sizeof(Quad));
  for (uint32_t block = 0; block < Tile::blocks(a); ++block) {
    if (!Tile::active(a, block)) continue;
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

// Where the bit reversal rides in the passes (Layout): three passes, equal outer widths, a middle
// pass whose tile columns pair (an odd number of column bits).
TEST(NttHostEmulation, FusedBitReversalPlans) {
  struct Case {
    unsigned log_n, max_pass_log;
    bool fused;
  };
  for (const Case& c :
       {Case{27, kMaxPassLog, true}, Case{21, kMaxPassLog, true}, Case{24, kMaxPassLog, false},
        Case{26, kMaxPassLog, false}, Case{28, kMaxPassLog, false}, Case{20, kMaxPassLog, false},
        Case{15, 5, true}, Case{9, 3, true}, Case{6, 2, false}, Case{12, 4, false}}) {
    EXPECT_EQ(fuses_bit_reverse(plan_passes(c.log_n, c.max_pass_log)), c.fused)
        << "log_n " << c.log_n << ", max_pass_log " << c.max_pass_log;
  }
  // The steps of 2^27's programs (built only, not run: a stand-in for the tables).
  static FrStorage dummy;
  TableView view;
  for (unsigned hi : twiddle_tables_needed(27, kMaxPassLog)) view.twiddles[hi].lo = &dummy;
  const Program forward = transform_program(Transform::kForward, &dummy, 27, view);
  ASSERT_EQ(forward.size(), 3u);
  EXPECT_EQ(forward[0].args.layout, Layout::kInPlace);
  EXPECT_EQ(forward[1].args.layout, Layout::kToReversed);
  EXPECT_EQ(forward[2].args.layout, Layout::kReversed);
  const Program coset = transform_program(Transform::kCosetForward, &dummy, 27, view);
  ASSERT_EQ(coset.size(), 3u);
  EXPECT_EQ(coset[0].args.layout, Layout::kReversed);
  EXPECT_EQ(coset[1].args.layout, Layout::kFromReversed);
  EXPECT_EQ(coset[2].args.layout, Layout::kInPlace);
  view.fuse_bit_reverse = false;
  const Program separate = transform_program(Transform::kForward, &dummy, 27, view);
  ASSERT_EQ(separate.size(), 4u);
  EXPECT_EQ(separate[3].kind, Step::Kind::kBitReverse);
  for (const Step& s : separate) EXPECT_EQ(s.args.layout, Layout::kInPlace);
}

// Every block of a fused pass writes only where it read, and the pass reads every position once:
// the passes are in place whatever order the blocks run in (the emulation runs them in one order
// only). Index math only, so the production size itself is checked.
template <unsigned B>
void expect_blocks_write_where_they_read(const PassArgs& a) {
  using Tile = PassTile<Emu, B, Flow::kDif>;
  std::vector<bool> seen(size_t(1) << a.log_n), mine(size_t(1) << a.log_n);
  std::vector<uint32_t> reads;
  for (uint32_t block = 0; block < Tile::blocks(a); ++block) {
    if (!Tile::active(a, block)) continue;
    reads.clear();
    for (unsigned e = 0; e < Tile::kSlots; ++e) {
      const auto el = Tile::element(a, block, e);
      if (el.valid) reads.push_back(Tile::read_at(a, el.p));
    }
    for (uint32_t r : reads) mine[r] = true;
    for (unsigned e = 0; e < Tile::kSlots; ++e) {
      const auto el = Tile::element(a, block, e);
      if (!el.valid) continue;
      ASSERT_TRUE(mine[Tile::write_at(a, el.p)]) << "block " << block;
    }
    for (uint32_t r : reads) {
      if (!mine[r]) continue;  // a block whose columns are their own image holds each twice
      ASSERT_FALSE(seen[r]) << "position " << r << " read by two blocks";
      seen[r] = true;
      mine[r] = false;
    }
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), false), 0);
}

TEST(NttHostEmulation, FusedPassesWriteWhereTheyRead) {
  static FrStorage dummy;
  for (const auto& [log_n, max_pass_log] :
       {std::pair{27u, kMaxPassLog}, std::pair{21u, kMaxPassLog}, std::pair{15u, 5u},
        std::pair{9u, 3u}}) {
    TableView view;
    view.max_pass_log = max_pass_log;
    for (unsigned hi : twiddle_tables_needed(log_n, max_pass_log)) view.twiddles[hi].lo = &dummy;
    for (Transform t : {Transform::kForward, Transform::kCosetForward}) {
      const Program program = transform_program(t, &dummy, log_n, view);
      ASSERT_EQ(program.size(), 3u);
      for (const Step& step : program) {
        // kReversed reads and writes the same address; 2^27 checks its middle pass once.
        if (!pairs_columns(step.args.layout)) continue;
        if (log_n == 27 && t == Transform::kCosetForward) continue;
        SCOPED_TRACE("log_n " + std::to_string(log_n) + ", layout " +
                     std::to_string(int(step.args.layout)));
        dispatch_pass(step, [&](auto bits, auto) {
          expect_blocks_write_where_they_read<decltype(bits)::value>(step.args);
        });
      }
    }
  }
}

// The fused plans of the arithmetic at a size the emulation affords (three passes of 5 bits: a
// tile of 32 columns, pairs of 16), against the CPU and against the separate permutation.
TEST(NttHostEmulation, FusedBitReversalMatchesCpu) {
  const unsigned log_n = 15;
  const Plan plan{5, 6, log_n};
  const ntt::Domain d = cpu_domain(log_n);
  const HostTables tables = plan.tables(log_n);
  ASSERT_TRUE(fuses_bit_reverse(plan_passes(log_n, plan.max_pass_log)));
  const std::vector<ff::Fr> input = testing::random_values<ff::Fr>(d.size(), 700);
  std::vector<ff::Fr> expect = input;
  ntt::forward_ntt(d, expect, 1);
  std::vector<ff::Fr> got = input;
  run_on_host(transform_program(Transform::kForward, storage(got), log_n, tables.view));
  EXPECT_EQ(got, expect) << "forward";
  expect = input;
  ntt::coset_ntt(d, expect, 1);
  got = input;
  run_on_host(transform_program(Transform::kCosetForward, storage(got), log_n, tables.view));
  EXPECT_EQ(got, expect) << "coset forward";
  std::vector<ff::Fr> a = input;
  std::vector<ff::Fr> b = testing::random_values<ff::Fr>(d.size(), 701);
  std::vector<ff::Fr> c = testing::random_values<ff::Fr>(d.size(), 702);
  std::vector<ff::Fr> ea = a, eb = b, ec = c;
  ntt::compute_h_coefficients(d, ea, eb, ec, 1);
  run_on_host(h_program(storage(a), storage(b), storage(c), log_n, tables.view));
  EXPECT_EQ(a, ea) << "H";
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
