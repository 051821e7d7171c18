// LinearCombination's out-of-line paths: storage management, sorted insert and LC merge. The
// hot path (appending in index order, merging into the last term) is inline in the header.
#include "r1cs/linear_combination.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace cuzk::r1cs {

LinearCombination::LinearCombination(const LinearCombination& other) : LinearCombination() {
  reserve(other.size_);
  std::memcpy(static_cast<void*>(data_), other.data_, other.size_ * sizeof(Term));
  size_ = other.size_;
}

LinearCombination::LinearCombination(LinearCombination&& other) noexcept : LinearCombination() {
  *this = std::move(other);
}

LinearCombination& LinearCombination::operator=(const LinearCombination& other) {
  if (this == &other) return *this;
  size_ = 0;
  reserve(other.size_);
  std::memcpy(static_cast<void*>(data_), other.data_, other.size_ * sizeof(Term));
  size_ = other.size_;
  return *this;
}

LinearCombination& LinearCombination::operator=(LinearCombination&& other) noexcept {
  if (this == &other) return *this;
  if (other.is_inline()) {
    // Our own storage (inline or heap) always has room for an inline-sized LC. Inline to inline
    // copies the whole fixed-size buffer: a few vector moves instead of a memcpy call.
    if (is_inline()) {
      std::memcpy(inline_, other.inline_, sizeof(inline_));
    } else {
      std::memcpy(static_cast<void*>(data_), other.data_, other.size_ * sizeof(Term));
    }
    size_ = other.size_;
  } else {
    release();
    data_ = other.data_;
    size_ = other.size_;
    cap_ = other.cap_;
    other.data_ = other.inline_terms();
    other.cap_ = kInlineTerms;
  }
  other.size_ = 0;
  return *this;
}

void LinearCombination::release() {
  if (!is_inline()) ::operator delete(static_cast<void*>(data_));
  data_ = inline_terms();
  cap_ = kInlineTerms;
}

void LinearCombination::reserve(size_t terms) {
  if (terms > cap_) grow(terms);
}

void LinearCombination::grow(size_t min_capacity) {
  if (min_capacity > std::numeric_limits<uint32_t>::max()) {
    throw std::length_error("LinearCombination: more than 2^32 terms");
  }
  size_t cap = std::max<size_t>(min_capacity, size_t(cap_) * 2);
  cap = std::min<size_t>(cap, std::numeric_limits<uint32_t>::max());
  auto* fresh = static_cast<Term*>(::operator new(cap * sizeof(Term)));
  std::memcpy(static_cast<void*>(fresh), data_, size_ * sizeof(Term));
  uint32_t size = size_;
  release();
  data_ = fresh;
  cap_ = uint32_t(cap);
  size_ = size;
}

void LinearCombination::insert_sorted(Variable var, const Fr& coeff) {
  Term* pos = std::lower_bound(data_, data_ + size_, var,
                               [](const Term& t, Variable v) { return t.var < v; });
  if (pos != data_ + size_ && pos->var == var) {
    pos->coeff += coeff;
    return;
  }
  size_t at = size_t(pos - data_);
  if (size_ == cap_) grow(size_ + 1);
  std::memmove(static_cast<void*>(data_ + at + 1), data_ + at, (size_ - at) * sizeof(Term));
  ::new (static_cast<void*>(data_ + at)) Term{var, coeff};
  ++size_;
}

LinearCombination& LinearCombination::add_scaled(const LinearCombination& other, const Fr& coeff) {
  if (other.empty()) return *this;
  const bool unit = coeff.is_one();
  auto scale = [&](const Fr& c) { return unit ? c : c * coeff; };
  if (size_ == 0 || data_[size_ - 1].var < other.data_[0].var) {
    // Every term of other lies above every present one (never so for &other == this, whose
    // first term is not above its last): append in order.
    reserve(size_t(size_) + other.size_);
    for (const Term& t : other) push_back(Term{t.var, scale(t.coeff)});
    return *this;
  }
  // General case: a linear merge of two sorted term lists into fresh storage (safe when
  // &other == this, as the sources are only read).
  LinearCombination merged;
  merged.reserve(size_t(size_) + other.size_);
  const Term *a = begin(), *a_end = end(), *b = other.begin(), *b_end = other.end();
  while (a != a_end || b != b_end) {
    if (b == b_end || (a != a_end && a->var < b->var)) {
      merged.push_back(*a++);
    } else if (a == a_end || b->var < a->var) {
      merged.push_back(Term{b->var, scale(b->coeff)});
      ++b;
    } else {
      merged.push_back(Term{a->var, a->coeff + scale(b->coeff)});
      ++a;
      ++b;
    }
  }
  *this = std::move(merged);
  return *this;
}

LinearCombination LinearCombination::scaled(const Fr& coeff) const {
  LinearCombination out;
  out.reserve(size_);
  for (const Term& t : *this) out.push_back(Term{t.var, t.coeff * coeff});
  return out;
}

Fr LinearCombination::evaluate(std::span<const Fr> inputs, std::span<const Fr> aux) const {
  Fr acc = Fr::zero();
  for (const Term& t : *this) {
    if (t.coeff.is_zero()) continue;
    const uint64_t i = t.var.index();
    const std::span<const Fr>& values = t.var.is_input() ? inputs : aux;
    if (i >= values.size()) throw std::out_of_range("LinearCombination: variable out of range");
    acc += t.coeff.is_one() ? values[i] : t.coeff * values[i];
  }
  return acc;
}

bool operator==(const LinearCombination& a, const LinearCombination& b) {
  return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
}

}  // namespace cuzk::r1cs
