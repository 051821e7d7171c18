// RecordingCS: appends CSR rows during synthesis with provisional column tags (bit 31 marks an
// aux index), and renumbers them into the combined numbering in finalize().
#include "r1cs/recording_cs.hpp"

#include <limits>
#include <stdexcept>
#include <string>

namespace cuzk::r1cs {
namespace {

constexpr uint32_t kAuxTag = uint32_t(1) << 31;

}  // namespace

RecordingCS::RecordingCS() {
  alloc_input_impl(Fr::one(), {});
}

Variable RecordingCS::alloc_impl(const Fr&, std::string_view) {
  if (finalized_) throw std::logic_error("RecordingCS: modified after finalize()");
  if (num_aux_ >= kAuxTag) throw std::length_error("RecordingCS: more than 2^31 aux variables");
  return Variable::aux(num_aux_++);
}

Variable RecordingCS::alloc_input_impl(const Fr&, std::string_view) {
  if (finalized_) throw std::logic_error("RecordingCS: modified after finalize()");
  if (num_inputs_ >= kAuxTag) throw std::length_error("RecordingCS: more than 2^31 inputs");
  return Variable::input(num_inputs_++);
}

void RecordingCS::append_row(CsrMatrix& m, const LinearCombination& lc) const {
  for (const Term& t : lc) {
    if (t.coeff.is_zero()) continue;
    const uint64_t i = t.var.index();
    if (i >= (t.var.is_input() ? num_inputs_ : num_aux_)) {
      throw std::out_of_range(std::string("RecordingCS: ") +
                              (t.var.is_input() ? "input " : "aux ") + std::to_string(i) +
                              " used before it was allocated");
    }
    m.cols.push_back(t.var.is_input() ? uint32_t(i) : (kAuxTag | uint32_t(i)));
    m.coeffs.push_back(t.coeff);
  }
  m.row_ptr.push_back(m.cols.size());
}

void RecordingCS::enforce_impl(const LinearCombination& a, const LinearCombination& b,
                               const LinearCombination& c, std::string_view) {
  if (finalized_) throw std::logic_error("RecordingCS: modified after finalize()");
  append_row(a_, a);
  append_row(b_, b);
  append_row(c_, c);
}

void RecordingCS::finalize() {
  if (finalized_) throw std::logic_error("RecordingCS: finalize() called twice");
  if (num_inputs_ + num_aux_ - 1 > std::numeric_limits<uint32_t>::max()) {
    throw std::length_error("RecordingCS: more than 2^32 variables");
  }
  // input_i * 0 = 0 for every input, ONE included.
  for (size_t i = 0; i < num_inputs_; ++i) {
    a_.cols.push_back(uint32_t(i));
    a_.coeffs.push_back(Fr::one());
    a_.row_ptr.push_back(a_.cols.size());
    b_.row_ptr.push_back(b_.cols.size());
    c_.row_ptr.push_back(c_.cols.size());
  }
  // Inputs sort before aux in every LC, so renumbered rows stay in increasing column order.
  const uint32_t aux_base = uint32_t(num_inputs_);
  for (CsrMatrix* m : {&a_, &b_, &c_}) {
    for (uint32_t& col : m->cols) {
      if (col & kAuxTag) col = aux_base + (col & ~kAuxTag);
    }
    m->num_inputs = num_inputs_;
    m->num_aux = num_aux_;
  }
  finalized_ = true;
}

void RecordingCS::check_finalized() const {
  if (!finalized_) throw std::logic_error("RecordingCS: matrices read before finalize()");
}

const CsrMatrix& RecordingCS::a() const {
  check_finalized();
  return a_;
}
const CsrMatrix& RecordingCS::b() const {
  check_finalized();
  return b_;
}
const CsrMatrix& RecordingCS::c() const {
  check_finalized();
  return c_;
}

R1csFingerprint RecordingCS::fingerprint() const {
  return {num_inputs_, num_aux_, a_.shape(), b_.shape(), c_.shape()};
}

QueryDensities densities_of_columns(std::span<const uint32_t> a_cols,
                                    std::span<const uint32_t> b_cols, size_t num_inputs,
                                    size_t num_aux) {
  QueryDensities d;
  for (size_t i = 0; i < num_inputs; ++i) d.b_input.add_element();
  for (size_t i = 0; i < num_aux; ++i) {
    d.a_aux.add_element();
    d.b_aux.add_element();
  }
  for (uint32_t col : a_cols) {
    if (col >= num_inputs) d.a_aux.inc(col - num_inputs);
  }
  for (uint32_t col : b_cols) {
    if (col < num_inputs) {
      d.b_input.inc(col);
    } else {
      d.b_aux.inc(col - num_inputs);
    }
  }
  return d;
}

QueryDensities RecordingCS::densities() const {
  check_finalized();
  return densities_of_columns(a_.cols, b_.cols, num_inputs_, num_aux_);
}

}  // namespace cuzk::r1cs
