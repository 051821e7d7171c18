// Pippenger buckets of one window held in affine coordinates, filled and reduced by batched
// affine additions (batch_affine.hpp: 5M+1S + inversion/batch each, against 8M+2S for XYZZ).
//
// Filling. add() queues bucket += +-P (an empty bucket just takes P). A bucket may take part
// only once per batch: a point whose bucket is already queued waits in a deferred list (batch / 16
// long; longer lists are re-scanned too often when few distinct digits occur, e.g. c = 13 with
// 64 digits in use: 360 ns per point against 390 for batch / 8 and 570 for batch) and is placed
// again once the batch completes. A full deferred list completes the batch early when few
// distinct buckets are in use (the top window has few). A point that still finds no room, or is
// still deferred at the end, goes to the bucket's XYZZ overflow accumulator, so skewed digits
// (one bucket hit over and over) degrade to about the XYZZ cost; uniform digits practically
// never overflow.
//
// Reduction, sum_b (b+1) B_b. The serial running sum costs two additions per bucket, one after
// the other. Here the buckets are cut into K segments of L (K ~ sqrt(N inversion / 21M), a few
// hundred for N = 2^15): the K segments' running sums S_k and weighted sums T_k advance together,
// one batch of K affine additions per step, so a bucket costs ~2 x (5M+1S + inversion/K) instead
// of madd + add (~24M). Then sum = sum_k T_k + L sum_k k S_k, the last sum by a serial XYZZ
// running sum over the K segments, times L (K from reduction_segments(), msm_plan.hpp). Below
// kMinSegmentedBuckets the serial sum is used.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "curve/xyzz.hpp"
#include "msm/batch_affine.hpp"
#include "msm/msm_plan.hpp"

namespace cuzk::msm {

template <class Config>
class AffineBuckets {
 public:
  using AffineT = curve::Affine<Config>;
  using XyzzT = curve::Xyzz<Config>;
  using F = typename Config::Field;

  static constexpr uint32_t kMinDeferred = 16;
  // Smallest batch worth an inversion rather than XYZZ additions (~3M dearer each).
  static constexpr size_t kMinFlush = size_t(inverse_cost<F>() / 3);
  // Bytes per bucket, for the memory bound of the planner.
  static constexpr size_t kBucketBytes = sizeof(AffineT) + sizeof(XyzzT) + 1;
  static constexpr unsigned kPipeline = 4;

  explicit AffineBuckets(uint32_t count)
      : buckets_(count),
        overflow_(count),
        queued_(count, 0),
        batch_size_(affine_batch_size(count)),
        defer_cap_(std::max(batch_size_ / 16, kMinDeferred)),
        adder_(batch_size_ + defer_cap_) {
    // Re-placing the deferred entries can take a batch past its size.
    queued_list_.reserve(batch_size_ + defer_cap_);
    deferred_.reserve(defer_cap_);
    retry_.reserve(defer_cap_);
  }

  // digit in [-count, count] \ {0}; p must stay alive until reduce(). Runs kPipeline calls
  // behind, after prefetching the bucket.
  void add(int32_t digit, const AffineT& p) {
    const uint32_t index = uint32_t(digit < 0 ? -digit : digit) - 1;
    __builtin_prefetch(&buckets_[index], 1);
    __builtin_prefetch(&queued_[index], 1);
    Entry& slot = pending_[head_];
    if (slot.point != nullptr) place(slot);
    slot = {&p, index, digit < 0};
    head_ = (head_ + 1) % kPipeline;
    if (index + 1 > used_) used_ = index + 1;
    if (adder_.size() >= batch_size_) flush();
  }

  // sum_b (b+1) * bucket[b]; leaves every bucket empty.
  XyzzT reduce() {
    for (Entry& slot : pending_) {
      if (slot.point != nullptr) place(slot);
      slot.point = nullptr;
    }
    flush();  // also re-places the deferred entries once
    complete_batch();
    for (const Entry& e : deferred_) overflow_add(e);  // what is left: no more inversions
    deferred_.clear();
    fold_overflow();
    const XyzzT sum = used_ >= kMinSegmentedBuckets ? segmented_sum() : serial_sum();
    std::fill_n(buckets_.begin(), used_, AffineT::identity());
    used_ = 0;
    return sum;
  }

 private:
  struct Entry {
    const AffineT* point = nullptr;
    uint32_t index = 0;
    bool negate = false;
  };

