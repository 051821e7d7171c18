// WitnessSliceCS: witness-only synthesis of one independent piece of a circuit, written straight
// into its place in the whole circuit's witness. Circuits made of identical independent blocks
// (a PoRep partition's challenges) synthesise their blocks on several threads this way: the
// caller synthesises the shared top part into a WitnessCS, sizes the witness for the whole
// circuit, and gives block i the slices that start where blocks 0..i-1 end.
//
// Like WitnessCS it keeps values only (wants_constraints() is false) and counts constraints.
// Variables carry their global index (aux_base + k, input_base + k), as the whole circuit's
// synthesis would number them. It allocates no ONE (the whole witness has it). Writing past a
// slice throws std::length_error; the caller checks that each slice was filled exactly
// (aux_written() / inputs_written()).
#pragma once

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "r1cs/constraint_system.hpp"

namespace cuzk::r1cs {

class WitnessSliceCS final : public ConstraintSystem {
 public:
  // aux[k] receives the value of aux variable aux_base + k; inputs likewise.
  WitnessSliceCS(std::span<Fr> aux, size_t aux_base, std::span<Fr> inputs, size_t input_base)
      : ConstraintSystem(/*wants_names=*/false, /*wants_constraints=*/false),
        aux_(aux),
        inputs_(inputs),
        aux_base_(aux_base),
        input_base_(input_base) {}

  size_t aux_written() const { return aux_written_; }
  size_t inputs_written() const { return inputs_written_; }

  // Counts as seen by the whole circuit: what precedes the slice plus what was written.
  size_t num_inputs() const override { return input_base_ + inputs_written_; }
  size_t num_aux() const override { return aux_base_ + aux_written_; }
  size_t num_constraints() const override { return constraints_; }  // this slice's only

 protected:
  Variable alloc_impl(const Fr& value, std::string_view) override {
    if (aux_written_ == aux_.size()) overflow("aux", aux_.size());
    aux_[aux_written_] = value;
    return Variable::aux(aux_base_ + aux_written_++);
  }
  Variable alloc_input_impl(const Fr& value, std::string_view) override {
    if (inputs_written_ == inputs_.size()) overflow("input", inputs_.size());
    inputs_[inputs_written_] = value;
    return Variable::input(input_base_ + inputs_written_++);
  }
  void enforce_impl(const LinearCombination&, const LinearCombination&, const LinearCombination&,
                    std::string_view) override {
    ++constraints_;
  }
  void skip_constraints_impl(size_t n) override { constraints_ += n; }

 private:
  [[noreturn]] static void overflow(const char* what, size_t size) {
    throw std::length_error(std::string("witness slice: more ") + what + " values than its " +
                            std::to_string(size));
  }

  std::span<Fr> aux_, inputs_;
  size_t aux_base_, input_base_;
  size_t aux_written_ = 0, inputs_written_ = 0, constraints_ = 0;
};

}  // namespace cuzk::r1cs
