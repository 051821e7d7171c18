// PowerScaling: multiply position p of an n-element sequence by c * s^k(p), where k(p) = p
// (natural order) or rev(p) (the sequence is stored bit-reversed). This is bellperson's
// distribute_powers generalised to a constant factor and to bit-reversed storage, which lets the
// transforms fuse the coset shift g^i and the 1/n of an inverse into their in-cache row pass.
//
// Design: k = x * 2^b + y splits s^k = s^(x 2^b) * s^y, so two tables of ~sqrt(n) entries
// (c folded into the high one) give every factor with one multiplication, and a[p] *= factor is
// the second: 2 multiplications per element, any position computable independently (rows, threads).
// For bit-reversed storage, p = (x, y) maps to k = (rev y, rev x) and the tables are indexed by the
// mirrored halves. When s = 1 the tables are skipped and the cost is one multiplication.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::ntt {

using ff::Fr;

enum class IndexOrder { kNatural, kBitReversed };

class PowerScaling {
 public:
  // n: sequence length (a power of two for kBitReversed, else std::invalid_argument).
  PowerScaling(size_t n, const Fr& c, const Fr& s, IndexOrder order);

  size_t size() const { return n_; }
  // Scales a[i] as position first_position + i (the range must lie inside [0, n)).
  void apply(std::span<Fr> a, size_t first_position) const;

 private:
  size_t n_;
  unsigned low_bits_ = 0;
  bool constant_;
  Fr c_;
  std::vector<Fr> high_;  // c * s^(high part of k(p)), indexed by p >> low_bits_
  std::vector<Fr> low_;   // s^(low part of k(p)), indexed by p & (2^low_bits_ - 1)
};

// a[p] *= c * s^k(p) over the whole span (bellperson's distribute_powers is c = 1, natural order).
// threads: 0 = all cores.
void distribute_powers(std::span<Fr> a, const Fr& c, const Fr& s, IndexOrder order,
                       unsigned threads = 0);

}  // namespace cuzk::ntt
