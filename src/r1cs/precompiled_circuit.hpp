// PrecompiledCircuit: the R1CS matrices of one circuit shape, recorded once, so that every later
// instance is synthesised as witness only (witness_cs.hpp) followed by the sparse products
// a = A·z, b = B·z, c = C·z — instead of evaluating every LinearCombination inside enforce()
// (ProvingAssignment).
//
// Contents, all fixed by the circuit: the variable and constraint counts; A, B, C in CSR form,
// including the input rows RecordingCS::finalize() appends (A row = input_i, B = C = empty); the
// prover's three densities (A aux, B input, B aux), computed from the matrices, which is what
// ProvingAssignment's trackers produce (bellperson semantics: zero coefficients are not stored,
// see recording_cs.hpp); a SHA-256 digest of all of it, the circuit's identity.
//
// Coefficients are stored once each, in a table, and the matrices hold 32-bit indices into it:
// a PoRep circuit uses a few thousand distinct coefficients (1, -1, powers of two, Poseidon
// constants) over tens of millions of entries, so this is ~8x smaller than 32-byte coefficients
// per entry. Index 0 is always ONE and index 1 minus ONE; the products add / subtract those
// without a multiplication.
//
// assign_precompiled() turns a witness into a ProvingAssignment equal, value for value and bit
// for bit, to the one generic synthesis of the same instance gives (tested on PoRep partitions).
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "r1cs/csr_matrix.hpp"
#include "r1cs/density_tracker.hpp"
#include "r1cs/indexed_recording_cs.hpp"  // IndexedCsr
#include "r1cs/proving_assignment.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/witness_cs.hpp"

namespace cuzk::r1cs {

class PrecompiledCircuit {
 public:
  using Digest = std::array<uint8_t, 32>;
  static constexpr uint32_t kOneIndex = 0;
  static constexpr uint32_t kMinusOneIndex = 1;

  // From a finalized RecordingCS (throws std::logic_error if it is not).
  static PrecompiledCircuit from_recording(const RecordingCS& cs);
  // From a finalized IndexedRecordingCS (throws std::logic_error if it is not), whose table and
  // matrices are moved in: the same circuit, digest included, as from_recording() of a
  // RecordingCS that recorded the same synthesis.
  static PrecompiledCircuit from_recording(IndexedRecordingCS&& cs);
  // Records a circuit: `synthesize` (any valid instance of it) run on a fresh
  // IndexedRecordingCS, which is then finalized and passed to from_recording() — 8 bytes per
  // entry while recording, not RecordingCS's 36 plus the indexed copy.
  template <std::invocable<IndexedRecordingCS&> Synthesize>
  static PrecompiledCircuit record(Synthesize&& synthesize) {
    IndexedRecordingCS cs;
    std::forward<Synthesize>(synthesize)(cs);
    cs.finalize();
    return from_recording(std::move(cs));
  }
  // From stored parts (the cache file): checks that they form a valid circuit — table starting
  // with 1, -1 and free of zeros; every matrix num_constraints + num_inputs rows, row pointers
  // increasing up to nnz, columns in range and strictly increasing within a row, indices in the
  // table; the input rows as finalize() makes them — and throws std::invalid_argument naming the
  // first violation. Then computes the densities and the digest.
  static PrecompiledCircuit from_parts(size_t num_inputs, size_t num_aux, size_t num_constraints,
                                       std::vector<Fr> coeffs, IndexedCsr a, IndexedCsr b,
                                       IndexedCsr c);

  size_t num_inputs() const { return num_inputs_; }  // ONE included
  size_t num_aux() const { return num_aux_; }
  size_t num_constraints() const { return num_constraints_; }  // enforced, input rows excluded
  CircuitSizes sizes() const { return {num_inputs_, num_aux_, num_constraints_}; }
  const std::vector<Fr>& coeffs() const { return coeffs_; }
  const IndexedCsr& a() const { return a_; }
  const IndexedCsr& b() const { return b_; }
  const IndexedCsr& c() const { return c_; }
  const QueryDensities& densities() const { return densities_; }
  const Digest& digest() const { return digest_; }
  std::string digest_hex() const;
  // Bytes held by the matrices and the table (for logs and the memory budget).
  size_t memory_bytes() const;

  // One matrix in plain CSR form with coefficients (tests compare it with RecordingCS's).
  CsrMatrix to_csr(const IndexedCsr& m) const;

 private:
  PrecompiledCircuit() = default;
  void finish();  // validate, densities, digest

  size_t num_inputs_ = 0, num_aux_ = 0, num_constraints_ = 0;
  std::vector<Fr> coeffs_;
  IndexedCsr a_, b_, c_;
  QueryDensities densities_;
  Digest digest_{};
};

// Fills `out` (fresh or clear()ed, not finalized) from a witness of `circuit`: a, b, c of every
// enforced constraint by sparse matrix-vector products on `threads` threads (0 = all cores), the
// circuit's densities, and the witness itself. The caller finalizes, as after generic synthesis.
// Throws std::invalid_argument when the witness's counts differ from the circuit's; with
// `check`, also when some constraint has a·b ≠ c (the matrices are not this circuit's: a stale
// or foreign cache file), naming the first such row — one field multiplication per constraint.
void assign_precompiled(const PrecompiledCircuit& circuit, Witness witness, ProvingAssignment& out,
                        unsigned threads = 0, bool check = false);

// Fills `out` (fresh or clear()ed) with the witness and the circuit, a/b/c deferred
// (ProvingAssignment::assign_deferred): the backend, or materialize(), computes them. Same count
// check as assign_precompiled.
void assign_deferred(std::shared_ptr<const PrecompiledCircuit> circuit, Witness witness,
                     ProvingAssignment& out);

}  // namespace cuzk::r1cs
