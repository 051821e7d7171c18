// Batched affine additions: many dst += (+-src) completed with one shared field inversion.
//
// An affine addition needs lambda = (y2 - y1) / (x2 - x1) (or 3 x^2 / 2y when doubling), then
// x3 = lambda^2 - x1 - x2, y3 = lambda (x1 - x3) - y1: 1I + 2M + 1S. Inverting the whole batch's
// denominators at once (Montgomery's trick: prefix products, one inversion, 3M per element)
// makes an addition 5M + 1S + inversion/batch, against 8M + 2S for the XYZZ mixed addition.
//
// add() settles at once what needs no inversion (an identity operand, P + (-P)) and queues the
// rest, doublings included, so every input is exact. Queued additions must have distinct dst,
// and src must stay unchanged until flush() (it may be another queued addition's dst only if
// that one is not in the same batch; dst == src, a doubling, is fine).
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "curve/point.hpp"
#include "ff/fp.hpp"

namespace cuzk::msm {

// One inversion in multiplications of the same field, measured on Zen 4: Fp by divsteps
// 3.9 us / 33 ns; Fp2 = one Fp inversion + a few Fp operations, 4.1 us / 98 ns. Sizes batches
// (affine_buckets.hpp) and feeds the planner's cost model (msm_plan.hpp).
template <class F>
constexpr double inverse_cost() {
  return std::is_same_v<F, ff::Fp> ? 120 : 42;
}

template <class Config>
class BatchAffineAdder {
 public:
  using AffineT = curve::Affine<Config>;
  using F = typename Config::Field;

  explicit BatchAffineAdder(size_t capacity) {
    entries_.reserve(capacity);
    num_.reserve(capacity);
    den_.reserve(capacity);
    prefix_.reserve(capacity);
  }

  size_t size() const { return entries_.size(); }

  // dst += (negate ? -src : src). Returns true when queued (dst changes at flush()), false when
  // already done.
  bool add(AffineT& dst, const AffineT& src, bool negate = false) {
    if (src.infinity) return false;
    const F sy = negate ? -src.y : src.y;
    if (dst.infinity) {
      dst = {src.x, sy, false};
      return false;
    }
    if (dst.x == src.x) {
      if (dst.y != sy || sy.is_zero()) {  // P + (-P), or a point of order 2 doubled
        dst.infinity = true;
        return false;
      }
      const F xx = src.x.square();
      num_.push_back(xx.dbl() + xx);  // doubling: lambda = 3 x^2 / 2 y
      den_.push_back(sy.dbl());
    } else {
      num_.push_back(sy - dst.y);
      den_.push_back(src.x - dst.x);
    }
    entries_.push_back({&dst, &src.x});
    return true;
  }

  // Completes the queued additions with one inversion.
  void flush() {
    const size_t n = entries_.size();
    if (n == 0) return;
    prefix_.resize(n);
    F acc = F::one();
    for (size_t i = 0; i < n; ++i) {
      prefix_[i] = acc;
      acc *= den_[i];
    }
    F inv = acc.inverse();
    for (size_t i = n; i-- > 0;) {
      if (i >= 2) __builtin_prefetch(entries_[i - 2].dst, 1);
      const F lambda = num_[i] * (inv * prefix_[i]);  // num / den_i
      inv *= den_[i];
      AffineT& d = *entries_[i].dst;
      const F x3 = lambda.square() - d.x - *entries_[i].src_x;
      d.y = lambda * (d.x - x3) - d.y;
      d.x = x3;
    }
    entries_.clear();
    num_.clear();
    den_.clear();
  }

 private:
  struct Entry {
    AffineT* dst;
    const F* src_x;
  };
  std::vector<Entry> entries_;
  std::vector<F> num_, den_, prefix_;
};

}  // namespace cuzk::msm
