// LcBuilder: collects coeff·var terms in any order and produces the linear combination that
// bellpepper would have built by adding them one at a time: terms sorted (inputs, then aux, by
// index), one term per variable with the coefficients summed, and a variable whose coefficients
// cancel kept as a zero term. Field addition is commutative, so sorting first and merging after
// gives exactly that LC.
//
// Why: gadgets such as UInt32::addmany and MultiEq sum hundreds of bits whose variables arrive in
// no particular order (rotations, reversed bytes). Adding them to a LinearCombination one by one
// is a sorted insert each (quadratic); collecting and sorting once is n log n.
//
// pow2(k) is the packing coefficient 2^k (k < 256) that bit-packing gadgets use, from a table
// built once.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <vector>

#include "ff/fr.hpp"
#include "r1cs/linear_combination.hpp"

namespace cuzk::gadgets {

using ff::Fr;
using r1cs::LinearCombination;
using r1cs::Term;
using r1cs::Variable;

// 2^k in Fr for k in 0..255.
inline const Fr& pow2(size_t k) {
  static const std::array<Fr, 256> table = [] {
    std::array<Fr, 256> t;
    t[0] = Fr::one();
    for (size_t i = 1; i < t.size(); ++i) t[i] = t[i - 1] + t[i - 1];
    return t;
  }();
  return table[k];
}

// A short LinearCombination from terms in any order, built in place: lc_of({one * x, minus * y})
// equals LinearCombination() + x - y without the temporaries.
inline LinearCombination lc_of(std::initializer_list<Term> terms) {
  LinearCombination lc;
  for (const Term& t : terms) lc.add(t.var, t.coeff);
  return lc;
}

class LcBuilder {
 public:
  void reserve(size_t terms) { terms_.reserve(terms); }
  void clear() { terms_.clear(); }
  bool empty() const { return terms_.empty(); }
  size_t size() const { return terms_.size(); }

  void add(Variable var, const Fr& coeff) { terms_.push_back(Term{var, coeff}); }
  void add(const LinearCombination& lc, const Fr& coeff) {
    for (const Term& t : lc) terms_.push_back(Term{t.var, t.coeff * coeff});
  }
  // this += coeff·other (other's raw terms, scaled).
  void add(const LcBuilder& other, const Fr& coeff) {
    for (const Term& t : other.terms_) terms_.push_back(Term{t.var, t.coeff * coeff});
  }

  // The sorted, merged LC (the collected terms are left in sorted order).
  LinearCombination build() {
    std::stable_sort(terms_.begin(), terms_.end(),
                     [](const Term& a, const Term& b) { return a.var < b.var; });
    LinearCombination lc;
    lc.reserve(terms_.size());
    for (const Term& t : terms_) lc.add(t.var, t.coeff);  // appends, or merges into the last term
    return lc;
  }

 private:
  std::vector<Term> terms_;
};

}  // namespace cuzk::gadgets
