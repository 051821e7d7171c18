// DensityTracker: one bit per variable of a query, set when the variable occurs with a non-zero
// coefficient in some row of that query's matrix — bellperson's (ec-gpu-gen) DensityTracker.
//
// The bits are stored in 64-bit words, bit i of the tracker in word i/64 at bit i%64 (LSB first),
// the raw layout supraseal's prover consumes; bits past size() in the last word are zero. The
// popcount is maintained incrementally (inc() counts a bit only the first time it is set).
//
// QueryDensities groups the three trackers a Groth16 prover needs (see the spec, §3.2–3.3):
// A over aux (inputs are always dense in A thanks to the input constraints), B over inputs and
// B over aux. There is no C tracker: the L query covers every aux variable.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "r1cs/linear_combination.hpp"

namespace cuzk::r1cs {

class DensityTracker {
 public:
  // Appends one (unset) bit.
  void add_element() {
    if ((bits_ & 63) == 0) words_.push_back(0);
    ++bits_;
  }
  // Sets bit i; throws std::out_of_range past size().
  void inc(size_t i) {
    if (i >= bits_) throw std::out_of_range("DensityTracker: index past the tracked variables");
    uint64_t& w = words_[i >> 6];
    const uint64_t m = uint64_t(1) << (i & 63);
    popcount_ += (w & m) == 0;
    w |= m;
  }
  // A tracker of `bits` bits stored in `words` (the layout above), popcount recounted; throws
  // std::invalid_argument when the word count does not match or a bit past `bits` is set.
  static DensityTracker from_words(std::vector<uint64_t> words, size_t bits) {
    if (words.size() != (bits + 63) / 64) {
      throw std::invalid_argument("DensityTracker: word count does not match the bit count");
    }
    if ((bits & 63) != 0 && (words.back() >> (bits & 63)) != 0) {
      throw std::invalid_argument("DensityTracker: a bit past the tracked variables is set");
    }
    DensityTracker d;
    for (uint64_t w : words) d.popcount_ += size_t(std::popcount(w));
    d.words_ = std::move(words);
    d.bits_ = bits;
    return d;
  }
  bool get(size_t i) const { return i < bits_ && ((words_[i >> 6] >> (i & 63)) & 1) != 0; }

  size_t size() const { return bits_; }
  size_t popcount() const { return popcount_; }
  std::span<const uint64_t> words() const { return words_; }

  void reserve(size_t bits) { words_.reserve((bits + 63) / 64); }
  void clear() {
    words_.clear();
    bits_ = 0;
    popcount_ = 0;
  }

  friend bool operator==(const DensityTracker&, const DensityTracker&) = default;

 private:
  std::vector<uint64_t> words_;
  size_t bits_ = 0;
  size_t popcount_ = 0;
};

struct QueryDensities {
  DensityTracker a_aux;
  DensityTracker b_input;
  DensityTracker b_aux;
  friend bool operator==(const QueryDensities&, const QueryDensities&) = default;
};

// Marks every variable of lc with a non-zero coefficient: inputs in `inputs` (when not null),
// aux in `aux` (when not null).
inline void mark_density(const LinearCombination& lc, DensityTracker* inputs, DensityTracker* aux) {
  for (const Term& t : lc) {
    if (t.coeff.is_zero()) continue;
    DensityTracker* d = t.var.is_input() ? inputs : aux;
    if (d != nullptr) d->inc(t.var.index());
  }
}

}  // namespace cuzk::r1cs
