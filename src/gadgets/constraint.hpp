// Small constraint helpers over allocated numbers (storage-proofs-core gadgets/constraint.rs),
// one constraint each, in the reference's LC shapes:
//   equal(a, b):               a * 1 = b
//   sum(a, b, s):              (a + b) * 1 = s
//   difference(a, b, d):       (d + b) * 1 = a
//   add / sub: allocate the result ("add_num" / "sub_num") and enforce sum / difference.
#pragma once

#include <string_view>

#include "gadgets/num.hpp"

namespace cuzk::gadgets {

inline void enforce_equal_nums(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b,
                               std::string_view name) {
  cs.enforce(a.variable(), ConstraintSystem::one(), b.variable(), name);
}

inline void enforce_sum(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b,
                        const AllocatedNum& sum, std::string_view name) {
  cs.enforce(lc_of({r1cs::kFrOne * a.variable(), r1cs::kFrOne * b.variable()}),
             ConstraintSystem::one(), sum.variable(), name);
}

inline void enforce_difference(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b,
                               const AllocatedNum& difference, std::string_view name) {
  cs.enforce(lc_of({r1cs::kFrOne * difference.variable(), r1cs::kFrOne * b.variable()}),
             ConstraintSystem::one(), a.variable(), name);
}

// a + b as a new number: "add_num", then "sum constraint".
inline AllocatedNum add_nums(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  AllocatedNum res;
  {
    r1cs::Namespace ns(cs, "add_num");
    res = AllocatedNum::alloc(cs, a.value() + b.value());
  }
  enforce_sum(cs, a, b, res, "sum constraint");
  return res;
}

// a - b as a new number: "sub_num", then "subtraction constraint".
inline AllocatedNum sub_nums(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  AllocatedNum res;
  {
    r1cs::Namespace ns(cs, "sub_num");
    res = AllocatedNum::alloc(cs, a.value() - b.value());
  }
  enforce_difference(cs, a, b, res, "subtraction constraint");
  return res;
}

}  // namespace cuzk::gadgets
