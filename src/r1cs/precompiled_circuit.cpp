// PrecompiledCircuit construction: coefficient table from a recording, validation of stored
// parts, densities and digest (see precompiled_circuit.hpp).
#include "r1cs/precompiled_circuit.hpp"

#include <bit>
#include <future>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "hash/sha256.hpp"
#include "util/hex.hpp"

namespace cuzk::r1cs {
namespace {

static_assert(std::endian::native == std::endian::little,
              "the digest hashes the in-memory arrays as little-endian bytes");

IndexedCsr index_matrix(const CsrMatrix& m, std::vector<Fr>& table,
                        std::unordered_map<Fr, uint32_t, FrHash>& index) {
  IndexedCsr out;
  out.row_ptr = m.row_ptr;
  out.cols = m.cols;
  out.coeff_index.reserve(m.nnz());
  for (const Fr& coeff : m.coeffs) {
    auto [it, added] = index.try_emplace(coeff, uint32_t(table.size()));
    if (added) table.push_back(coeff);
    out.coeff_index.push_back(it->second);
  }
  return out;
}

[[noreturn]] void invalid(const std::string& what) {
  throw std::invalid_argument("precompiled circuit: " + what);
}

void validate_matrix(const char* name, const IndexedCsr& m, size_t rows, size_t num_cols,
                     size_t table_size) {
  const std::string n(name);
  if (m.rows() != rows) {
    invalid(n + ": " + std::to_string(m.rows()) + " rows, expected " + std::to_string(rows));
  }
  if (m.coeff_index.size() != m.cols.size()) invalid(n + ": coefficient count differs from nnz");
  if (m.row_ptr[0] != 0 || m.row_ptr[rows] != m.nnz()) invalid(n + ": row pointers do not span nnz");
  for (size_t r = 0; r < rows; ++r) {
    const uint64_t begin = m.row_ptr[r], end = m.row_ptr[r + 1];
    if (end < begin || end > m.nnz()) invalid(n + ": row pointer " + std::to_string(r + 1));
    for (uint64_t k = begin; k < end; ++k) {
      if (m.cols[k] >= num_cols || (k > begin && m.cols[k] <= m.cols[k - 1])) {
        invalid(n + ": row " + std::to_string(r) + ": column out of range or out of order");
      }
      if (m.coeff_index[k] >= table_size) {
        invalid(n + ": row " + std::to_string(r) + ": coefficient index out of range");
      }
    }
  }
}

template <class T>
void hash_array(hash::Sha256& h, const std::vector<T>& v) {
  const uint64_t n = v.size();
  h.update({reinterpret_cast<const uint8_t*>(&n), sizeof n});
  h.update({reinterpret_cast<const uint8_t*>(v.data()), v.size() * sizeof(T)});
}

void hash_u64(hash::Sha256& h, uint64_t x) {
  h.update({reinterpret_cast<const uint8_t*>(&x), sizeof x});
}

PrecompiledCircuit::Digest circuit_digest(uint64_t num_inputs, uint64_t num_aux,
                                          uint64_t num_constraints, const std::vector<Fr>& coeffs,
                                          std::initializer_list<const IndexedCsr*> matrices) {
  hash::Sha256 h;
  constexpr std::string_view kDomain = "cuzk precompiled circuit v1";
  h.update({reinterpret_cast<const uint8_t*>(kDomain.data()), kDomain.size()});
  hash_u64(h, num_inputs);
  hash_u64(h, num_aux);
  hash_u64(h, num_constraints);
  hash_u64(h, coeffs.size());
  for (const Fr& x : coeffs) h.update(x.to_bytes_le());
  for (const IndexedCsr* m : matrices) {
    hash_array(h, m->row_ptr);
    hash_array(h, m->cols);
    hash_array(h, m->coeff_index);
  }
  return h.finalize();
}

}  // namespace

PrecompiledCircuit PrecompiledCircuit::from_recording(const RecordingCS& cs) {
  if (!cs.finalized()) throw std::logic_error("PrecompiledCircuit: RecordingCS not finalized");
  PrecompiledCircuit pc;
  pc.num_inputs_ = cs.num_inputs();
  pc.num_aux_ = cs.num_aux();
  pc.num_constraints_ = cs.num_constraints() - cs.num_inputs();
  std::unordered_map<Fr, uint32_t, FrHash> index;
  for (const Fr& x : {Fr::one(), -Fr::one()}) {
    index.emplace(x, uint32_t(pc.coeffs_.size()));
    pc.coeffs_.push_back(x);
  }
  pc.a_ = index_matrix(cs.a(), pc.coeffs_, index);
  pc.b_ = index_matrix(cs.b(), pc.coeffs_, index);
  pc.c_ = index_matrix(cs.c(), pc.coeffs_, index);
  pc.finish();
  return pc;
}

PrecompiledCircuit PrecompiledCircuit::from_recording(IndexedRecordingCS&& cs) {
  if (!cs.finalized()) {
    throw std::logic_error("PrecompiledCircuit: IndexedRecordingCS not finalized");
  }
  const size_t num_inputs = cs.num_inputs(), num_aux = cs.num_aux();
  const size_t num_constraints = cs.num_constraints() - num_inputs;
  IndexedRecordingCS::Matrices m = std::move(cs).take();
  return from_parts(num_inputs, num_aux, num_constraints, std::move(m.coeffs), std::move(m.a),
                    std::move(m.b), std::move(m.c));
}

PrecompiledCircuit PrecompiledCircuit::from_parts(size_t num_inputs, size_t num_aux,
                                                  size_t num_constraints, std::vector<Fr> coeffs,
                                                  IndexedCsr a, IndexedCsr b, IndexedCsr c) {
  PrecompiledCircuit pc;
  pc.num_inputs_ = num_inputs;
  pc.num_aux_ = num_aux;
  pc.num_constraints_ = num_constraints;
  pc.coeffs_ = std::move(coeffs);
  pc.a_ = std::move(a);
  pc.b_ = std::move(b);
  pc.c_ = std::move(c);
  pc.finish();
  return pc;
}

void PrecompiledCircuit::finish() {
  if (num_inputs_ == 0) invalid("no inputs (ONE is input 0)");
  if (num_inputs_ + num_aux_ > (uint64_t(1) << 32)) invalid("more than 2^32 variables");
  if (coeffs_.size() < 2 || coeffs_[kOneIndex] != Fr::one() ||
      coeffs_[kMinusOneIndex] != -Fr::one()) {
    invalid("coefficient table does not start with 1, -1");
  }
  if (coeffs_.size() > (uint64_t(1) << 32)) invalid("coefficient table too large");
  for (const Fr& x : coeffs_) {
    if (x.is_zero()) invalid("zero coefficient in the table");
  }
  const size_t rows = num_constraints_ + num_inputs_, cols = num_inputs_ + num_aux_;
  // The digest — one SHA-256 pass over every array, the longest part of loading a cached
  // circuit — on its own thread while the matrices are checked, A and B on two more (a 32 GiB
  // PoRep circuit's .pce, 8.5 GiB, loaded in 22 s when all of it ran one after the other).
  auto digest = std::async(std::launch::async, [this] {
    return circuit_digest(num_inputs_, num_aux_, num_constraints_, coeffs_, {&a_, &b_, &c_});
  });
  const auto check = [&](const char* name, const IndexedCsr& m) {
    return std::async(std::launch::async,
                      [&, name] { validate_matrix(name, m, rows, cols, coeffs_.size()); });
  };
  auto check_a = check("A", a_), check_b = check("B", b_);
  validate_matrix("C", c_, rows, cols, coeffs_.size());
  check_a.get();
  check_b.get();
  for (size_t i = 0; i < num_inputs_; ++i) {  // input_i * 0 = 0
    const size_t r = num_constraints_ + i;
    const uint64_t k = a_.row_ptr[r];
    if (a_.row_ptr[r + 1] != k + 1 || a_.cols[k] != i || a_.coeff_index[k] != kOneIndex ||
        b_.row_ptr[r + 1] != b_.row_ptr[r] || c_.row_ptr[r + 1] != c_.row_ptr[r]) {
      invalid("input row " + std::to_string(i) + " is not input_" + std::to_string(i) +
              " * 0 = 0");
    }
  }

  densities_ = densities_of_columns(a_.cols, b_.cols, num_inputs_, num_aux_);
  digest_ = digest.get();
}

std::string PrecompiledCircuit::digest_hex() const {
  return to_hex(digest_);
}

size_t PrecompiledCircuit::memory_bytes() const {
  size_t bytes = coeffs_.size() * sizeof(Fr);
  for (const IndexedCsr* m : {&a_, &b_, &c_}) {
    bytes += m->row_ptr.size() * sizeof(uint64_t) + m->nnz() * 2 * sizeof(uint32_t);
  }
  return bytes;
}

CsrMatrix PrecompiledCircuit::to_csr(const IndexedCsr& m) const {
  CsrMatrix out;
  out.num_inputs = num_inputs_;
  out.num_aux = num_aux_;
  out.row_ptr = m.row_ptr;
  out.cols = m.cols;
  out.coeffs.reserve(m.nnz());
  for (uint32_t i : m.coeff_index) out.coeffs.push_back(coeffs_[i]);
  return out;
}

}  // namespace cuzk::r1cs
