// KeypairAssembly: the constraint system parameter setup synthesises into (bellperson's
// `KeypairAssembly` in groth16/generator). For every variable — inputs and aux separately — it
// gives the (constraint index, coefficient) pairs of its occurrences in A, B and C: bellperson's
// at_inputs, bt_inputs, ct_inputs, at_aux, bt_aux, ct_aux, each list in constraint order.
//
// Built on RecordingCS: synthesis records the CSR matrices, finalize() appends the input rows
// `input_i * 0 = 0` (as bellperson's generate_parameters does) and transposes each matrix into
// one column per variable (a stable counting sort, so no per-variable vectors are allocated).
// Zero coefficients are not listed (bellperson lists them but they contribute nothing to any
// query point); the densities are the prover's (an aux variable is in the A query iff its A
// column is non-empty, and so on), so setup and prover agree on which query points exist.
#pragma once

#include <cstddef>
#include <string_view>

#include "r1cs/constraint_system.hpp"
#include "r1cs/csr_matrix.hpp"
#include "r1cs/density_tracker.hpp"
#include "r1cs/recording_cs.hpp"

namespace cuzk::r1cs {

class KeypairAssembly final : public ConstraintSystem {
 public:
  KeypairAssembly() = default;

  // Appends the input rows and builds the per-variable lists; call once, after synthesis.
  void finalize();
  bool finalized() const { return recorder_.finalized(); }

  // Occurrences of input i / aux j in A, B and C (after finalize(); std::logic_error before).
  ColumnView at_input(size_t i) const { return column(at_, Variable::input(i)); }
  ColumnView bt_input(size_t i) const { return column(bt_, Variable::input(i)); }
  ColumnView ct_input(size_t i) const { return column(ct_, Variable::input(i)); }
  ColumnView at_aux(size_t j) const { return column(at_, Variable::aux(j)); }
  ColumnView bt_aux(size_t j) const { return column(bt_, Variable::aux(j)); }
  ColumnView ct_aux(size_t j) const { return column(ct_, Variable::aux(j)); }

  // The whole transposed matrices (columns numbered as in csr_matrix.hpp).
  const CscMatrix& at() const;
  const CscMatrix& bt() const;
  const CscMatrix& ct() const;
  const QueryDensities& densities() const;

  size_t num_inputs() const override { return recorder_.num_inputs(); }
  size_t num_aux() const override { return recorder_.num_aux(); }
  size_t num_constraints() const override { return recorder_.num_constraints(); }

 protected:
  Variable alloc_impl(const Fr& value, std::string_view name) override {
    return recorder_.alloc(value, name);
  }
  Variable alloc_input_impl(const Fr& value, std::string_view name) override {
    return recorder_.alloc_input(value, name);
  }
  void enforce_impl(const LinearCombination& a, const LinearCombination& b,
                    const LinearCombination& c, std::string_view name) override {
    recorder_.enforce(a, b, c, name);
  }

 private:
  ColumnView column(const CscMatrix& m, Variable var) const;
  void check_finalized() const;

  RecordingCS recorder_;
  CscMatrix at_, bt_, ct_;
  QueryDensities densities_;
};

}  // namespace cuzk::r1cs
