// CountingCS: the cheapest constraint system — counts inputs, aux and constraints and keeps the
// prover's three density bitmaps (one bit per variable: ~33 MB for a 130 M-variable PoRep
// partition), nothing else. Used for circuit info (sizes, SRS shape: n_a = num_inputs +
// popcount(a_aux), n_b = popcount(b_input) + popcount(b_aux)) on circuits too big to record.
//
// It also counts the non-zero entries of each matrix (nnz_a/b/c): LinearCombination already
// merges a row's duplicate terms, and zero coefficients are skipped, as RecordingCS records them.
//
// finalize() counts the input constraints like the other implementations (they touch no
// density; each puts one entry in A), so num_constraints() and nnz_a() afterwards describe the
// prover's R1CS.
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
    nnz_[0] += num_inputs();
    finalized_ = true;
  }
  bool finalized() const { return finalized_; }

  const QueryDensities& densities() const { return density_; }
  size_t nnz_a() const { return nnz_[0]; }
  size_t nnz_b() const { return nnz_[1]; }
  size_t nnz_c() const { return nnz_[2]; }

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
                    const LinearCombination& c, std::string_view) override {
    check_open();
    mark_density(a, nullptr, &density_.a_aux);
    mark_density(b, &density_.b_input, &density_.b_aux);
    nnz_[0] += non_zero_terms(a);
    nnz_[1] += non_zero_terms(b);
    nnz_[2] += non_zero_terms(c);
    ++num_constraints_;
  }

 private:
  void check_open() const {
    if (finalized_) throw std::logic_error("CountingCS: modified after finalize()");
  }

  static size_t non_zero_terms(const LinearCombination& lc) {
    size_t n = 0;
    for (const Term& t : lc) n += !t.coeff.is_zero();
    return n;
  }

  QueryDensities density_;
  size_t nnz_[3] = {0, 0, 0};
  size_t num_constraints_ = 0;
  bool finalized_ = false;
};

}  // namespace cuzk::r1cs
