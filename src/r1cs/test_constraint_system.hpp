// TestConstraintSystem: the constraint system for gadget and circuit tests (bellpepper's
// `TestConstraintSystem` in util_cs). It keeps everything — values, constraints, names — and
// answers "is the witness satisfying, and if not, where does it fail?".
//
// Names: wants_names() is true, so name factories run. Every object gets the path of its
// namespaces joined with '/', then its own name ("sha256/compression/round 3/add"); an unnamed
// object's path is just its namespace path. As in bellpepper, names may not contain '/', and a
// non-empty path may be used once (variable, constraint or namespace alike); a violation throws
// std::logic_error (bellpepper panics), which catches gadgets that forget a per-iteration
// namespace. The input ONE is named "ONE".
//
// Named variables can be read and overwritten by path (get / set), to test that a gadget rejects
// a tampered witness.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "r1cs/constraint_system.hpp"

namespace cuzk::r1cs {

class TestConstraintSystem final : public ConstraintSystem {
 public:
  struct Constraint {
    LinearCombination a, b, c;
    std::string path;
  };

  TestConstraintSystem();

  // True when every constraint holds for the current values.
  bool is_satisfied() const { return !first_unsatisfied().has_value(); }
  // Index / path of the first constraint that does not hold, if any.
  std::optional<size_t> first_unsatisfied() const;
  std::optional<std::string> which_is_unsatisfied() const;

  const std::vector<Constraint>& constraints() const { return constraints_; }
  std::span<const Fr> inputs() const { return inputs_; }
  std::span<const Fr> aux() const { return aux_; }
  const std::string& input_path(size_t i) const { return input_paths_.at(i); }
  const std::string& aux_path(size_t j) const { return aux_paths_.at(j); }
  // The current namespace path ("" at the root).
  const std::string& current_namespace() const { return prefix_; }

  // Value of / assignment to the variable named `path`; std::out_of_range if there is none.
  Fr get(std::string_view path) const;
  void set(std::string_view path, const Fr& value);
  void set_value(Variable var, const Fr& value);

  // True when the public inputs after ONE equal `expected` (bellpepper's verify).
  bool verify(std::span<const Fr> expected) const;

  size_t num_inputs() const override { return inputs_.size(); }
  size_t num_aux() const override { return aux_.size(); }
  size_t num_constraints() const override { return constraints_.size(); }

 protected:
  Variable alloc_impl(const Fr& value, std::string_view name) override;
  Variable alloc_input_impl(const Fr& value, std::string_view name) override;
  void enforce_impl(const LinearCombination& a, const LinearCombination& b,
                    const LinearCombination& c, std::string_view name) override;
  void push_namespace_impl(std::string_view name) override;
  void pop_namespace_impl() override;

 private:
  enum class Kind { kVariable, kConstraint, kNamespace };
  struct Named {
    Kind kind;
    Variable var;  // kVariable only
  };

  std::string path_of(std::string_view name) const;
  void claim(const std::string& path, Named what);
  Variable named_variable(std::string_view path) const;
  Fr& value_of(Variable var);

  std::vector<Fr> inputs_, aux_;
  std::vector<std::string> input_paths_, aux_paths_;
  std::vector<Constraint> constraints_;
  std::string prefix_;                  // current namespace path
  std::vector<size_t> prefix_lengths_;  // prefix_.size() before each push
  std::unordered_map<std::string, Named> named_;
};

}  // namespace cuzk::r1cs
