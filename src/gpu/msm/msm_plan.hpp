// How one GPU MSM run is cut up (host code, no CUDA): window size, windows per sort group, and the
// chunk and segment lengths of the bucket kernels — chosen from the number of non-trivial terms and
// the number of SMs. Plain C++ so that the host tests can drive the same plan as the device.
//
// The pipeline (msm.cu has the full story) per group of G windows:
//   digits  — every term gets G sort entries (key = window-in-group · 2^c + bucket, value = base
//             index | sign << 31); zero digits get the "skip" bucket 2^(c-1);
//   sort    — CUB radix sort of the G·t entries on the key_bits low bits;
//   runs    — the sorted entries are cut into chunks of chunk_len, one thread each; runs of equal
//             keys are summed (mixed additions into XYZZ) and written to their bucket, and runs
//             that cross a chunk boundary are passed on as partial sums and combined by further
//             levels (level_chunk_len partials per thread) — any bucket skew is load-balanced;
// and once for all windows:
//   reduce  — each window's 2^(c-1) buckets are cut into segments of segment_len, one thread each,
//             computing sum_b (b+1)·B_b as weighted running sums; a block per window adds them.
//
// Cost model (in mixed additions): terms·W for the buckets, plus W·2^(c-1)·kReducePerBucket for
// the running sums (two full additions, 1.4 mixed ones each, plus the segment's scalar
// multiplication). The sort is ~3 passes of 16 bytes per entry and does not move the optimum.
// c is the cheapest value whose buckets fit max_bucket_bytes. Derived: 2^16 -> c = 13,
// 2^20 -> 16, 2^24 -> 20, 2^26 and 2^27 -> 22 (12 windows instead of 13, 4.8 GB of buckets; the
// model gives 2^27 4.2 % fewer additions than c = 20, and gpu_msm_bench --sweep --sweep-log2 27
// measured 3.7 % less time on an H200: 805 against 835 ms, c = 23 831 ms). An earlier sweep had
// c = 22 7 % slower than c = 20 at 2^26 (the larger buckets missing the L2 more, with the slower
// arithmetic of the time), hence a 2 GiB cap until then.
// Chunks: the first level's chunk count is a whole number of waves of the run kernel's resident
// threads (its occupancy), at most kMaxChunk entries each, so that no wave runs part empty.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "ff/limbs.hpp"
#include "gpu/msm/msm_digits.hpp"
#include "msm/signed_digits.hpp"

