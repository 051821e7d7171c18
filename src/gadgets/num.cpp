// AllocatedNum allocation and arithmetic, and conditional reversal (see num.hpp). The bit
// decompositions live in num_bits.cpp.
#include "gadgets/num.hpp"

namespace cuzk::gadgets {

AllocatedNum AllocatedNum::alloc(ConstraintSystem& cs, const Fr& value) {
  return from_variable(cs.alloc(value, "num"), value);
}

AllocatedNum AllocatedNum::alloc_input(ConstraintSystem& cs, const Fr& value) {
  return from_variable(cs.alloc_input(value, "input num"), value);
}

void AllocatedNum::inputize(ConstraintSystem& cs) const {
  const Variable input = cs.alloc_input(value_, "input variable");
  cs.enforce(input, ConstraintSystem::one(), var_, "enforce input is correct");
}

AllocatedNum AllocatedNum::add(ConstraintSystem& cs, const AllocatedNum& other) const {
  const Fr sum = value_ + other.value_;
  const Variable c = cs.alloc(sum, "sum num");
  cs.enforce(LinearCombination(var_) + other.var_, ConstraintSystem::one(), c,
             "addition constraint");
  return from_variable(c, sum);
}

AllocatedNum AllocatedNum::mul(ConstraintSystem& cs, const AllocatedNum& other) const {
  const Fr product = value_ * other.value_;
  const Variable c = cs.alloc(product, "product num");
  cs.enforce(var_, other.var_, c, "multiplication constraint");
  return from_variable(c, product);
}

AllocatedNum AllocatedNum::square(ConstraintSystem& cs) const {
  const Fr sq = value_.square();
  const Variable c = cs.alloc(sq, "squared num");
  cs.enforce(var_, var_, c, "squaring constraint");
  return from_variable(c, sq);
}

std::pair<AllocatedNum, AllocatedNum> AllocatedNum::conditionally_reverse(
    ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b, const Boolean& condition) {
  const bool swap = condition.value();
  AllocatedNum c, d;
  {
    r1cs::Namespace ns(cs, "conditional reversal result 1");
    c = alloc(cs, swap ? b.value_ : a.value_);
  }
  cs.enforce(LinearCombination(a.var_) - b.var_, condition.lc(), LinearCombination(a.var_) - c.var_,
             "first conditional reversal");
  {
    r1cs::Namespace ns(cs, "conditional reversal result 2");
    d = alloc(cs, swap ? a.value_ : b.value_);
  }
  cs.enforce(LinearCombination(b.var_) - a.var_, condition.lc(), LinearCombination(b.var_) - d.var_,
             "second conditional reversal");
  return {c, d};
}

}  // namespace cuzk::gadgets
