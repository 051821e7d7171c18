// MultiEq's batch emission (see multieq.hpp).
#include "gadgets/multieq.hpp"

#include <string>

namespace cuzk::gadgets {

void MultiEq::emit() {
  if (!cs_.wants_constraints()) {
    cs_.skip_constraints(1);  // nothing was collected
  } else {
    const size_t op = ops_;
    cs_.enforce(lhs_.build(), r1cs::ConstraintSystem::one(), rhs_.build(),
                [&] { return "multieq " + std::to_string(op); });
    lhs_.clear();
    rhs_.clear();
  }
  bits_used_ = 0;
  ++ops_;
}

}  // namespace cuzk::gadgets
