// RecordingCS: records the circuit itself — the A, B, C matrices in CSR form (csr_matrix.hpp) —
// ignoring values. Used to fingerprint a circuit, to compare it with the Rust reference, to
// check a prover (evaluate(A, inputs, aux) must equal ProvingAssignment::a(), and so on), and as
// the basis of KeypairAssembly.
//
// Each enforce() appends one row per matrix. Terms are already merged by LinearCombination (one
// term per variable, coefficients summed, as bellpepper's LC); RecordingCS drops the terms whose
// coefficient is zero. That is exactly what bellperson's prover implies: eval_with_trackers
// skips zero coefficients, so they add nothing to a/b/c and set no density bit, and the
// generator's query points for them are zero. A row therefore holds the variables that really
// occur, once each, in increasing column order.
//
// finalize() appends the same input rows as ProvingAssignment::finalize() (row with A = input_i,
// B = C = empty, for every input including ONE) and renumbers the columns into the combined
// numbering (inputs first, then aux), which is only known once synthesis is over. The matrices
// are readable after finalize() only.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "r1cs/constraint_system.hpp"
#include "r1cs/csr_matrix.hpp"
#include "r1cs/density_tracker.hpp"

namespace cuzk::r1cs {

// The shape of a recorded circuit: variable counts and rows / non-zeros per matrix.
struct R1csFingerprint {
  size_t num_inputs = 0;
  size_t num_aux = 0;
  MatrixShape a, b, c;
  friend bool operator==(const R1csFingerprint&, const R1csFingerprint&) = default;
};

// The prover's densities (equal to ProvingAssignment's) of matrices over z = (inputs, aux) whose
// A and B entries have these columns (combined numbering, csr_matrix.hpp): A over aux, B over
// inputs and aux.
QueryDensities densities_of_columns(std::span<const uint32_t> a_cols,
                                    std::span<const uint32_t> b_cols, size_t num_inputs,
                                    size_t num_aux);

class RecordingCS final : public ConstraintSystem {
 public:
  RecordingCS();

  // Appends the input rows and renumbers columns; call once, after synthesis.
  void finalize();
  bool finalized() const { return finalized_; }

  // The matrices (throw std::logic_error before finalize()).
  const CsrMatrix& a() const;
  const CsrMatrix& b() const;
  const CsrMatrix& c() const;
  R1csFingerprint fingerprint() const;
  // The prover's densities, computed from the matrices (equal to ProvingAssignment's).
  QueryDensities densities() const;

  size_t num_inputs() const override { return num_inputs_; }
  size_t num_aux() const override { return num_aux_; }
  size_t num_constraints() const override { return a_.rows(); }

 protected:
  Variable alloc_impl(const Fr& value, std::string_view name) override;
  Variable alloc_input_impl(const Fr& value, std::string_view name) override;
  void enforce_impl(const LinearCombination& a, const LinearCombination& b,
                    const LinearCombination& c, std::string_view name) override;

 private:
  void append_row(CsrMatrix& m, const LinearCombination& lc) const;
  void check_finalized() const;

  CsrMatrix a_, b_, c_;
  size_t num_inputs_ = 0;
  size_t num_aux_ = 0;
  bool finalized_ = false;
};

}  // namespace cuzk::r1cs