namespace cuzk::gpu {

class PriorityGate;  // enqueue_window.hpp

struct GpuMsmOptions {
  // Bit/tail split (spec §4.3): scalars 0 are skipped and bases with scalar 1 summed by a batch
  // addition kernel; only the rest goes through Pippenger. The result is identical either way.
  bool split_trivial = true;
  // Window size c in bits, 1..24; 0 = chosen by the cost model.
  unsigned window_bits = 0;
  // Upper bound on the bucket array (all windows; 192 B per bucket in G1, 384 B in G2); the model
  // picks a smaller c when a larger one would not fit. A forced window_bits ignores it. 5 GiB
  // admits c = 22 in G1 (2^26 terms and more).
  size_t max_bucket_bytes = size_t(5) << 30;
  // Sort entries processed at once (windows are grouped until G·terms reaches it); sets the size
  // of the four key/value sort buffers (16 B per entry): 2^27 entries = 2 GiB.
  size_t max_sort_entries = size_t(1) << 27;
  // G1: the next sort group's digits and sort run beside the current group's runs, in a second
  // set of sort buffers (16 B per entry again: 2 GiB at 2^27; msm.cu). false: one set, the phases
  // one after the other — for a device short of memory (MsmRoom::kLean). G2 never overlaps.
  bool overlap_groups = true;
  // Sort groups enqueued ahead of the GPU (enqueue_window.hpp): 0 all at once; k > 0 keeps at
  // most k groups queued, so that another stream's kernels queued behind them wait for at most k
  // groups (the main lane beside a deadline lane). Results are identical either way.
  unsigned groups_ahead = 0;
  // Null, or a gate held by a deadline lane: before each sort group, while it is held, the call
  // lets its queued groups finish and waits (enqueue_window.hpp).
  const PriorityGate* yield_to = nullptr;
  // Null, or device memory of shifted_words 32-bit words that the call may use for its tail
  // terms' shifted scalars (ShiftedScalars: 8 words a term) instead of its own scratch; used when
  // it holds them all (shifted_scalars_for), left untouched otherwise. The caller must not use it
  // until the call returns. ProveLane::h_msm lends the slot's b, which ntt_h has read for the last
  // time: 4.3 GB less scratch at 2^27. Results are identical either way.
  uint32_t* shifted_scalars = nullptr;
  size_t shifted_words = 0;
};

// The lent storage for t tail terms' shifted scalars, or null where none is lent or it is short.
inline uint32_t* shifted_scalars_for(const GpuMsmOptions& options, size_t t) {
  const bool fits = options.shifted_words / ShiftedScalars::kWords >= t;
  return fits ? options.shifted_scalars : nullptr;
}

// How much MSM scratch an MSM phase of a proving lane keeps (gpu/backend/msm_rooms.hpp): the phase
// steps down one level at each of its allocations that fails, and stays there.
enum class MsmRoom : uint8_t {
  kBoth,        // the G1 and the G2 MSMs keep their scratch between proofs
  kOneAtATime,  // each MSM phase frees the other curve's scratch first
  kLean,        // and the MSMs plan with less: one sort buffer set, buckets capped at 1.5 GiB
};

inline const char* to_string(MsmRoom room) {
  switch (room) {
    case MsmRoom::kBoth:
      return "both MSMs' scratch kept";
    case MsmRoom::kOneAtATime:
      return "one MSM's scratch at a time";
    case MsmRoom::kLean:
      return "one MSM's scratch at a time, lean plans";
  }
  return "?";
}

// What the MSMs of a lane at MsmRoom::kLean run with: one sort buffer set (no overlapped groups)
// and the buckets capped at 1.5 GiB (c = 20 for a 2^27 G1 MSM instead of 22): ~7 GB of G1 scratch
// at 2^27 instead of 12.6.
inline GpuMsmOptions lean_msm_options(GpuMsmOptions options) {
  options.overlap_groups = false;
  options.max_bucket_bytes = std::min(options.max_bucket_bytes, size_t(3) << 29);
  return options;
}

struct GpuMsmPlan {
  size_t terms = 0;              // t: terms that go through the buckets
  unsigned window_bits = 0;      // c
  unsigned windows = 0;          // W
  uint32_t buckets = 0;          // per window: 2^(c-1)
  unsigned group_windows = 0;    // G windows per sort group
  uint32_t chunk_len = 0;        // sorted entries per thread in the first run level
  uint32_t level_chunk_len = 0;  // partial sums per thread in the later levels
  uint32_t segment_len = 0;      // buckets per thread in the reduction (a power of two)
  ff::Limbs<4> digit_offset{};   // H of signed_digits.hpp: window j of k + H, minus 2^(c-1)-1

