// CountingCS: the cheapest constraint system — counts inputs, aux and constraints and keeps the
// prover's three density bitmaps (one bit per variable: ~33 MB for a 130 M-variable PoRep
// partition), nothing else. Used for circuit info (sizes, SRS shape: n_a = num_inputs +
// popcount(a_aux), n_b = popcount(b_input) + popcount(b_aux)) on circuits too big to record.
//
// finalize() counts the input constraints like the other implementations (they touch no
// density), so num_constraints() afterwards is the row count of the prover's a/b/c.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string_view>

#include "r1cs/constraint_system.hpp"
#include "r1cs/density_tracker.hpp"

namespace cuzk::r1cs {

class CountingCS final : public ConstraintSystem {
 public:
  CountingCS() { alloc_input_impl(Fr::one(), {}); }

  void finalize() {
    if (finalized_) throw std::logic_error("CountingCS: finalize() called twice");
    num_constraints_ += num_inputs();
    finalized_ = true;
  }
  bool finalized() const { return finalized_; }

  const QueryDensities& densities() const { return density_; }

  size_t num_inputs() const override { return density_.b_input.size(); }
  size_t num_aux() const override { return density_.a_aux.size(); }
  size_t num_constraints() const override { return num_constraints_; }

 protected:
  Variable alloc_impl(const Fr&, std::string_view) override {
    check_open();
    density_.a_aux.add_element();
    density_.b_aux.add_element();
    return Variable::aux(density_.a_aux.size() - 1);
  }
  Variable alloc_input_impl(const Fr&, std::string_view) override {
    check_open();
    density_.b_input.add_element();
    return Variable::input(density_.b_input.size() - 1);
  }
  void enforce_impl(const LinearCombination& a, const LinearCombination& b,
                    const LinearCombination&, std::string_view) override {
    check_open();
    mark_density(a, nullptr, &density_.a_aux);
    mark_density(b, &density_.b_input, &density_.b_aux);
    ++num_constraints_;
  }

 private:
  void check_open() const {
    if (finalized_) throw std::logic_error("CountingCS: modified after finalize()");
  }

  QueryDensities density_;
  size_t num_constraints_ = 0;
  bool finalized_ = false;
};

}  // namespace cuzk::r1cs
