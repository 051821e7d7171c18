// AllocatedBit and Boolean operations (see boolean.hpp). Each function mirrors its boolean.rs
// counterpart case by case: the order of the match arms decides which operand comes first in
// the emitted constraint, so it is kept exactly.
#include "gadgets/boolean.hpp"

#include <string>

namespace cuzk::gadgets {

namespace {

using r1cs::kFrMinusOne;
using r1cs::kFrOne;
constexpr Variable kOneVar = ConstraintSystem::one();

Fr bit_value(bool b) {
  return b ? Fr::one() : Fr::zero();
}

// A new variable `name` holding the bit `value`, and the one constraint that defines it:
// enforce(var) builds and enforces it where constraints are wanted; a witness-only system only
// counts it.
template <class Enforce>
AllocatedBit new_bit(ConstraintSystem& cs, bool value, const char* name, Enforce&& enforce) {
  const Variable var = cs.alloc(bit_value(value), name);
  if (!cs.wants_constraints()) {
    cs.skip_constraints(1);
  } else {
    enforce(var);
  }
  return AllocatedBit::assume_boolean(var, value);
}

}  // namespace

AllocatedBit AllocatedBit::alloc(ConstraintSystem& cs, bool value) {
  return new_bit(cs, value, "boolean", [&](Variable var) {
    cs.enforce(lc_of({kFrOne * kOneVar, kFrMinusOne * var}), var, LinearCombination(),
               "boolean constraint");
  });
}

AllocatedBit AllocatedBit::alloc_conditionally(ConstraintSystem& cs, bool value,
                                               const AllocatedBit& must_be_false) {
  return new_bit(cs, value, "boolean", [&](Variable var) {
    cs.enforce(lc_of({kFrOne * kOneVar, kFrMinusOne * must_be_false.variable(), kFrMinusOne * var}),
               var, LinearCombination(), "boolean constraint");
  });
}

AllocatedBit xor_bits(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  return new_bit(cs, a.value() != b.value(), "xor result", [&](Variable c) {
    cs.enforce(lc_of({kFrOne * a.variable(), kFrOne * a.variable()}), b.variable(),
               lc_of({kFrOne * a.variable(), kFrOne * b.variable(), kFrMinusOne * c}),
               "xor constraint");
  });
}

AllocatedBit and_bits(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  return new_bit(cs, a.value() && b.value(), "and result",
                 [&](Variable c) { cs.enforce(a.variable(), b.variable(), c, "and constraint"); });
}

AllocatedBit and_not_bits(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  return new_bit(cs, a.value() && !b.value(), "and not result", [&](Variable c) {
    cs.enforce(a.variable(), lc_of({kFrOne * kOneVar, kFrMinusOne * b.variable()}), c,
               "and not constraint");
  });
}

AllocatedBit nor_bits(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  return new_bit(cs, !a.value() && !b.value(), "nor result", [&](Variable c) {
    cs.enforce(lc_of({kFrOne * kOneVar, kFrMinusOne * a.variable()}),
               lc_of({kFrOne * kOneVar, kFrMinusOne * b.variable()}), c, "nor constraint");
  });
}

using Kind = Boolean::Kind;

Boolean xor_bits(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  if (a.is_constant() && !a.value()) return b;
  if (b.is_constant() && !b.value()) return a;
  if (a.is_constant()) return b.negated();  // constant true
  if (b.is_constant()) return a.negated();
  if (a.kind() == b.kind()) return Boolean(xor_bits(cs, a.bit(), b.bit()));  // Is^Is, Not^Not
  // One Is, one Not: xor(is, not(not)) negated, with the Is operand first.
  const Boolean& is = a.kind() == Kind::kIs ? a : b;
  const Boolean& isnt = a.kind() == Kind::kIs ? b : a;
  return Boolean(xor_bits(cs, is.bit(), isnt.bit())).negated();
}

Boolean and_bits(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  if ((a.is_constant() && !a.value()) || (b.is_constant() && !b.value())) {
    return Boolean::constant(false);
  }
  if (a.is_constant()) return b;  // constant true
  if (b.is_constant()) return a;
  if (a.kind() != b.kind()) {
    const Boolean& is = a.kind() == Kind::kIs ? a : b;
    const Boolean& isnt = a.kind() == Kind::kIs ? b : a;
    return Boolean(and_not_bits(cs, is.bit(), isnt.bit()));
  }
  if (a.kind() == Kind::kNot) return Boolean(nor_bits(cs, a.bit(), b.bit()));
  return Boolean(and_bits(cs, a.bit(), b.bit()));
}

Boolean or_bits(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  r1cs::Namespace ns(cs, "not and (not a) (not b)");
  return and_bits(cs, a.negated(), b.negated()).negated();
}

Boolean sha256_ch(ConstraintSystem& cs, const Boolean& a, const Boolean& b, const Boolean& c) {
  const bool value = (a.value() && b.value()) != (!a.value() && c.value());
  const auto is_false = [](const Boolean& x) { return x.is_constant() && !x.value(); };
  const auto is_true = [](const Boolean& x) { return x.is_constant() && x.value(); };
  if (a.is_constant() && b.is_constant() && c.is_constant()) return Boolean::constant(value);
  if (is_false(a)) return c;
  if (is_false(b)) return and_bits(cs, a.negated(), c);
  if (is_false(c)) return and_bits(cs, a, b);
  if (is_true(c)) return and_bits(cs, a, b.negated()).negated();
  if (is_true(b)) return and_bits(cs, a.negated(), c.negated()).negated();
  // a constant true, or all three allocated: the generic gadget.
  return Boolean(new_bit(cs, value, "ch", [&](Variable ch) {
    LinearCombination lhs, out(ch);  // (b - c) * a = ch - c
    b.add_to(lhs, kFrOne);
    c.add_to(lhs, kFrMinusOne);
    c.add_to(out, kFrMinusOne);
    cs.enforce(lhs, a.lc(), out, "ch computation");
  }));
}

Boolean sha256_maj(ConstraintSystem& cs, const Boolean& a, const Boolean& b, const Boolean& c) {
  const bool value =
      ((a.value() && b.value()) != (a.value() && c.value())) != (b.value() && c.value());
  const auto is_false = [](const Boolean& x) { return x.is_constant() && !x.value(); };
  const auto is_true = [](const Boolean& x) { return x.is_constant() && x.value(); };
  if (a.is_constant() && b.is_constant() && c.is_constant()) return Boolean::constant(value);
  if (is_false(a)) return and_bits(cs, b, c);
  if (is_false(b)) return and_bits(cs, a, c);
  if (is_false(c)) return and_bits(cs, a, b);
  if (is_true(c)) return and_bits(cs, a.negated(), b.negated()).negated();
  if (is_true(b)) return and_bits(cs, a.negated(), c.negated()).negated();
  if (is_true(a)) return and_bits(cs, b.negated(), c.negated()).negated();
  // All three allocated. The result is allocated before the inner "b and c".
  const Variable maj = cs.alloc(bit_value(value), "maj");
  Boolean bc;
  {
    r1cs::Namespace ns(cs, "b and c");
    bc = and_bits(cs, b, c);
  }
  const Boolean result(AllocatedBit::assume_boolean(maj, value));
  if (!cs.wants_constraints()) {
    cs.skip_constraints(1);
    return result;
  }
  LinearCombination lhs, out;  // (2 bc - b - c) * a = bc - maj
  bc.add_to(lhs, kFrOne);
  bc.add_to(lhs, kFrOne);
  b.add_to(lhs, kFrMinusOne);
  c.add_to(lhs, kFrMinusOne);
  bc.add_to(out, kFrOne);
  out.add(maj, kFrMinusOne);
  cs.enforce(lhs, a.lc(), out, "maj computation");
  return result;
}

void enforce_equal(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  if (a.is_constant() && b.is_constant()) {
    if (a.value() != b.value()) throw Unsatisfiable("enforce_equal: constants true and false");
    return;
  }
  const auto is_true = [](const Boolean& x) { return x.is_constant() && x.value(); };
  const auto is_false = [](const Boolean& x) { return x.is_constant() && !x.value(); };
  if (is_true(a) || is_true(b)) {
    const Boolean& x = is_true(a) ? b : a;
    cs.enforce(LinearCombination(), LinearCombination(),
               LinearCombination(ConstraintSystem::one()) - x.lc(), "enforce equal to one");
    return;
  }
  if (is_false(a) || is_false(b)) {
    const Boolean& x = is_false(a) ? b : a;
    cs.enforce(LinearCombination(), LinearCombination(), x.lc(), "enforce equal to zero");
    return;
  }
  cs.enforce(LinearCombination(), LinearCombination(), a.lc() - b.lc(), "enforce equal");
}

std::vector<Boolean> u64_into_boolean_vec_le(ConstraintSystem& cs, uint64_t value) {
  std::vector<Boolean> bits;
  bits.reserve(64);
  for (unsigned i = 0; i < 64; ++i) {
    r1cs::Namespace ns(cs, [&] { return "bit " + std::to_string(i); });
    bits.emplace_back(AllocatedBit::alloc(cs, ((value >> i) & 1) != 0));
  }
  return bits;
}

}  // namespace cuzk::gadgets
