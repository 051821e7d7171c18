// IndexedRecordingCS: appends (column, coefficient index) rows during synthesis with provisional
// column tags (bit 31 marks an aux index, as RecordingCS) and indices in order of first use;
// finalize() renumbers both in one pass (see indexed_recording_cs.hpp).
#include "r1cs/indexed_recording_cs.hpp"

#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "util/free_memory.hpp"

namespace cuzk::r1cs {
namespace {

constexpr uint32_t kAuxTag = uint32_t(1) << 31;
constexpr uint32_t kOneIndex = 0, kMinusOneIndex = 1;  // PrecompiledCircuit's

}  // namespace

IndexedRecordingCS::IndexedRecordingCS() {
  m_.coeffs = {kFrOne, kFrMinusOne};
  alloc_input_impl(Fr::one(), {});
}

Variable IndexedRecordingCS::alloc_impl(const Fr&, std::string_view) {
  if (finalized_) throw std::logic_error("IndexedRecordingCS: modified after finalize()");
  if (num_aux_ >= kAuxTag) {
    throw std::length_error("IndexedRecordingCS: more than 2^31 aux variables");
  }
  return Variable::aux(num_aux_++);
}

Variable IndexedRecordingCS::alloc_input_impl(const Fr&, std::string_view) {
  if (finalized_) throw std::logic_error("IndexedRecordingCS: modified after finalize()");
  if (num_inputs_ >= kAuxTag) throw std::length_error("IndexedRecordingCS: more than 2^31 inputs");
  return Variable::input(num_inputs_++);
}

uint32_t IndexedRecordingCS::coeff_index(const Fr& coeff) {
  // Most entries of a PoRep circuit are ±1 (booleans, XORs, equalities).
  if (coeff == kFrOne) return kOneIndex;
  if (coeff == kFrMinusOne) return kMinusOneIndex;
  if (m_.coeffs.size() > std::numeric_limits<uint32_t>::max()) {
    throw std::length_error("IndexedRecordingCS: more than 2^32 distinct coefficients");
  }
  const auto [it, added] = index_.try_emplace(coeff, uint32_t(m_.coeffs.size()));
  if (added) m_.coeffs.push_back(coeff);
  return it->second;
}

void IndexedRecordingCS::append_row(IndexedCsr& m, const LinearCombination& lc) {
  for (const Term& t : lc) {
    if (t.coeff.is_zero()) continue;
    const uint64_t i = t.var.index();
    if (i >= (t.var.is_input() ? num_inputs_ : num_aux_)) {
      throw std::out_of_range(std::string("IndexedRecordingCS: ") +
                              (t.var.is_input() ? "input " : "aux ") + std::to_string(i) +
                              " used before it was allocated");
    }
    const uint32_t index = coeff_index(t.coeff);
    m.cols.push_back(t.var.is_input() ? uint32_t(i) : (kAuxTag | uint32_t(i)));
    m.coeff_index.push_back(index);
  }
  m.row_ptr.push_back(m.cols.size());
}

void IndexedRecordingCS::enforce_impl(const LinearCombination& a, const LinearCombination& b,
                                      const LinearCombination& c, std::string_view) {
  if (finalized_) throw std::logic_error("IndexedRecordingCS: modified after finalize()");
  append_row(m_.a, a);
  append_row(m_.b, b);
  append_row(m_.c, c);
}

void IndexedRecordingCS::finalize() {
  if (finalized_) throw std::logic_error("IndexedRecordingCS: finalize() called twice");
  if (num_inputs_ + num_aux_ - 1 > std::numeric_limits<uint32_t>::max()) {
    throw std::length_error("IndexedRecordingCS: more than 2^32 variables");
  }
  // input_i * 0 = 0 for every input, ONE included.
  for (size_t i = 0; i < num_inputs_; ++i) {
    m_.a.cols.push_back(uint32_t(i));
    m_.a.coeff_index.push_back(kOneIndex);
    m_.a.row_ptr.push_back(m_.a.cols.size());
    m_.b.row_ptr.push_back(m_.b.cols.size());
    m_.c.row_ptr.push_back(m_.c.cols.size());
  }
  // Columns: inputs sort before aux in every LC, so renumbered rows stay in increasing column
  // order. Coefficients: new indices in order of first appearance over A, then B, then C, after
  // 1 and -1 (from_recording's table order); every table entry beyond those two occurs.
  constexpr uint32_t kUnset = std::numeric_limits<uint32_t>::max();
  std::vector<uint32_t> renumber(m_.coeffs.size(), kUnset);
  renumber[kOneIndex] = kOneIndex;
  renumber[kMinusOneIndex] = kMinusOneIndex;
  uint32_t next = 2;
  const uint32_t aux_base = uint32_t(num_inputs_);
  for (IndexedCsr* m : {&m_.a, &m_.b, &m_.c}) {
    const size_t nnz = m->nnz();
    uint32_t* cols = m->cols.data();
    uint32_t* idx = m->coeff_index.data();
    for (size_t k = 0; k < nnz; ++k) {
      if (cols[k] & kAuxTag) cols[k] = aux_base + (cols[k] & ~kAuxTag);
      uint32_t& to = renumber[idx[k]];
      if (to == kUnset) to = next++;
      idx[k] = to;
    }
  }
  if (next != m_.coeffs.size()) {
    throw std::logic_error("IndexedRecordingCS: coefficient table holds an unused entry");
  }
  std::vector<Fr> table(m_.coeffs.size());
  for (size_t i = 0; i < table.size(); ++i) table[renumber[i]] = m_.coeffs[i];
  m_.coeffs = std::move(table);
  free_memory(index_);
  finalized_ = true;
}

void IndexedRecordingCS::check_finalized() const {
  if (!finalized_) throw std::logic_error("IndexedRecordingCS: matrices read before finalize()");
}

const std::vector<Fr>& IndexedRecordingCS::coeffs() const {
  check_finalized();
  return m_.coeffs;
}
const IndexedCsr& IndexedRecordingCS::a() const {
  check_finalized();
  return m_.a;
}
const IndexedCsr& IndexedRecordingCS::b() const {
  check_finalized();
  return m_.b;
}
const IndexedCsr& IndexedRecordingCS::c() const {
  check_finalized();
  return m_.c;
}

IndexedRecordingCS::Matrices IndexedRecordingCS::take() && {
  check_finalized();
  Matrices out = std::move(m_);
  m_ = {};
  return out;
}

}  // namespace cuzk::r1cs
