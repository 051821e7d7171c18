// ConstraintSystem: the one interface every circuit and gadget is written against
// (bellpepper's `ConstraintSystem` trait). Proving, testing, recording, setup and counting are
// implementations of it (proving_assignment.hpp, test_constraint_system.hpp, recording_cs.hpp,
// keypair_assembly.hpp, counting_cs.hpp).
//
// Differences from bellpepper, all deliberate:
// * Values are passed eagerly (`alloc(value)`), not as closures; implementations that need no
//   values (setup, recording, counting) ignore them, so a circuit synthesised only for its shape
//   may pass any value (e.g. zero).
// * Every implementation allocates input 0, the constant ONE, in its constructor; num_inputs()
//   therefore starts at 1, as in bellpepper's TestConstraintSystem and as bellperson's prover and
//   generator arrange before synthesis.
// * Names cost nothing unless somebody listens. Every call takes an optional std::string_view
//   name, or a callable that builds one (`[&] { return "round " + std::to_string(i); }`), which
//   is invoked only when wants_names() is true (TestConstraintSystem). Use the callable form for
//   any name that needs formatting, so proving never builds strings. wants_names() is a flag
//   fixed at construction, so a namespace guard on a prover costs two predictable branches.
// * Constraints may be skipped when nobody reads them. wants_constraints() is false for a
//   system that keeps only the witness (WitnessCS); a gadget whose linear combinations are costly
//   to build may then call skip_constraints(n) instead of building and enforcing n constraints.
//   Every other implementation wants its constraints, and skip_constraints() throws there.
//
// The public entry points are non-virtual and forward to protected *_impl hooks (NVI), so the
// name-building overloads live in one place and implementations cannot hide them.
#pragma once

#include <concepts>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "r1cs/linear_combination.hpp"
#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

// A callable producing a name (std::string, const char*, ...), invoked only if names are wanted.
template <class F>
concept NameFactory =
    std::invocable<F&> && std::constructible_from<std::string, std::invoke_result_t<F&>>;

class ConstraintSystem {
 public:
  virtual ~ConstraintSystem() = default;

  static constexpr Variable one() { return Variable::one(); }

  // A new private (aux) variable with the given value.
  Variable alloc(const Fr& value, std::string_view name = {}) { return alloc_impl(value, name); }
  template <NameFactory F>
  Variable alloc(const Fr& value, F&& make_name) {
    if (!wants_names_) return alloc_impl(value, {});
    const std::string name(std::invoke(make_name));
    return alloc_impl(value, name);
  }

  // A new public input with the given value.
  Variable alloc_input(const Fr& value, std::string_view name = {}) {
    return alloc_input_impl(value, name);
  }
  template <NameFactory F>
  Variable alloc_input(const Fr& value, F&& make_name) {
    if (!wants_names_) return alloc_input_impl(value, {});
    const std::string name(std::invoke(make_name));
    return alloc_input_impl(value, name);
  }

  // Adds the constraint <a, z> * <b, z> = <c, z>.
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
               std::string_view name = {}) {
    enforce_impl(a, b, c, name);
  }
  template <NameFactory F>
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
               F&& make_name) {
    if (!wants_names_) return enforce_impl(a, b, c, {});
    const std::string name(std::invoke(make_name));
    enforce_impl(a, b, c, name);
  }

  // Namespaces scope the names of what follows ("sha256/compression/round 3/add"). Prefer the
  // RAII guard `Namespace` below; push and pop must balance.
  // Namespaces only scope names, so they are skipped (no virtual call) when names are not
  // wanted.
  void push_namespace(std::string_view name) {
    if (wants_names_) push_namespace_impl(name);
  }
  template <NameFactory F>
  void push_namespace(F&& make_name) {
    if (!wants_names_) return;
    const std::string name(std::invoke(make_name));
    push_namespace_impl(name);
  }
  void pop_namespace() {
    if (wants_names_) pop_namespace_impl();
  }

  // True when names are recorded; name factories are invoked only then. Fixed at construction.
  bool wants_names() const { return wants_names_; }

  // False when enforce() ignores its linear combinations (only the witness is kept). Fixed at
  // construction.
  bool wants_constraints() const { return wants_constraints_; }
  // Counts n constraints that were not built; only where !wants_constraints().
  void skip_constraints(size_t n) { skip_constraints_impl(n); }

  virtual size_t num_inputs() const = 0;  // including ONE
  virtual size_t num_aux() const = 0;
  virtual size_t num_constraints() const = 0;

 protected:
  explicit ConstraintSystem(bool wants_names = false, bool wants_constraints = true)
      : wants_names_(wants_names), wants_constraints_(wants_constraints) {}
  ConstraintSystem(const ConstraintSystem&) = default;
  ConstraintSystem(ConstraintSystem&&) = default;
  ConstraintSystem& operator=(const ConstraintSystem&) = default;
  ConstraintSystem& operator=(ConstraintSystem&&) = default;

  virtual Variable alloc_impl(const Fr& value, std::string_view name) = 0;
  virtual Variable alloc_input_impl(const Fr& value, std::string_view name) = 0;
  virtual void enforce_impl(const LinearCombination& a, const LinearCombination& b,
                            const LinearCombination& c, std::string_view name) = 0;
  virtual void push_namespace_impl(std::string_view /*name*/) {}
  virtual void pop_namespace_impl() {}
  virtual void skip_constraints_impl(size_t /*n*/) {
    throw std::logic_error("skip_constraints on a constraint system that wants its constraints");
  }

 private:
  bool wants_names_;
  bool wants_constraints_;
};

// RAII namespace: pushes on construction, pops on destruction.
//   Namespace ns(cs, "sha256");
//   Namespace round(cs, [&] { return "round " + std::to_string(i); });
class Namespace {
 public:
  Namespace(ConstraintSystem& cs, std::string_view name) : cs_(cs) { cs_.push_namespace(name); }
  template <NameFactory F>
  Namespace(ConstraintSystem& cs, F&& make_name) : cs_(cs) {
    cs_.push_namespace(std::forward<F>(make_name));
  }
  ~Namespace() { cs_.pop_namespace(); }
  Namespace(const Namespace&) = delete;
  Namespace& operator=(const Namespace&) = delete;

  ConstraintSystem& cs() const { return cs_; }

 private:
  ConstraintSystem& cs_;
};

}  // namespace cuzk::r1cs
