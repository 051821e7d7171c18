// RecordingCS: appends CSR rows during synthesis with provisional column tags (bit 31 marks an
// aux index), and renumbers them into the combined numbering in finalize().
#include "r1cs/recording_cs.hpp"

#include <atomic>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "util/parallel.hpp"

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
  // Bits set on all cores (a 32 GiB PoRep circuit has ~700 M entries in A and B): each thread
  // marks its share of the columns with an atomic OR, skipped when the bit is already set.
  const auto words = [](size_t bits) { return std::vector<uint64_t>((bits + 63) / 64, 0); };
  std::vector<uint64_t> a_aux = words(num_aux), b_input = words(num_inputs), b_aux = words(num_aux);
  const auto mark = [](std::vector<uint64_t>& w, size_t bits, size_t i) {
    if (i >= bits) throw std::out_of_range("densities: a column past the circuit's variables");
    std::atomic_ref<uint64_t> word(w[i >> 6]);
    const uint64_t m = uint64_t(1) << (i & 63);
    if ((word.load(std::memory_order_relaxed) & m) == 0)
      word.fetch_or(m, std::memory_order_relaxed);
  };
  constexpr size_t kMinPerThread = size_t(1) << 20;
  parallel_for(a_cols.size(), threads_for(a_cols.size(), kMinPerThread, 0),
               [&](size_t begin, size_t end) {
                 for (size_t k = begin; k < end; ++k) {
                   if (a_cols[k] >= num_inputs) mark(a_aux, num_aux, a_cols[k] - num_inputs);
                 }
               });
  parallel_for(b_cols.size(), threads_for(b_cols.size(), kMinPerThread, 0),
               [&](size_t begin, size_t end) {
                 for (size_t k = begin; k < end; ++k) {
                   const uint32_t col = b_cols[k];
                   if (col < num_inputs) {
                     mark(b_input, num_inputs, col);
                   } else {
                     mark(b_aux, num_aux, col - num_inputs);
                   }
                 }
               });
  QueryDensities d;
  d.a_aux = DensityTracker::from_words(std::move(a_aux), num_aux);
  d.b_input = DensityTracker::from_words(std::move(b_input), num_inputs);
  d.b_aux = DensityTracker::from_words(std::move(b_aux), num_aux);
  return d;
}

QueryDensities RecordingCS::densities() const {
  check_finalized();
  return densities_of_columns(a_.cols, b_.cols, num_inputs_, num_aux_);
}

}  // namespace cuzk::r1cs
