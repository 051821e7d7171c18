// How one Pippenger run is cut up: window size c, accumulator, and point ranges per window,
// chosen with a cost model.
//
// The work is W x m tasks (W windows of c bits, m point ranges); a task fills one window's
// buckets from one range and reduces them. Threads take tasks from a shared counter, so the run
// lasts about ceil(W m / T) tasks. In field-multiplication units (M = S) the model is
//   task = terms/m * (1 - 2^-c) * add      bucket additions (per accumulator, below)
//        + size/m * kScanIndex             reading every index, skipped or not
//        + 2^(c-1) * reduce                running-sum reduction of the buckets
//   run  = ceil(W m / T) * task + W m * kAddXyzz + 256 * kDouble      (combination)
// with, per accumulator,
//   XYZZ          add = madd-2008-s (8M+2S) + a cache miss     reduce = 2 x add-2008-s
//   batch affine  add = 5M+1S + inversion / batch + misses    reduce = 2 batched additions
//                 (segmented, >= 512 buckets) or madd + add-2008-s (serial)
// (M: a multiplication in the group's field, Fp for G1 and Fp2 for G2)
// and make_plan() takes the cheapest (c, m, accumulator) whose buckets fit the memory bound
//   bucket bytes = T x 2^(c-1) x bytes per bucket <= kBucketMemoryLimit (512 MiB),
// (plus W x m partial sums, a few KiB). The constants sit in msm_plan.cpp with the
// measurements that set them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "msm/msm_options.hpp"

namespace cuzk::msm {

struct MsmPlan {
  unsigned window_bits = 0;                      // c
  unsigned windows = 0;                          // W
  size_t ranges = 1;                             // m point ranges per window
  unsigned threads = 1;                          // workers actually started (<= W m)
  Accumulator accumulator = Accumulator::kXyzz;  // never kAuto
  double cost = 0;  // model estimate, field multiplications on the critical path
};

inline constexpr size_t kBucketMemoryLimit = size_t(512) << 20;

// What the planner needs to know of the group: bytes of one bucket for each accumulator, and
// the cost of one field inversion in field multiplications.
struct GroupCosts {
  size_t xyzz_bytes = 0, affine_bytes = 0;
  double inverse = 0;
};

// terms: non-trivial terms to bucket; size: indices scanned per window (>= terms); threads:
// resolved (>= 1); window_bits: 0 = choose, else forced; accumulator: kAuto = choose.
MsmPlan make_plan(size_t terms, size_t size, unsigned threads, unsigned window_bits,
                  Accumulator accumulator, const GroupCosts& group);

// Batch of the batch-affine accumulator (affine_buckets.hpp) for `buckets` buckets: buckets / 2
// within [16, 2048]. A bigger batch spreads the inversion (~4 us for Fp) over more points but
// defers more of them. Measured at c = 8 / 11 / 13 / 16 (ns per point): buckets / 4: 360 / 285 /
// 270 / 266, buckets / 2: 334 / 276 / 266 / 266, buckets: 328 / 275 / 267 / 268.
constexpr uint32_t affine_batch_size(uint32_t buckets) {
  return buckets / 2 < 16 ? 16 : buckets / 2 > 2048 ? 2048 : buckets / 2;
}

// Segments of the batch-affine bucket reduction (affine_buckets.hpp) for `buckets` buckets: the
// power of two nearest sqrt(buckets * inverse_cost / 21), which balances the batches' inversions
// (buckets * 2 * inverse / K) against the serial pass over the segments (3 * 14M * K). Below
// kMinSegmentedBuckets the reduction stays serial.
inline constexpr uint32_t kMinSegmentedBuckets = 512;
uint32_t reduction_segments(uint32_t buckets, double inverse_cost);

// Model cost of one configuration (exposed for tests and the tuning notes).
double plan_cost(size_t terms, size_t size, unsigned threads, unsigned window_bits, size_t ranges,
                 Accumulator accumulator, double inverse_cost);

}  // namespace cuzk::msm
