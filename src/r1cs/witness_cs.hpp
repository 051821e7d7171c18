// WitnessCS: the witness only — alloc() and alloc_input() store their values, enforce() only
// counts. The first half of precompiled synthesis (precompiled_circuit.hpp): the circuit's gadgets
// run as usual to compute their values, and the constraint evaluations that ProvingAssignment
// would do per enforce() are done afterwards, all at once, as sparse matrix-vector products.
//
// wants_constraints() is false: gadgets with costly linear combinations skip building them and
// call skip_constraints(n); the others still build what they pass to enforce(), and WitnessCS
// does not read it. How much of synthesis that leaves is measured in docs/perf/fullsize.md.
//
// Input 0 (ONE) is allocated by the constructor, as in every ConstraintSystem here, so inputs()
// lines up with ProvingAssignment::inputs().
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "r1cs/constraint_system.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::r1cs {

// A synthesised witness: z = (inputs, aux) and the number of constraints enforced.
struct Witness {
  std::vector<Fr> inputs;  // inputs[0] = ONE
  FrVector aux;
  size_t num_constraints = 0;
};

class WitnessCS final : public ConstraintSystem {
 public:
  WitnessCS() : ConstraintSystem(/*wants_names=*/false, /*wants_constraints=*/false) {
    alloc_input_impl(Fr::one(), {});
  }

  // Reserves the value vectors (num_constraints is ignored: nothing is stored per constraint).
  void reserve(const CircuitSizes& sizes) {
    w_.inputs.reserve(sizes.num_inputs);
    w_.aux.reserve(sizes.num_aux);
  }

  const Witness& witness() const { return w_; }
  // The witness in place, for blocks synthesised elsewhere into values appended to it
  // (witness_blocks.hpp): those values are the variables allocated next, in order.
  Witness& witness_in_place() { return w_; }
  // Moves the witness out; the object is empty afterwards (not even ONE) and must not be used.
  Witness take() && { return std::move(w_); }

  size_t num_inputs() const override { return w_.inputs.size(); }
  size_t num_aux() const override { return w_.aux.size(); }
  size_t num_constraints() const override { return w_.num_constraints; }

 protected:
  Variable alloc_impl(const Fr& value, std::string_view) override {
    w_.aux.push_back(value);
    return Variable::aux(w_.aux.size() - 1);
  }
  Variable alloc_input_impl(const Fr& value, std::string_view) override {
    w_.inputs.push_back(value);
    return Variable::input(w_.inputs.size() - 1);
  }
  void enforce_impl(const LinearCombination&, const LinearCombination&, const LinearCombination&,
                    std::string_view) override {
    ++w_.num_constraints;
  }
  void skip_constraints_impl(size_t n) override { w_.num_constraints += n; }

 private:
  Witness w_;
};

}  // namespace cuzk::r1cs
