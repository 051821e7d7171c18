// LinearCombination: Σ coeff·var over Fr, the operand of every R1CS constraint.
//
// Semantics follow bellpepper's LinearCombination (an "Indexer" per variable kind): terms are kept
// sorted (all inputs by index, then all aux by index, i.e. by Variable::raw()) and a variable
// occurs at most once — adding a variable that is already present adds to its coefficient. A
// coefficient that sums to zero stays in the LC as a zero term, as in bellpepper; consumers skip
// zero coefficients (bellperson's prover does, for values and densities alike), so such a term
// is invisible everywhere except in size().
//
// Storage is a small vector with kInlineTerms terms inline: the LCs of almost all constraints
// (boolean constraints, multiplications, XOR/AND of bits) have at most 4 terms, so building them
// never touches the heap. Appending a variable whose index is above every present one (the usual
// pattern: bits allocated in order, then summed) is O(1); anything else is a binary search plus
// an insert, and adding another LC is a linear merge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <type_traits>

#include "ff/fr.hpp"
#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

using ff::Fr;

inline constexpr Fr kFrOne = Fr::one();
inline constexpr Fr kFrMinusOne = -Fr::one();

// One term coeff·var. `coeff * var` builds one: `lc + Fr::from_u64(2) * x`.
struct Term {
  Variable var;
  Fr coeff;
  friend bool operator==(const Term&, const Term&) = default;
};
static_assert(std::is_trivially_copyable_v<Term>);

constexpr Term operator*(const Fr& coeff, Variable var) {
  return Term{var, coeff};
}

class LinearCombination {
 public:
  static constexpr uint32_t kInlineTerms = 4;

  LinearCombination() noexcept : data_(inline_terms()) {}
  // Implicit, so a Variable or a Term can be passed wherever an LC is expected (enforce(x, y, z)).
  LinearCombination(Variable var) : LinearCombination() { push_back(Term{var, kFrOne}); }  // NOLINT
  LinearCombination(const Term& term) : LinearCombination() { push_back(term); }           // NOLINT
  LinearCombination(const LinearCombination& other);
  LinearCombination(LinearCombination&& other) noexcept;
  LinearCombination& operator=(const LinearCombination& other);
  LinearCombination& operator=(LinearCombination&& other) noexcept;
  ~LinearCombination() {
    if (!is_inline()) release();
  }

  static LinearCombination zero() { return {}; }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const { return cap_; }
  // True while the terms live in the inline buffer (no heap allocation made).
  bool is_inline() const { return data_ == inline_terms(); }
  const Term* begin() const { return data_; }
  const Term* end() const { return data_ + size_; }
  const Term& operator[](size_t i) const { return data_[i]; }
  std::span<const Term> terms() const { return {data_, size_}; }

  // Removes all terms, keeping the storage.
  void clear() { size_ = 0; }
  void reserve(size_t terms);

  // this += coeff·var (merging with an existing term of var).
  LinearCombination& add(Variable var, const Fr& coeff) {
    if (size_ == 0 || data_[size_ - 1].var < var) {
      push_back(Term{var, coeff});
    } else if (data_[size_ - 1].var == var) {
      data_[size_ - 1].coeff += coeff;
    } else {
      insert_sorted(var, coeff);
    }
    return *this;
  }
  // this += coeff·other (term by term, merged).
  LinearCombination& add_scaled(const LinearCombination& other, const Fr& coeff);
  // A copy with every coefficient multiplied by coeff (zero terms included, as bellpepper).
  LinearCombination scaled(const Fr& coeff) const;

  LinearCombination& operator+=(Variable var) { return add(var, kFrOne); }
  LinearCombination& operator-=(Variable var) { return add(var, kFrMinusOne); }
  LinearCombination& operator+=(const Term& t) { return add(t.var, t.coeff); }
  LinearCombination& operator-=(const Term& t) { return add(t.var, -t.coeff); }
  LinearCombination& operator+=(const LinearCombination& o) { return add_scaled(o, kFrOne); }
  LinearCombination& operator-=(const LinearCombination& o) { return add_scaled(o, kFrMinusOne); }

  // <this, z> with z = (inputs, aux); zero coefficients are skipped, one coefficients not
  // multiplied (the same shortcuts as bellperson; the value does not depend on them).
  Fr evaluate(std::span<const Fr> inputs, std::span<const Fr> aux) const;

  // Same terms in the same order (zero terms count).
  friend bool operator==(const LinearCombination& a, const LinearCombination& b);

 private:
  Term* inline_terms() { return std::launder(reinterpret_cast<Term*>(inline_)); }
  const Term* inline_terms() const { return std::launder(reinterpret_cast<const Term*>(inline_)); }
  void push_back(const Term& t) {
    if (size_ == cap_) grow(size_ + 1);
    ::new (static_cast<void*>(data_ + size_)) Term(t);
    ++size_;
  }
  void grow(size_t min_capacity);
  void insert_sorted(Variable var, const Fr& coeff);
  void release();

  Term* data_;
  uint32_t size_ = 0;
  uint32_t cap_ = kInlineTerms;
  alignas(Term) std::byte inline_[kInlineTerms * sizeof(Term)];
};

// Builders in bellpepper's style: LinearCombination() + x - y + Fr::from_u64(2) * z + other.
// `lc` is taken by value so chains on temporaries move instead of copying.
inline LinearCombination operator+(LinearCombination lc, Variable v) {
  lc += v;
  return lc;
}
inline LinearCombination operator-(LinearCombination lc, Variable v) {
  lc -= v;
  return lc;
}
inline LinearCombination operator+(LinearCombination lc, const Term& t) {
  lc += t;
  return lc;
}
inline LinearCombination operator-(LinearCombination lc, const Term& t) {
  lc -= t;
  return lc;
}
inline LinearCombination operator+(LinearCombination lc, const LinearCombination& o) {
  lc += o;
  return lc;
}
inline LinearCombination operator-(LinearCombination lc, const LinearCombination& o) {
  lc -= o;
  return lc;
}

}  // namespace cuzk::r1cs
