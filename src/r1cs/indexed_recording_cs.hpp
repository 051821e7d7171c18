// IndexedRecordingCS: records the circuit's A, B, C matrices straight into the form a
// PrecompiledCircuit holds (precompiled_circuit.hpp) — per entry a 32-bit column and a 32-bit
// index into a table of distinct coefficients — ignoring values. It is what
// PrecompiledCircuit::record() synthesises into: RecordingCS stores a 32-byte coefficient per
// entry and from_recording() then builds the indexed matrices beside it, ~44 bytes per entry at
// the peak (~35 GB for a 32 GiB PoRep partition's ~722 M entries); this holds 8 bytes per entry
// plus the 64-bit row pointers throughout.
//
// The rows are exactly RecordingCS's (recording_cs.hpp): the LC's terms in order (merged, one
// per variable, inputs before aux), zero coefficients dropped; finalize() appends the input rows
// (A = input_i, B = C = empty, for every input including ONE) and renumbers the columns into the
// combined numbering (inputs first, then aux), which is only known once synthesis is over —
// during synthesis a column is the variable's index with bit 31 marking an aux variable.
//
// The coefficient table starts with 1, -1; finalize() reorders the rest into the order
// from_recording() gives (first appearance scanning A's rows, then B's, then C's) and renumbers
// the indices in place, so the circuit's digest, which hashes the table and the indices, is the
// same whichever way it was recorded. The matrices are readable after finalize() only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "r1cs/constraint_system.hpp"
#include "util/uninitialized_allocator.hpp"

namespace cuzk::r1cs {

// CSR over the combined column numbering (csr_matrix.hpp) with coefficients by table index. Its
// arrays are sized without being zero-filled (util/uninitialized_allocator.hpp): a 32 GiB
// circuit's 8.5 GiB are read from its cache file in parallel, and one thread zeroing them first
// would take seconds.
struct IndexedCsr {
  template <class T>
  using Array = std::vector<T, UninitializedAllocator<T>>;
  Array<uint64_t> row_ptr{0};
  Array<uint32_t> cols;
  Array<uint32_t> coeff_index;

  size_t rows() const { return row_ptr.size() - 1; }
  size_t nnz() const { return cols.size(); }
  friend bool operator==(const IndexedCsr&, const IndexedCsr&) = default;
};

// Hash of a field element's Montgomery limbs: the coefficient dictionaries of the recorders.
struct FrHash {
  size_t operator()(const Fr& x) const {
    const auto& l = x.montgomery();
    return size_t(l[0] ^ (l[1] * 0x9e3779b97f4a7c15ULL) ^ (l[2] >> 7) ^ (l[3] << 13));
  }
};

class IndexedRecordingCS final : public ConstraintSystem {
 public:
  // What finalize() leaves: the coefficient table (1, -1 first) and the three matrices.
  struct Matrices {
    std::vector<Fr> coeffs;
    IndexedCsr a, b, c;
  };

  IndexedRecordingCS();

  // Appends the input rows, renumbers columns and coefficient indices; call once, after
  // synthesis.
  void finalize();
  bool finalized() const { return finalized_; }

  // The table and matrices (throw std::logic_error before finalize()).
  const std::vector<Fr>& coeffs() const;
  const IndexedCsr& a() const;
  const IndexedCsr& b() const;
  const IndexedCsr& c() const;
  // Moves them out (after finalize(); throws std::logic_error before), leaving the matrices
  // empty.
  Matrices take() &&;

  size_t num_inputs() const override { return num_inputs_; }
  size_t num_aux() const override { return num_aux_; }
  // Enforced constraints, plus the input rows once finalized (as RecordingCS).
  size_t num_constraints() const override { return m_.a.rows(); }

 protected:
  Variable alloc_impl(const Fr& value, std::string_view name) override;
  Variable alloc_input_impl(const Fr& value, std::string_view name) override;
  void enforce_impl(const LinearCombination& a, const LinearCombination& b,
                    const LinearCombination& c, std::string_view name) override;

 private:
  void append_row(IndexedCsr& m, const LinearCombination& lc);
  uint32_t coeff_index(const Fr& coeff);
  void check_finalized() const;

  Matrices m_;
  std::unordered_map<Fr, uint32_t, FrHash> index_;  // table entries beyond 1, -1
  size_t num_inputs_ = 0;
  size_t num_aux_ = 0;
  bool finalized_ = false;
};

}  // namespace cuzk::r1cs
