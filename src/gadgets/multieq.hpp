// MultiEq (bellperson gadgets/multieq.rs): batches many equalities "lhs == rhs" between
// small integers (sums of weighted bits, such as a UInt32 addition and its result bits) into as
// few constraints as the field allows. Each new equality of n bits is shifted by the bits
// already used, so that lhs_total * 1 = rhs_total stays exact as long as the total stays below
// CAPACITY = 254 bits; when the next one would reach it, the batch is emitted first.
//
// Lifecycle (one per SHA-256 compression, as in the reference): construct on a constraint
// system, enforce_equal() as often as needed, finish() to emit the last batch ("multieq k" in
// the namespace current at that moment). The destructor finishes an unfinished batch, as
// bellperson's Drop does, unless an exception is unwinding.
//
// The sides are collected as raw terms (LcBuilder) and sorted once per emitted constraint; the
// result is the LC bellpepper builds term by term (see lc_builder.hpp). On a witness-only system
// (!cs.wants_constraints()) only the bit count is kept: the side callbacks are not called, and a
// batch is counted (skip_constraints) at the moment it would have been emitted.
#pragma once

#include <exception>
#include <stdexcept>

#include "gadgets/lc_builder.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::gadgets {

class MultiEq {
 public:
  static constexpr size_t kCapacity = Fr::kBits - 1;  // 254

  explicit MultiEq(r1cs::ConstraintSystem& cs) : cs_(cs) {}
  MultiEq(const MultiEq&) = delete;
  MultiEq& operator=(const MultiEq&) = delete;
  ~MultiEq() {
    if (bits_used_ > 0 && std::uncaught_exceptions() == 0) finish();
  }

  r1cs::ConstraintSystem& cs() const { return cs_; }

  // lhs == rhs as num_bits-bit integers.
  void enforce_equal(size_t num_bits, const LinearCombination& lhs, const LinearCombination& rhs) {
    enforce_equal_with(
        num_bits, [&](LcBuilder& out, size_t shift) { out.add(lhs, pow2(shift)); },
        [&](LcBuilder& out, size_t shift) { out.add(rhs, pow2(shift)); });
  }

  // The same, with each side written by a callback add_side(LcBuilder& out, size_t shift) that
  // appends its terms multiplied by 2^shift — bit-weighted sums can use pow2(shift + i)
  // directly instead of multiplying every coefficient.
  template <class AddLhs, class AddRhs>
  void enforce_equal_with(size_t num_bits, AddLhs&& add_lhs, AddRhs&& add_rhs) {
    if (num_bits >= kCapacity) {
      throw std::invalid_argument("MultiEq: an equality of " + std::to_string(num_bits) +
                                  " bits does not fit in the field's capacity");
    }
    if (kCapacity <= bits_used_ + num_bits) emit();
    if (cs_.wants_constraints()) {
      add_lhs(lhs_, bits_used_);
      add_rhs(rhs_, bits_used_);
    }
    bits_used_ += num_bits;
  }

  // Emits the pending batch, if any.
  void finish() {
    if (bits_used_ > 0) emit();
  }

  size_t bits_used() const { return bits_used_; }
  size_t constraints_emitted() const { return ops_; }

 private:
  void emit();

  r1cs::ConstraintSystem& cs_;
  size_t ops_ = 0;
  size_t bits_used_ = 0;
  LcBuilder lhs_, rhs_;
};

}  // namespace cuzk::gadgets
