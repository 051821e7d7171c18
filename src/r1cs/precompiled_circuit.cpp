// PrecompiledCircuit construction: coefficient table from a recording, validation of stored
// parts, densities and digest (see precompiled_circuit.hpp).
#include "r1cs/precompiled_circuit.hpp"

#include <algorithm>
#include <bit>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "hash/sha256.hpp"
#include "util/hex.hpp"
#include "util/parallel.hpp"
#include "util/parallel_checks.hpp"
#include "util/result.hpp"

namespace cuzk::r1cs {
namespace {

static_assert(std::endian::native == std::endian::little,
              "the digest hashes the in-memory arrays as little-endian bytes");

IndexedCsr index_matrix(const CsrMatrix& m, std::vector<Fr>& table,
                        std::unordered_map<Fr, uint32_t, FrHash>& index) {
  IndexedCsr out;
  out.row_ptr.assign(m.row_ptr.begin(), m.row_ptr.end());
  out.cols.assign(m.cols.begin(), m.cols.end());
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

// Checks of one matrix, rows [begin, end) at a time on all cores; the error of the lowest bad
// row, as one pass would find it (first_error_of).
enum class MatrixFault { kInvalid };
using RowsCheck = Result<bool, MatrixFault>;

RowsCheck check_rows(const std::string& n, const IndexedCsr& m, size_t begin, size_t end,
                     size_t num_cols, size_t table_size) {
  const auto bad = [&](size_t r, const char* what) {
    return RowsCheck(
        Error<MatrixFault>{MatrixFault::kInvalid, n + ": row " + std::to_string(r) + ": " + what});
  };
  for (size_t r = begin; r < end; ++r) {
    const uint64_t row_begin = m.row_ptr[r], row_end = m.row_ptr[r + 1];
    if (row_end < row_begin || row_end > m.nnz()) {
      return RowsCheck(
          Error<MatrixFault>{MatrixFault::kInvalid, n + ": row pointer " + std::to_string(r + 1)});
    }
    for (uint64_t k = row_begin; k < row_end; ++k) {
      if (m.cols[k] >= num_cols || (k > row_begin && m.cols[k] <= m.cols[k - 1])) {
        return bad(r, "column out of range or out of order");
      }
      if (m.coeff_index[k] >= table_size) return bad(r, "coefficient index out of range");
    }
  }
  return RowsCheck(true);
}

void validate_matrix(const char* name, const IndexedCsr& m, size_t rows, size_t num_cols,
                     size_t table_size) {
  const std::string n(name);
  if (m.rows() != rows) {
    invalid(n + ": " + std::to_string(m.rows()) + " rows, expected " + std::to_string(rows));
  }
  if (m.coeff_index.size() != m.cols.size()) invalid(n + ": coefficient count differs from nnz");
  if (m.row_ptr[0] != 0 || m.row_ptr[rows] != m.nnz())
    invalid(n + ": row pointers do not span nnz");
  constexpr size_t kRowsPerItem = size_t(1) << 16;
  const size_t items = (rows + kRowsPerItem - 1) / kRowsPerItem;
  const RowsCheck checked = first_error_of(items, 0, [&](size_t i) {
    return check_rows(n, m, i * kRowsPerItem, std::min(rows, (i + 1) * kRowsPerItem), num_cols,
                      table_size);
  });
  if (!checked) invalid(checked.error().message);
}

// The digest (v2): SHA-256 over a domain tag, the counts, the coefficient table (canonical bytes)
// and, for each array of A, B, C in turn, its length followed by the SHA-256 of each of its
// kDigestPieceBytes pieces — the pieces hashed on all cores, so that checking a loaded circuit
// takes a fraction of a second rather than one core's pass over gigabytes.
constexpr size_t kDigestPieceBytes = size_t(64) << 20;

struct ArrayBytes {
  const uint8_t* data;
  uint64_t size;  // elements
  uint64_t bytes;
};

template <class T>
ArrayBytes bytes_of(const IndexedCsr::Array<T>& v) {
  return {reinterpret_cast<const uint8_t*>(v.data()), v.size(), v.size() * sizeof(T)};
}

void hash_u64(hash::Sha256& h, uint64_t x) {
  h.update({reinterpret_cast<const uint8_t*>(&x), sizeof x});
}

PrecompiledCircuit::Digest circuit_digest(uint64_t num_inputs, uint64_t num_aux,
                                          uint64_t num_constraints, const std::vector<Fr>& coeffs,
                                          std::initializer_list<const IndexedCsr*> matrices) {
  std::vector<ArrayBytes> arrays;
  for (const IndexedCsr* m : matrices) {
    arrays.push_back(bytes_of(m->row_ptr));
    arrays.push_back(bytes_of(m->cols));
    arrays.push_back(bytes_of(m->coeff_index));
  }
  struct Piece {
    const uint8_t* data;
    size_t bytes;
  };
  std::vector<Piece> pieces;
  for (const ArrayBytes& a : arrays) {
    for (uint64_t off = 0; off < a.bytes; off += kDigestPieceBytes) {
      pieces.push_back(
          {a.data + off, size_t(std::min<uint64_t>(kDigestPieceBytes, a.bytes - off))});
    }
  }
  std::vector<hash::Sha256Digest> piece_digests(pieces.size());
  parallel_chunks(pieces.size(), pieces.size(), 0, [&](size_t i, size_t, size_t) {
    piece_digests[i] = hash::sha256({pieces[i].data, pieces[i].bytes});
  });

  hash::Sha256 h;
  constexpr std::string_view kDomain = "cuzk precompiled circuit v2";
  h.update({reinterpret_cast<const uint8_t*>(kDomain.data()), kDomain.size()});
  hash_u64(h, num_inputs);
  hash_u64(h, num_aux);
  hash_u64(h, num_constraints);
  hash_u64(h, coeffs.size());
  for (const Fr& x : coeffs) h.update(x.to_bytes_le());
  size_t next = 0;
  for (const ArrayBytes& a : arrays) {
    hash_u64(h, a.size);
    for (uint64_t off = 0; off < a.bytes; off += kDigestPieceBytes) h.update(piece_digests[next++]);
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
  // Each check, the densities and the digest run on all cores (precompiled_file.cpp loads a
  // 32 GiB PoRep circuit's 8.5 GiB; these passes over it are most of the time after the read).
  validate_matrix("A", a_, rows, cols, coeffs_.size());
  validate_matrix("B", b_, rows, cols, coeffs_.size());
  validate_matrix("C", c_, rows, cols, coeffs_.size());
  for (size_t i = 0; i < num_inputs_; ++i) {  // input_i * 0 = 0
    const size_t r = num_constraints_ + i;
    const uint64_t k = a_.row_ptr[r];
    if (a_.row_ptr[r + 1] != k + 1 || a_.cols[k] != i || a_.coeff_index[k] != kOneIndex ||
        b_.row_ptr[r + 1] != b_.row_ptr[r] || c_.row_ptr[r + 1] != c_.row_ptr[r]) {
      invalid("input row " + std::to_string(i) + " is not input_" + std::to_string(i) + " * 0 = 0");
    }
  }

  densities_ = densities_of_columns(a_.cols, b_.cols, num_inputs_, num_aux_);
  digest_ = circuit_digest(num_inputs_, num_aux_, num_constraints_, coeffs_, {&a_, &b_, &c_});
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
  out.row_ptr.assign(m.row_ptr.begin(), m.row_ptr.end());
  out.cols.assign(m.cols.begin(), m.cols.end());
  out.coeffs.reserve(m.nnz());
  for (uint32_t i : m.coeff_index) out.coeffs.push_back(coeffs_[i]);
  return out;
}

}  // namespace cuzk::r1cs
