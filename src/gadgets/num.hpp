// Field elements in a circuit (bellpepper-core gadgets/num.rs), with the reference's variable
// and constraint order and names.
//
// * AllocatedNum: one variable and its value. Arithmetic allocates the result, then enforces
//   one constraint (add, mul, square: 1 each; inputize: 1 public input + 1).
// * Num: a linear combination with its value; additions and scalings are free (no
//   constraint), which is how Poseidon's linear layers cost nothing.
//
// Bit decomposition, LSB first:
// * to_bits_le (non-strict): 255 allocated bits and one packing constraint, 256 constraints.
//   No range check: bits encoding value + r (when that fits in 255 bits) also satisfy it, which
//   the reference accepts.
// * to_bits_le_strict: the same bits, but constrained to be at most r - 1 by walking the runs
//   of ones in r - 1 (MSB first) with AND chains and conditional booleanity, as bellpepper does.
#pragma once

#include <utility>
#include <vector>

#include "gadgets/boolean.hpp"

namespace cuzk::gadgets {

class AllocatedNum {
 public:
  AllocatedNum() = default;

  // A private variable "num" (no constraint).
  static AllocatedNum alloc(ConstraintSystem& cs, const Fr& value);
  // A public input "input num" (no constraint).
  static AllocatedNum alloc_input(ConstraintSystem& cs, const Fr& value);
  static AllocatedNum alloc_maybe_input(ConstraintSystem& cs, bool is_input, const Fr& value) {
    return is_input ? alloc_input(cs, value) : alloc(cs, value);
  }
  // Wraps an existing variable whose value is `value` (no allocation, no constraint).
  static AllocatedNum from_variable(Variable var, const Fr& value) {
    AllocatedNum n;
    n.var_ = var;
    n.value_ = value;
    return n;
  }

  Variable variable() const { return var_; }
  const Fr& value() const { return value_; }

  // Exposes this value as a new public input: input "input variable", and
  // input * 1 = this ("enforce input is correct").
  void inputize(ConstraintSystem& cs) const;

  AllocatedNum add(ConstraintSystem& cs, const AllocatedNum& other) const;  // (a + b) * 1 = c
  AllocatedNum mul(ConstraintSystem& cs, const AllocatedNum& other) const;  // a * b = c
  AllocatedNum square(ConstraintSystem& cs) const;                          // a * a = c

  // 255 bits LSB first ("bit i"), then 0 * 0 = sum 2^i bit_i - this ("unpacking constraint").
  std::vector<Boolean> to_bits_le(ConstraintSystem& cs) const;
  // Same bits, additionally constrained to encode an integer <= r - 1.
  std::vector<Boolean> to_bits_le_strict(ConstraintSystem& cs) const;

  // (c, d) = condition ? (b, a) : (a, b), with 2 variables and 2 constraints
  // ((a - b) * condition = a - c, (b - a) * condition = b - d).
  static std::pair<AllocatedNum, AllocatedNum> conditionally_reverse(ConstraintSystem& cs,
                                                                     const AllocatedNum& a,
                                                                     const AllocatedNum& b,
                                                                     const Boolean& condition);

 private:
  Variable var_;
  Fr value_;
};

// The 255 LE bits of `value` allocated as "bit i" (field_into_allocated_bits_le), without the
// packing constraint.
std::vector<AllocatedBit> field_into_allocated_bits_le(ConstraintSystem& cs, const Fr& value);

class Num {
 public:
  Num() = default;                                                            // zero
  Num(const AllocatedNum& num) : value_(num.value()), lc_(num.variable()) {}  // NOLINT: From
  Num(LinearCombination lc, const Fr& value) : value_(value), lc_(std::move(lc)) {}

  const Fr& value() const { return value_; }
  const LinearCombination& lc() const { return lc_; }
  // coeff * this LC (a copy; zero terms kept).
  LinearCombination lc(const Fr& coeff) const { return lc_.scaled(coeff); }

  // this + coeff * bit.
  Num& add_bool_with_coeff(const Boolean& bit, const Fr& coeff) {
    if (bit.value()) value_ += coeff;
    bit.add_to(lc_, coeff);
    return *this;
  }
  Num& add(const Num& other) {
    lc_ += other.lc_;
    value_ += other.value_;
    return *this;
  }
  Num& scale(const Fr& s) {
    lc_ = lc_.scaled(s);
    value_ *= s;
    return *this;
  }

 private:
  Fr value_;
  LinearCombination lc_;
};

}  // namespace cuzk::gadgets
