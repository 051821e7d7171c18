// Cost model and search for the Pippenger plan (see msm_plan.hpp for the model).
#include "msm/msm_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "msm/signed_digits.hpp"

namespace cuzk::msm {
namespace {

// Costs in field multiplications (M = S), from xyzz.hpp / affine_buckets.hpp, fitted to
// measured times (Zen 4 core under load, M ~ 33 ns): XYZZ bucket add 315-320 ns, batched affine
// add 190 ns (c = 8) to 250 ns (c = 16) plus the inversion (divsteps, 3.9 us) over the batch,
// reduction per bucket ~950 ns (XYZZ), ~850 ns (affine, serial), 600 ns (c = 13) and 540 ns
// (c = 16) segmented.
constexpr double kAddXyzzPoint = 10;       // madd-2008-s 8M+2S; prefetching hides the bucket miss
constexpr double kAddAffinePoint = 7;      // 5M+1S, + queueing and two bucket visits
constexpr double kAddXyzz = 14;            // add-2008-s 12M+2S
constexpr double kReduceXyzz = 29;         // running sum: two add-2008-s per bucket
constexpr double kReduceAffine = 26;       // serial: madd-2008-s + add-2008-s per bucket
constexpr double kReduceAffineStep = 7.5;  // segmented: one batched addition, + bookkeeping
constexpr double kScanIndex = 0.3;         // digit extraction and the branch, per index
constexpr double kDouble = 9;              // Jacobian dbl-2009-l 2M+5S, + the adds
constexpr size_t kMaxRangesPerThread = 4;

// Batched affine addition per point: 5M+1S and the batch's share of the inversion.
double affine_add_cost(uint32_t buckets, double inverse_cost) {
  return kAddAffinePoint + inverse_cost / affine_batch_size(buckets);
}

// Batch-affine reduction per bucket: two batched additions per bucket and step, or serial.
double affine_reduce_cost(uint32_t buckets, double inverse_cost) {
  if (buckets < kMinSegmentedBuckets) return kReduceAffine;
  const double k = reduction_segments(buckets, inverse_cost);
  return 2 * (kReduceAffineStep + inverse_cost / k) + 3 * kAddXyzz * k / buckets;
}

}  // namespace

uint32_t reduction_segments(uint32_t buckets, double inverse_cost) {
  const double k = std::sqrt(double(buckets) * inverse_cost / 21);
  const uint32_t pow2 = uint32_t(1) << unsigned(std::lround(std::log2(std::max(k, 1.0))));
  return std::min(buckets, pow2);
}

double plan_cost(size_t terms, size_t size, unsigned threads, unsigned window_bits, size_t ranges,
                 Accumulator accumulator, double inverse_cost) {
  const SignedDigits digits(window_bits);
  const double w = digits.windows(), m = double(ranges), buckets = digits.buckets();
  const bool affine = accumulator == Accumulator::kBatchAffine;
  const double add = affine ? affine_add_cost(digits.buckets(), inverse_cost) : kAddXyzzPoint;
  const double reduce = affine ? affine_reduce_cost(digits.buckets(), inverse_cost) : kReduceXyzz;
  const double nonzero = 1.0 - std::ldexp(1.0, -int(window_bits));
  const double task =
      double(terms) / m * nonzero * add + double(size) / m * kScanIndex + buckets * reduce;
  const double rounds = std::ceil(w * m / threads);
  return rounds * task + w * m * kAddXyzz + 256 * kDouble;
}

MsmPlan make_plan(size_t terms, size_t size, unsigned threads, unsigned window_bits,
                  Accumulator accumulator, const GroupCosts& group) {
  if (threads == 0) throw std::invalid_argument("msm: make_plan needs a resolved thread count");
  if (window_bits > SignedDigits::kMaxWindowBits)
    throw std::invalid_argument("msm: window_bits " + std::to_string(window_bits) + " > " +
                                std::to_string(SignedDigits::kMaxWindowBits));
  const unsigned c_lo = window_bits ? window_bits : 1;
  const unsigned c_hi = window_bits ? window_bits : SignedDigits::kMaxWindowBits;
  const size_t max_ranges =
      std::max<size_t>(1, std::min<size_t>(size, kMaxRangesPerThread * threads));

  MsmPlan best;
  best.cost = std::numeric_limits<double>::infinity();
  for (Accumulator acc : {Accumulator::kXyzz, Accumulator::kBatchAffine}) {
    if (accumulator != Accumulator::kAuto && accumulator != acc) continue;
    const size_t bucket_bytes = acc == Accumulator::kXyzz ? group.xyzz_bytes : group.affine_bytes;
    auto bucket_memory = [&](unsigned c, unsigned t) {
      return size_t(t) * (size_t(1) << (c - 1)) * bucket_bytes;
    };
    if (bucket_memory(c_lo, 1) > kBucketMemoryLimit)
      throw std::invalid_argument("msm: window_bits " + std::to_string(c_lo) +
                                  " needs more than the bucket memory limit");
    // A forced window too large for every thread's buckets runs on fewer threads.
    unsigned t = threads;
    while (bucket_memory(c_lo, t) > kBucketMemoryLimit) --t;
    for (unsigned c = c_lo; c <= c_hi && bucket_memory(c, t) <= kBucketMemoryLimit; ++c) {
      for (size_t m = 1; m <= max_ranges; ++m) {
        const double cost = plan_cost(terms, size, t, c, m, acc, group.inverse);
        if (cost < best.cost) {
          best.window_bits = c;
          best.ranges = m;
          best.threads = t;
          best.accumulator = acc;
          best.cost = cost;
        }
      }
    }
  }
  best.windows = SignedDigits(best.window_bits).windows();
  best.threads = unsigned(std::min<size_t>(best.threads, best.windows * best.ranges));
  return best;
}

}  // namespace cuzk::msm
