// Pippenger buckets of one window held in XYZZ coordinates, and their reduction.
//
// add(digit, P) puts +P in bucket |digit| (or -P for a negative digit) with a mixed addition
// (madd-2008-s, 8M+2S). Buckets are random-access and larger than L2 for c >= 13 (G1: 2^(c-1) x
// 192 bytes), so the accumulator runs a short software pipeline: each add prefetches its bucket
// and performs the add queued kPipeline calls earlier. reduce() returns sum_b b * B_b by running
// sums from the highest bucket touched (2 x add-2008-s per bucket) and empties the buckets.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "curve/xyzz.hpp"

namespace cuzk::msm {

template <class Config>
class XyzzBuckets {
 public:
  using AffineT = curve::Affine<Config>;
  using XyzzT = curve::Xyzz<Config>;
  static constexpr unsigned kPipeline = 4;

  explicit XyzzBuckets(uint32_t count) : buckets_(count) {}

  // digit in [-count, count] \ {0}; p must stay alive until flush()/reduce().
  void add(int32_t digit, const AffineT& p) {
    const uint32_t index = uint32_t(digit < 0 ? -digit : digit) - 1;
    __builtin_prefetch(&buckets_[index], 1);
    Pending& slot = pending_[head_];
    if (slot.point != nullptr) apply(slot);
    slot = {&p, index, digit < 0};
    head_ = (head_ + 1) % kPipeline;
    if (index + 1 > used_) used_ = index + 1;
  }

  // sum_b (b+1) * bucket[b]; leaves every bucket empty.
  XyzzT reduce() {
    flush();
    XyzzT running = XyzzT::identity(), total = XyzzT::identity();
    for (uint32_t b = used_; b-- > 0;) {
      if (!buckets_[b].is_identity()) {
        running += buckets_[b];
        buckets_[b] = XyzzT::identity();
      }
      if (!running.is_identity()) total += running;
    }
    used_ = 0;
    return total;
  }

 private:
  struct Pending {
    const AffineT* point = nullptr;
    uint32_t index = 0;
    bool negate = false;
  };

  void apply(const Pending& e) {
    if (e.negate) {
      buckets_[e.index].sub_affine(*e.point);
    } else {
      buckets_[e.index] += *e.point;
    }
  }
  void flush() {
    for (Pending& slot : pending_) {
      if (slot.point != nullptr) apply(slot);
      slot.point = nullptr;
    }
  }

  std::vector<XyzzT> buckets_;
  std::array<Pending, kPipeline> pending_{};
  unsigned head_ = 0;
  uint32_t used_ = 0;
};

}  // namespace cuzk::msm
