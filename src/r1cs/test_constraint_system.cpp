// TestConstraintSystem: path bookkeeping, satisfaction check, named-variable access.
#include "r1cs/test_constraint_system.hpp"

#include <stdexcept>

namespace cuzk::r1cs {

TestConstraintSystem::TestConstraintSystem() : ConstraintSystem(/*wants_names=*/true) {
  alloc_input_impl(Fr::one(), "ONE");
}

std::string TestConstraintSystem::path_of(std::string_view name) const {
  if (name.find('/') != std::string_view::npos) {
    throw std::logic_error("TestConstraintSystem: '/' is not allowed in names: " +
                           std::string(name));
  }
  if (name.empty()) return prefix_;
  if (prefix_.empty()) return std::string(name);
  std::string path;
  path.reserve(prefix_.size() + 1 + name.size());
  path.append(prefix_).append(1, '/').append(name);
  return path;
}

void TestConstraintSystem::claim(const std::string& path, Named what) {
  if (!named_.emplace(path, what).second) {
    throw std::logic_error("TestConstraintSystem: path used twice: " + path);
  }
}

Variable TestConstraintSystem::alloc_impl(const Fr& value, std::string_view name) {
  std::string path = path_of(name);
  const Variable var = Variable::aux(aux_.size());
  if (!name.empty()) claim(path, {Kind::kVariable, var});
  aux_.push_back(value);
  aux_paths_.push_back(std::move(path));
  return var;
}

Variable TestConstraintSystem::alloc_input_impl(const Fr& value, std::string_view name) {
  std::string path = path_of(name);
  const Variable var = Variable::input(inputs_.size());
  if (!name.empty()) claim(path, {Kind::kVariable, var});
  inputs_.push_back(value);
  input_paths_.push_back(std::move(path));
  return var;
}

void TestConstraintSystem::enforce_impl(const LinearCombination& a, const LinearCombination& b,
                                        const LinearCombination& c, std::string_view name) {
  std::string path = path_of(name);
  if (!name.empty()) claim(path, {Kind::kConstraint, Variable()});
  constraints_.push_back(Constraint{a, b, c, std::move(path)});
}

void TestConstraintSystem::push_namespace_impl(std::string_view name) {
  std::string path = path_of(name);
  if (!name.empty()) claim(path, {Kind::kNamespace, Variable()});
  prefix_lengths_.push_back(prefix_.size());
  prefix_ = std::move(path);
}

void TestConstraintSystem::pop_namespace_impl() {
  if (prefix_lengths_.empty()) {
    throw std::logic_error("TestConstraintSystem: pop_namespace() without push_namespace()");
  }
  prefix_.resize(prefix_lengths_.back());
  prefix_lengths_.pop_back();
}

std::optional<size_t> TestConstraintSystem::first_unsatisfied() const {
  for (size_t i = 0; i < constraints_.size(); ++i) {
    const Constraint& k = constraints_[i];
    const Fr a = k.a.evaluate(inputs_, aux_);
    const Fr b = k.b.evaluate(inputs_, aux_);
    const Fr c = k.c.evaluate(inputs_, aux_);
    if (a * b != c) return i;
  }
  return std::nullopt;
}

std::optional<std::string> TestConstraintSystem::which_is_unsatisfied() const {
  const std::optional<size_t> i = first_unsatisfied();
  if (!i) return std::nullopt;
  return constraints_[*i].path;
}

Variable TestConstraintSystem::named_variable(std::string_view path) const {
  auto it = named_.find(std::string(path));
  if (it == named_.end() || it->second.kind != Kind::kVariable) {
    throw std::out_of_range("TestConstraintSystem: no variable at path: " + std::string(path));
  }
  return it->second.var;
}

Fr& TestConstraintSystem::value_of(Variable var) {
  std::vector<Fr>& values = var.is_input() ? inputs_ : aux_;
  if (var.index() >= values.size()) {
    throw std::out_of_range("TestConstraintSystem: variable out of range");
  }
  return values[var.index()];
}

Fr TestConstraintSystem::get(std::string_view path) const {
  const Variable var = named_variable(path);
  return var.is_input() ? inputs_[var.index()] : aux_[var.index()];
}

void TestConstraintSystem::set(std::string_view path, const Fr& value) {
  value_of(named_variable(path)) = value;
}

void TestConstraintSystem::set_value(Variable var, const Fr& value) {
  value_of(var) = value;
}

bool TestConstraintSystem::verify(std::span<const Fr> expected) const {
  if (expected.size() + 1 != inputs_.size()) return false;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (inputs_[i + 1] != expected[i]) return false;
  }
  return true;
}

}  // namespace cuzk::r1cs
