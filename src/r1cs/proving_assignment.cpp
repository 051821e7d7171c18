// ProvingAssignment: evaluation of each constraint's three LCs against the witness, fused with
// density tracking (one pass over each LC, no allocation beyond the amortised vector growth).
#include "r1cs/proving_assignment.hpp"

#include <stdexcept>
#include <string>

#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::r1cs {
namespace {

[[noreturn]] void throw_out_of_range(const Term& t) {
  throw std::out_of_range(std::string("ProvingAssignment: ") +
                          (t.var.is_input() ? "input " : "aux ") + std::to_string(t.var.index()) +
                          " used before it was allocated");
}

// Limb equality without the memcmp call std::array's operator== compiles to.
inline bool same(const Fr& a, const Fr& b) {
  const auto& x = a.montgomery();
  const auto& y = b.montgomery();
  return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3])) == 0;
}

// <lc, z>; marks non-zero-coefficient inputs / aux in the trackers that are not null. Zero
// coefficients are skipped (as bellperson's eval_with_trackers: the densities depend on it).
// Coefficients one and minus one are added / subtracted without a multiplication, and the first
// term initialises the sum instead of being added to zero; the value is the same either way.
// Measured on the bench: one-term LCs (most of them) cost no field operation at all, and
// (1 - b) of every boolean constraint one subtraction instead of a multiplication.
Fr eval_tracked(const LinearCombination& lc, std::span<const Fr> inputs, std::span<const Fr> aux,
                DensityTracker* input_density, DensityTracker* aux_density) {
  Fr acc = Fr::zero();
  bool first = true;
  for (const Term& t : lc) {
    if (t.coeff.is_zero()) continue;
    const uint64_t i = t.var.index();
    const Fr* value;
    if (t.var.is_input()) {
      if (i >= inputs.size()) throw_out_of_range(t);
      value = &inputs[i];
      if (input_density != nullptr) input_density->inc(i);
    } else {
      if (i >= aux.size()) throw_out_of_range(t);
      value = &aux[i];
      if (aux_density != nullptr) aux_density->inc(i);
    }
    if (same(t.coeff, kFrOne)) {
      acc = first ? *value : acc + *value;
    } else if (same(t.coeff, kFrMinusOne)) {
      acc = first ? -*value : acc - *value;
    } else {
      const Fr product = t.coeff * *value;
      acc = first ? product : acc + product;
    }
    first = false;
  }
  return acc;
}

}  // namespace

ProvingAssignment::ProvingAssignment() {
  alloc_input_impl(Fr::one(), {});
}

void ProvingAssignment::reserve(const CircuitSizes& sizes) {
  const size_t rows = sizes.num_constraints + sizes.num_inputs;
  a_.reserve(rows);
  b_.reserve(rows);
  c_.reserve(rows);
  inputs_.reserve(sizes.num_inputs);
  aux_.reserve(sizes.num_aux);
  density_.a_aux.reserve(sizes.num_aux);
  density_.b_input.reserve(sizes.num_inputs);
  density_.b_aux.reserve(sizes.num_aux);
}

void ProvingAssignment::clear() {
  a_.clear();
  b_.clear();
  c_.clear();
  inputs_.clear();
  aux_.clear();
  density_.a_aux.clear();
  density_.b_input.clear();
  density_.b_aux.clear();
  deferred_.reset();
  finalized_ = false;
  alloc_input_impl(Fr::one(), {});
}

void ProvingAssignment::check_open() const {
  if (finalized_) throw std::logic_error("ProvingAssignment: modified after finalize()");
}

Variable ProvingAssignment::alloc_impl(const Fr& value, std::string_view) {
  check_open();
  aux_.push_back(value);
  density_.a_aux.add_element();
  density_.b_aux.add_element();
  return Variable::aux(aux_.size() - 1);
}

Variable ProvingAssignment::alloc_input_impl(const Fr& value, std::string_view) {
  check_open();
  inputs_.push_back(value);
  density_.b_input.add_element();
  return Variable::input(inputs_.size() - 1);
}

void ProvingAssignment::enforce_impl(const LinearCombination& a, const LinearCombination& b,
                                     const LinearCombination& c, std::string_view) {
  check_open();
  // Inputs have full density in A (the input constraints below), so A tracks only aux.
  const Fr av = eval_tracked(a, inputs_, aux_, nullptr, &density_.a_aux);
  const Fr bv = eval_tracked(b, inputs_, aux_, &density_.b_input, &density_.b_aux);
  const Fr cv = eval_tracked(c, inputs_, aux_, nullptr, nullptr);
  a_.push_back(av);
  b_.push_back(bv);
  c_.push_back(cv);
}

void ProvingAssignment::assign_precomputed(std::vector<Fr> inputs, FrVector aux, FrVector a,
                                           FrVector b, FrVector c, QueryDensities densities) {
  check_open();
  if (inputs_.size() != 1 || !aux_.empty() || !a_.empty()) {
    throw std::logic_error("ProvingAssignment: assign_precomputed() on a used object");
  }
  if (inputs.empty() || inputs[0] != Fr::one() || a.size() != b.size() || a.size() != c.size() ||
      densities.b_input.size() != inputs.size() || densities.a_aux.size() != aux.size() ||
      densities.b_aux.size() != aux.size()) {
    throw std::invalid_argument("ProvingAssignment: assign_precomputed() sizes disagree");
  }
  inputs_ = std::move(inputs);
  aux_ = std::move(aux);
  a_ = std::move(a);
  b_ = std::move(b);
  c_ = std::move(c);
  density_ = std::move(densities);
}

void ProvingAssignment::assign_deferred(std::vector<Fr> inputs, FrVector aux,
                                        std::shared_ptr<const PrecompiledCircuit> circuit) {
  if (!circuit)
    throw std::invalid_argument("ProvingAssignment: assign_deferred() without a circuit");
  if (inputs.size() != circuit->num_inputs() || aux.size() != circuit->num_aux()) {
    throw std::invalid_argument(
        "ProvingAssignment: assign_deferred(): " + std::to_string(inputs.size()) + " inputs and " +
        std::to_string(aux.size()) + " aux, the circuit has " +
        std::to_string(circuit->num_inputs()) + " and " + std::to_string(circuit->num_aux()));
  }
  assign_precomputed(std::move(inputs), std::move(aux), {}, {}, {}, circuit->densities());
  deferred_ = std::move(circuit);
}

size_t ProvingAssignment::num_constraints() const {
  if (!deferred_) return a_.size();
  return deferred_->num_constraints() + (finalized_ ? inputs_.size() : 0);
}

void ProvingAssignment::finalize() {
  if (finalized_) throw std::logic_error("ProvingAssignment: finalize() called twice");
  if (deferred_) {  // the input rows are rows of the circuit's matrices: materialize() adds them
    finalized_ = true;
    return;
  }
  // input_i * 0 = 0 for every input, ONE included.
  for (const Fr& x : inputs_) {
    a_.push_back(x);
    b_.push_back(Fr::zero());
    c_.push_back(Fr::zero());
  }
  finalized_ = true;
}

}  // namespace cuzk::r1cs