  unsigned groups() const {
    return group_windows == 0 ? 0 : (windows + group_windows - 1) / group_windows;
  }
  size_t group_entries() const { return size_t(group_windows) * terms; }
  size_t bucket_count() const { return size_t(windows) * buckets; }
  uint32_t segments_per_window() const { return buckets / segment_len; }
  // Key bits of a group of gw windows: c bits of bucket (skip bucket 2^(c-1) included) + gw index.
  unsigned key_bits(unsigned gw) const { return window_bits + unsigned(std::bit_width(gw - 1u)); }
  // Chunks of the first level over `entries` sorted entries.
  size_t chunks(size_t entries) const { return (entries + chunk_len - 1) / chunk_len; }
};

namespace msm_plan_detail {

inline constexpr size_t kBucketBytes = 192;      // G1 XYZZ (G2: 384, passed by GpuMsmT<G2>)
inline constexpr double kReducePerBucket = 3.3;  // 2 x add-2008-s (14M) vs madd-2008-s (10M), +15%
// First level: whole waves of the resident threads (the last wave of a kernel is otherwise part
// idle, up to 1/waves of its time), each thread at most kMaxChunk entries.
inline constexpr uint32_t kMinChunk = 16, kMaxChunk = 512;
inline constexpr uint32_t kLevelChunk = 16;
static_assert(kLevelChunk >= 4, "a level must turn 2 chunks (4 slots) into 1");
// Reduction segments: each thread's running sum ends with a double-and-add of ~c steps, so longer
// segments spend less on those; but fewer threads leave more of the last wave idle. kSegment
// buckets, or kLongSegment where that still makes kLongSegmentWaves waves of kSegmentsPerSm
// threads per SM. H200, 2^27 random (c = 22, 5.8 waves at 128): reduce 42 -> 37 ms; the c = 20
// Filecoin mix at 128 (1.6 waves) was 0.6 ms slower, so it keeps 64.
inline constexpr size_t kSegmentsPerSm = 256;
inline constexpr uint32_t kSegment = 64, kLongSegment = 128;
inline constexpr size_t kLongSegmentWaves = 3;

// H = sum_{j < W-1} (2^(c-1) - 1) 2^(j c) (signed_digits.hpp; bits past 255 dropped).
inline ff::Limbs<4> digit_offset(unsigned c, unsigned windows) {
  ff::Limbs<4> h{};
  const uint64_t value = (uint64_t(1) << (c - 1)) - 1;
  for (unsigned j = 0; j + 1 < windows; ++j) {
    const unsigned pos = j * c;
    if (pos >= 256) break;
    const unsigned limb = pos / 64, bit = pos % 64;
    h[limb] |= value << bit;
    if (bit != 0 && limb + 1 < 4) h[limb + 1] |= value >> (64 - bit);
  }
  return h;
}

inline double window_cost(size_t terms, unsigned c) {
  const msm::SignedDigits d(c);
  return double(d.windows()) * (double(terms) + double(d.buckets()) * kReducePerBucket);
}

}  // namespace msm_plan_detail

// terms >= 1; sm_count >= 1; run_threads_per_sm: threads of the first-level run kernel resident
// on one SM (its occupancy; RunKernels<C>::base_runs_threads_per_sm()); bucket_bytes: one XYZZ
// bucket of the curve (sizeof(XyzzStorageOf<C>)). Additions cost alike in buckets and reduction
// whatever the curve, so the cost model itself is curve-independent; only the memory cap differs.
inline GpuMsmPlan make_gpu_msm_plan(size_t terms, unsigned sm_count, const GpuMsmOptions& opt,
                                    unsigned run_threads_per_sm = 384,
                                    size_t bucket_bytes = msm_plan_detail::kBucketBytes) {
  using namespace msm_plan_detail;
  if (terms == 0) throw std::invalid_argument("gpu msm plan: no terms");
  if (opt.window_bits > msm::SignedDigits::kMaxWindowBits)
    throw std::invalid_argument("gpu msm: window_bits " + std::to_string(opt.window_bits) + " > " +
                                std::to_string(msm::SignedDigits::kMaxWindowBits));
  sm_count = std::max(sm_count, 1u);
  GpuMsmPlan p;
  p.terms = terms;
  if (opt.window_bits != 0) {
    p.window_bits = opt.window_bits;
  } else {
    double best = std::numeric_limits<double>::infinity();
    for (unsigned c = 1; c <= msm::SignedDigits::kMaxWindowBits; ++c) {
      const msm::SignedDigits d(c);
      if (c > 1 && size_t(d.windows()) * d.buckets() * bucket_bytes > opt.max_bucket_bytes) break;
      const double cost = window_cost(terms, c);
      if (cost < best) {
        best = cost;
        p.window_bits = c;
      }
    }
  }
  const msm::SignedDigits digits(p.window_bits);
  p.windows = digits.windows();
  p.buckets = digits.buckets();
  p.digit_offset = digit_offset(p.window_bits, p.windows);

  const size_t max_entries = std::clamp<size_t>(opt.max_sort_entries, 1, size_t(0x7FFFFFFF));
  p.group_windows = unsigned(std::clamp<size_t>(max_entries / terms, 1, p.windows));
  // Balance the groups (e.g. 13 windows in groups of 7 + 6, not 12 + 1).
  const unsigned groups = (p.windows + p.group_windows - 1) / p.group_windows;
  p.group_windows = (p.windows + groups - 1) / groups;

  const size_t resident = size_t(sm_count) * std::max(run_threads_per_sm, 1u);
  const size_t entries = p.group_entries();
  const size_t wave_entries = resident * kMaxChunk;
  const size_t waves = std::max<size_t>(1, (entries + wave_entries - 1) / wave_entries);
  p.chunk_len = uint32_t(std::clamp<size_t>((entries + waves * resident - 1) / (waves * resident),
                                            kMinChunk, kMaxChunk));
  p.level_chunk_len = kLevelChunk;
  const size_t seg_threads = size_t(sm_count) * kSegmentsPerSm;
  const size_t per_thread = std::max<size_t>(p.bucket_count() / seg_threads, 1);
  const uint32_t longest = per_thread >= kLongSegmentWaves * kLongSegment ? kLongSegment : kSegment;
  p.segment_len = std::min<uint32_t>({uint32_t(std::bit_floor(per_thread)), longest, p.buckets});
  return p;
}

// The digit recoding of a plan (msm_digits.hpp).
inline DigitCodec digit_codec(const GpuMsmPlan& plan) {
  DigitCodec digits{};
  for (int i = 0; i < 4; ++i) digits.offset[i] = plan.digit_offset[i];
  digits.window_bits = plan.window_bits;
  digits.windows = plan.windows;
  return digits;
}

}  // namespace cuzk::gpu