  // Queued bucket: defer. When the deferred list is full, complete the batch first if it is big
  // enough to pay for its inversion (few distinct digits, e.g. the top window), else overflow.
  // Not reentrant: during flush()'s retries the deferred list never fills.
  void place(const Entry& e) {
    if (queued_[e.index] && deferred_.size() == defer_cap_ && adder_.size() >= kMinFlush) flush();
    if (queued_[e.index]) {
      if (deferred_.size() < defer_cap_) {
        deferred_.push_back(e);
      } else {
        overflow_add(e);
      }
    } else if (adder_.add(buckets_[e.index], *e.point, e.negate)) {
      queued_[e.index] = 1;
      queued_list_.push_back(e.index);
    }
  }

  void overflow_add(const Entry& e) {
    if (overflow_[e.index].is_identity()) overflowed_.push_back(e.index);
    if (e.negate) {
      overflow_[e.index].sub_affine(*e.point);
    } else {
      overflow_[e.index] += *e.point;
    }
  }

  // Completes the batch, then gives the deferred entries another try.
  void flush() {
    complete_batch();
    retry_.swap(deferred_);
    for (const Entry& e : retry_) place(e);
    retry_.clear();
  }

  void complete_batch() {
    adder_.flush();
    for (uint32_t i : queued_list_) queued_[i] = 0;
    queued_list_.clear();
  }

  // Adds the non-empty overflow accumulators into their affine buckets: one batch
  // normalisation (1/ZZZ for all; 1/ZZ = (ZZ/ZZZ)^2) and one batch of additions.
  // overflowed_ may list a bucket twice (back to identity, then hit again): the second sees
  // identity (ZZZ = 0 stays 0 in batch_inverse) and is skipped.
  void fold_overflow() {
    const std::vector<uint32_t>& indices = overflowed_;
    if (indices.empty()) return;
    std::vector<F> inv(indices.size()), scratch(indices.size());
    for (size_t i = 0; i < indices.size(); ++i) inv[i] = overflow_[indices[i]].zzz;
    ff::batch_inverse<F>(inv, scratch);
    std::vector<AffineT> points(indices.size());
    for (size_t i = 0; i < indices.size(); ++i) {
      XyzzT& o = overflow_[indices[i]];
      if (o.is_identity()) continue;
      const F izz = (o.zz * inv[i]).square();
      points[i] = {o.x * izz, o.y * inv[i], false};
      o = XyzzT::identity();
      adder_.add(buckets_[indices[i]], points[i]);
    }
    adder_.flush();
    overflowed_.clear();
  }

  // Running sums one bucket after the other: madd + add-2008-s per bucket.
  XyzzT serial_sum() const {
    XyzzT running = XyzzT::identity(), total = XyzzT::identity();
    for (uint32_t b = used_; b-- > 0;) {
      running += buckets_[b];
      if (!running.is_identity()) total += running;
    }
    return total;
  }

  // K segments of L buckets advance their running sums together (see the file comment).
  XyzzT segmented_sum() {
    const uint32_t k_count = reduction_segments(used_, inverse_cost<F>());
    const uint32_t len = (used_ + k_count - 1) / k_count;
    running_.assign(k_count, AffineT::identity());
    total_.assign(k_count, AffineT::identity());
    for (uint32_t s = len; s-- > 0;) {
      for (uint32_t k = 0; k < k_count; ++k) {
        const uint32_t b = k * len + s;
        if (b < used_) adder_.add(running_[k], buckets_[b]);
      }
      adder_.flush();
      for (uint32_t k = 0; k < k_count; ++k) adder_.add(total_[k], running_[k]);
      adder_.flush();
    }
    // sum = sum_k T_k + len * sum_k k S_k.
    XyzzT running = XyzzT::identity(), weighted = XyzzT::identity();
    for (uint32_t k = k_count; k-- > 1;) {
      running += running_[k];
      if (!running.is_identity()) weighted += running;
    }
    XyzzT sum = XyzzT::from_jacobian(weighted.to_jacobian().mul_limbs(ff::Limbs<1>{len}));
    for (const AffineT& t : total_) sum += t;
    return sum;
  }

  std::vector<AffineT> buckets_;
  std::vector<XyzzT> overflow_;
  std::vector<uint8_t> queued_;
  std::vector<uint32_t> queued_list_, overflowed_;
  std::vector<Entry> deferred_, retry_;
  std::vector<AffineT> running_, total_;  // segmented reduction
  std::array<Entry, kPipeline> pending_{};
  unsigned head_ = 0;
  uint32_t batch_size_;
  uint32_t defer_cap_;  // batch / 16: longer lists cost re-scans when few buckets are in use
  uint32_t used_ = 0;
  BatchAffineAdder<Config> adder_;
};

}  // namespace cuzk::msm
