// The Pippenger bucket MSM, generic over the group (curve Config) and the term source.
//
// Phases of one call:
//  1. Pre-pass over point ranges (parallel): checks every scalar is canonical (< r: the digit
//     recoding relies on it) and, with the bit/tail split, sums the bases whose scalar is 1 with
//     mixed additions and counts the rest; scalars 0 and infinity bases are skipped.
//  2. make_plan() picks the window size c and point ranges per window from the number of terms
//     left (msm_plan.hpp). Each of the W x m tasks fills one window's buckets from one range
//     (signed digits, signed_digits.hpp) and reduces them, with XYZZ or batch-affine buckets
//     (xyzz_buckets.hpp, affine_buckets.hpp; the planner picks). Workers take tasks from an
//     atomic counter and own one bucket array each.
//  3. Combination: the ranges' partial sums of each window are added, then the windows are
//     folded from the top, c doublings each (Horner), in Jacobian.
// Results do not depend on the thread count, the window size or the split: group arithmetic is
// exact, only the order of the additions changes.
#pragma once

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "curve/xyzz.hpp"
#include "msm/affine_buckets.hpp"
#include "msm/msm_options.hpp"
#include "msm/msm_plan.hpp"
#include "msm/signed_digits.hpp"
#include "msm/xyzz_buckets.hpp"
#include "util/parallel.hpp"

namespace cuzk::msm {
namespace detail {

inline bool is_canonical(const ff::Fr::Repr& k) {
  return !ff::limbs_geq(k, ff::Fr::kModulus);
}
inline bool is_zero_or_one(const ff::Fr::Repr& k) {
  return (k[1] | k[2] | k[3]) == 0 && k[0] <= 1;
}

// Runs fn(task, state) for tasks 0..count-1 on `threads` workers that pull from one counter;
// each worker makes its own state with make_state() (bucket arrays: allocated where used).
template <class MakeState, class Fn>
void run_tasks(size_t count, unsigned threads, MakeState&& make_state, Fn&& fn) {
  std::atomic<size_t> next{0};
  threads = unsigned(std::min<size_t>(threads, count));
  parallel_chunks(threads, threads, threads, [&](size_t, size_t, size_t) {
    auto state = make_state();
    for (size_t t; (t = next.fetch_add(1, std::memory_order_relaxed)) < count;) fn(t, state);
  });
}

struct PrePass {
  size_t rest = 0;  // terms left for the buckets
};

// Phase 1. Returns the number of non-trivial terms and adds the scalar-1 bases into `ones`.
template <class Config, class Source>
PrePass pre_pass(const Source& src, bool split, unsigned threads, curve::Xyzz<Config>& ones) {
  using XyzzT = curve::Xyzz<Config>;
  const size_t ranges = std::min<size_t>(src.size(), size_t(threads) * 4);
  std::vector<XyzzT> sums(ranges);
  std::vector<size_t> counts(ranges, 0);
  parallel_chunks(src.size(), ranges, threads, [&](size_t r, size_t begin, size_t end) {
    XyzzT acc = XyzzT::identity();
    size_t count = 0;
    src.for_each(begin, end, [&](const ff::Fr::Repr& k, const curve::Affine<Config>& p) {
      if (!is_canonical(k))
        throw std::invalid_argument("msm: a scalar in indices [" + std::to_string(begin) + ", " +
                                    std::to_string(end) + ") is not canonical (>= r)");
      if (p.infinity || (split && is_zero_or_one(k))) {
        if (!p.infinity && k[0] == 1) acc += p;
        return;
      }
      ++count;
    });
    sums[r] = acc;
    counts[r] = count;
  });
  PrePass out;
  for (size_t r = 0; r < ranges; ++r) {
    ones += sums[r];
    out.rest += counts[r];
  }
  return out;
}

// Phase 2: one window's bucket sum over one index range.
template <class Config, class Source, class Buckets>
curve::Xyzz<Config> window_range_sum(const Source& src, size_t begin, size_t end,
                                     const SignedDigits& digits, unsigned window, bool split,
                                     Buckets& buckets) {
  src.for_each(begin, end, [&](const ff::Fr::Repr& k, const curve::Affine<Config>& p) {
    if (p.infinity || (split && is_zero_or_one(k))) return;
    const int32_t d = digits.digit(k, window);
    if (d != 0) buckets.add(d, p);
  });
  return buckets.reduce();
}

// Phase 3: sum_j 2^(j c) S_j from the per-(window, range) partial sums.
template <class Config>
curve::Jacobian<Config> combine_windows(const std::vector<curve::Xyzz<Config>>& partial,
                                        const MsmPlan& plan) {
  curve::Jacobian<Config> acc = curve::Jacobian<Config>::identity();
  for (unsigned j = plan.windows; j-- > 0;) {
    for (unsigned i = 0; i < plan.window_bits && !acc.is_identity(); ++i) acc = acc.dbl();
    curve::Xyzz<Config> window = curve::Xyzz<Config>::identity();
    for (size_t r = 0; r < plan.ranges; ++r) window += partial[j * plan.ranges + r];
    acc += window.to_jacobian();
  }
  return acc;
}

// Phase 2 for all tasks: partial[j m + r] = bucket sum of window j over range r.
template <class Config, class Buckets, class Source>
std::vector<curve::Xyzz<Config>> bucket_sums(const Source& src, const MsmPlan& plan, bool split) {
  const SignedDigits digits(plan.window_bits);
  std::vector<curve::Xyzz<Config>> partial(size_t(plan.windows) * plan.ranges);
  const size_t n = src.size(), m = plan.ranges;
  run_tasks(
      partial.size(), plan.threads, [&] { return Buckets(digits.buckets()); },
      [&](size_t task, Buckets& buckets) {
        const unsigned window = unsigned(task / m);
        const size_t r = task % m;
        partial[task] = window_range_sum<Config>(src, n * r / m, n * (r + 1) / m, digits, window,
                                                 split, buckets);
      });
  return partial;
}

}  // namespace detail

template <class Config, class Source>
curve::Jacobian<Config> pippenger(const Source& src, const MsmOptions& options) {
  using XyzzT = curve::Xyzz<Config>;
  const unsigned threads = resolve_threads(options.threads);
  const bool split = options.split_trivial;

  XyzzT ones = XyzzT::identity();
  const detail::PrePass pre = detail::pre_pass<Config>(src, split, threads, ones);
  if (pre.rest == 0) return ones.to_jacobian();

  const GroupCosts group{sizeof(XyzzT), AffineBuckets<Config>::kBucketBytes,
                         inverse_cost<typename Config::Field>()};
  const MsmPlan plan =
      make_plan(pre.rest, src.size(), threads, options.window_bits, options.accumulator, group);
  const auto partial = plan.accumulator == Accumulator::kBatchAffine
                           ? detail::bucket_sums<Config, AffineBuckets<Config>>(src, plan, split)
                           : detail::bucket_sums<Config, XyzzBuckets<Config>>(src, plan, split);
  return detail::combine_windows<Config>(partial, plan) + ones.to_jacobian();
}

}  // namespace cuzk::msm
