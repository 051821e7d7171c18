// Bits in a circuit (bellpepper-core gadgets/boolean.rs), with the reference's exact variable
// and constraint order, names and constant folding — the R1CS they emit must be the one the
// Filecoin parameters were generated for.
//
// * AllocatedBit: a variable constrained to {0, 1}, with its value.
// * Boolean: an AllocatedBit (Is), its negation (Not, free: 1 - b in every LC) or a constant.
//   Operations on Booleans fold constants and negations before they fall back to the
//   AllocatedBit operations, so a constant operand costs nothing.
//
// Values are eager (the ConstraintSystem takes values, not closures): every bit knows its value.
// On a witness-only system (!cs.wants_constraints()) every operation allocates the same
// variables with the same values and counts its constraints (skip_constraints) without building
// their linear combinations.
// Costs (constraints): alloc 1; xor / and / and_not / nor of allocated bits 1 (plus one new
// variable); sha256_ch 1 and sha256_maj 2 with three allocated inputs; fewer with constants.
//
// `xor`, `and`, `or`, `not` are C++ alternative tokens, so the operations are free functions
// named after them with a `_bits` suffix, overloaded for AllocatedBit and Boolean.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "ff/fr.hpp"
#include "gadgets/lc_builder.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::gadgets {

using r1cs::ConstraintSystem;

// A gadget was asked to enforce something false about constants (bellpepper's
// SynthesisError::Unsatisfiable), e.g. enforce_equal(true, false).
class Unsatisfiable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AllocatedBit {
 public:
  AllocatedBit() = default;

  // One variable "boolean" and the constraint (1 - b) * b = 0 ("boolean constraint").
  static AllocatedBit alloc(ConstraintSystem& cs, bool value);
  // Same, but (1 - must_be_false - b) * b = 0: b may be 1 only if must_be_false is 0.
  static AllocatedBit alloc_conditionally(ConstraintSystem& cs, bool value,
                                          const AllocatedBit& must_be_false);

  // A bit whose variable the caller has already constrained to {0, 1} (sha256_ch and
  // sha256_maj allocate their result themselves).
  static AllocatedBit assume_boolean(Variable var, bool value) { return AllocatedBit(var, value); }

  Variable variable() const { return var_; }
  bool value() const { return value_; }

 private:
  AllocatedBit(Variable var, bool value) : var_(var), value_(value) {}

  Variable var_;
  bool value_ = false;
};

// (2a) * b = a + b - c: 1 variable, 1 constraint.
AllocatedBit xor_bits(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
// a * b = c.
AllocatedBit and_bits(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
// a * (1 - b) = c.
AllocatedBit and_not_bits(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
// (1 - a) * (1 - b) = c.
AllocatedBit nor_bits(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);

class Boolean {
 public:
  enum class Kind : uint8_t { kConstant, kIs, kNot };

  Boolean() = default;                                               // Constant(false)
  Boolean(const AllocatedBit& bit) : kind_(Kind::kIs), bit_(bit) {}  // NOLINT: Boolean::from
  static Boolean constant(bool value) {
    Boolean b;
    b.constant_ = value;
    return b;
  }

  Kind kind() const { return kind_; }
  bool is_constant() const { return kind_ == Kind::kConstant; }
  // The underlying bit of Is / Not (meaningless for a constant).
  const AllocatedBit& bit() const { return bit_; }
  bool value() const {
    switch (kind_) {
      case Kind::kConstant:
        return constant_;
      case Kind::kIs:
        return bit_.value();
      case Kind::kNot:
        return !bit_.value();
    }
    return false;
  }

  // Negation, free: Constant(!c), Is <-> Not.
  Boolean negated() const {
    Boolean b = *this;
    switch (kind_) {
      case Kind::kConstant:
        b.constant_ = !constant_;
        break;
      case Kind::kIs:
        b.kind_ = Kind::kNot;
        break;
      case Kind::kNot:
        b.kind_ = Kind::kIs;
        break;
    }
    return b;
  }

  // coeff times this bit as an LC over ONE: constant true -> coeff·ONE, false -> empty,
  // Is -> coeff·b, Not -> coeff·ONE - coeff·b (bellpepper's Boolean::lc).
  LinearCombination lc(const Fr& coeff = Fr::one()) const {
    LinearCombination out;
    add_to(out, coeff);
    return out;
  }
  // Appends the terms of lc(coeff) (same order, so LinearCombination merges them identically).
  template <class Lc>
  void add_to(Lc& out, const Fr& coeff) const {
    switch (kind_) {
      case Kind::kConstant:
        if (constant_) out.add(ConstraintSystem::one(), coeff);
        break;
      case Kind::kIs:
        out.add(bit_.variable(), coeff);
        break;
      case Kind::kNot:
        out.add(ConstraintSystem::one(), coeff);
        out.add(bit_.variable(), -coeff);
        break;
    }
  }

 private:
  Kind kind_ = Kind::kConstant;
  bool constant_ = false;
  AllocatedBit bit_;
};

// Constant folding as in boolean.rs; with two allocated operands one AllocatedBit operation.
Boolean xor_bits(ConstraintSystem& cs, const Boolean& a, const Boolean& b);
Boolean and_bits(ConstraintSystem& cs, const Boolean& a, const Boolean& b);
// not(and(not a, not b)), inside the namespace "not and (not a) (not b)".
Boolean or_bits(ConstraintSystem& cs, const Boolean& a, const Boolean& b);
// ch(a, b, c) = (a and b) xor ((not a) and c); maj(a, b, c) = majority. Constant cases reduce to
// and_bits or to nothing by boolean.rs's case table; the generic maj allocates its result before
// the inner "b and c".
Boolean sha256_ch(ConstraintSystem& cs, const Boolean& a, const Boolean& b, const Boolean& c);
Boolean sha256_maj(ConstraintSystem& cs, const Boolean& a, const Boolean& b, const Boolean& c);

// a == b: nothing for two equal constants (Unsatisfiable for different ones), otherwise one
// constraint 0 * 0 = (1 - a), a, or a - b.
void enforce_equal(ConstraintSystem& cs, const Boolean& a, const Boolean& b);

// The 64 bits of `value`, LSB first, each allocated as "bit i" (u64_into_boolean_vec_le).
std::vector<Boolean> u64_into_boolean_vec_le(ConstraintSystem& cs, uint64_t value);

}  // namespace cuzk::gadgets
