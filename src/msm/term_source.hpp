// The (scalar, base) pairs an MSM sums, as seen by the Pippenger driver.
//
// A source exposes an index space [0, size()) that the driver cuts into point ranges, and
// for_each(begin, end, fn) calls fn(scalar, base) for the terms inside a range, in index order.
//   PlainTerms   — bases[i] pairs with scalars[i].
//   DensityTerms — Groth16's filtered queries: a bitmap over the scalars selects the terms, and
//                  the bases are COMPACT (one per set bit, in order). The base of a set bit i is
//                  bases[rank(i)], rank = set bits below i; a table of one prefix count per 64
//                  words (4096 bits, n/512 bytes) makes rank() cost at most 63 popcounts, so any
//                  range starts without a scan and the bases are never copied.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "curve/point.hpp"
#include "ff/fr.hpp"

namespace cuzk::msm {

template <class Config>
class PlainTerms {
 public:
  using AffineT = curve::Affine<Config>;
  PlainTerms(std::span<const AffineT> bases, std::span<const ff::Fr::Repr> scalars)
      : bases_(bases), scalars_(scalars) {
    if (bases.size() != scalars.size())
      throw std::invalid_argument("msm: bases.size() " + std::to_string(bases.size()) +
                                  " != scalars.size() " + std::to_string(scalars.size()));
  }
  size_t size() const { return scalars_.size(); }
  size_t terms() const { return scalars_.size(); }

  template <class Fn>
  void for_each(size_t begin, size_t end, Fn&& fn) const {
    for (size_t i = begin; i < end; ++i) fn(scalars_[i], bases_[i]);
  }

 private:
  std::span<const AffineT> bases_;
  std::span<const ff::Fr::Repr> scalars_;
};

template <class Config>
class DensityTerms {
 public:
  using AffineT = curve::Affine<Config>;
  static constexpr size_t kWordsPerBlock = 64;

  // density covers scalar indices [0, scalars.size()); bits at or beyond scalars.size() are
  // ignored. bases.size() must equal the number of set bits below scalars.size().
  DensityTerms(std::span<const AffineT> bases, std::span<const uint64_t> density,
               std::span<const ff::Fr::Repr> scalars)
      : bases_(bases), density_(density), scalars_(scalars) {
    const size_t n = scalars.size();
    if (density.size() < (n + 63) / 64)
      throw std::invalid_argument("msm: density has " + std::to_string(density.size()) +
                                  " words, scalars.size() " + std::to_string(n) + " needs " +
                                  std::to_string((n + 63) / 64));
    const size_t words = (n + 63) / 64;
    block_rank_.reserve(words / kWordsPerBlock + 1);
    size_t count = 0;
    for (size_t w = 0; w < words; ++w) {
      if (w % kWordsPerBlock == 0) block_rank_.push_back(count);
      count += std::popcount(word(w));
    }
    terms_ = count;
    if (bases.size() != count)
      throw std::invalid_argument("msm: bases.size() " + std::to_string(bases.size()) +
                                  " != set bits in density " + std::to_string(count));
  }
  size_t size() const { return scalars_.size(); }
  size_t terms() const { return terms_; }

  // Number of set bits below index i.
  size_t rank(size_t i) const {
    const size_t w = i / 64, block = w / kWordsPerBlock;
    if (block >= block_rank_.size()) return terms_;
    size_t r = block_rank_[block];
    for (size_t k = block * kWordsPerBlock; k < w; ++k) r += std::popcount(word(k));
    if (i % 64 != 0) r += std::popcount(word(w) & ((uint64_t(1) << (i % 64)) - 1));
    return r;
  }

  template <class Fn>
  void for_each(size_t begin, size_t end, Fn&& fn) const {
    if (begin >= end) return;
    size_t b = rank(begin);
    for (size_t w = begin / 64; w * 64 < end; ++w) {
      uint64_t bits = word(w);
      if (w == begin / 64 && begin % 64 != 0) bits &= ~uint64_t(0) << (begin % 64);
      if ((w + 1) * 64 > end) bits &= (uint64_t(1) << (end % 64)) - 1;
      while (bits != 0) {
        const size_t i = w * 64 + size_t(std::countr_zero(bits));
        bits &= bits - 1;
        fn(scalars_[i], bases_[b++]);
      }
    }
  }

 private:
  // Word w of the bitmap with the bits at or beyond size() cleared.
  uint64_t word(size_t w) const {
    uint64_t x = density_[w];
    const size_t n = scalars_.size();
    if ((w + 1) * 64 > n) x &= (uint64_t(1) << (n % 64)) - 1;
    return x;
  }

  std::span<const AffineT> bases_;
  std::span<const uint64_t> density_;
  std::span<const ff::Fr::Repr> scalars_;
  std::vector<size_t> block_rank_;  // set bits below each 64-word block
  size_t terms_ = 0;
};

}  // namespace cuzk::msm
