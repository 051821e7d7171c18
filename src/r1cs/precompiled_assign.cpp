// assign_precompiled() and ProvingAssignment::materialize(): witness + precompiled matrices ->
// a, b, c, by one parallel pass over the constraint rows computing the three sparse dot products
// per row (see precompiled_circuit.hpp).
#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <utility>

#include "r1cs/precompiled_circuit.hpp"
#include "util/parallel.hpp"

namespace cuzk::r1cs {
namespace {

// <row r of m, z>. Coefficients 1 and -1 (indices 0 and 1) cost an addition / subtraction.
inline Fr row_dot(const IndexedCsr& m, size_t r, const Fr* inputs, uint32_t num_inputs,
                  const Fr* aux, const Fr* table) {
  Fr acc = Fr::zero();
  for (uint64_t k = m.row_ptr[r], end = m.row_ptr[r + 1]; k < end; ++k) {
    const uint32_t col = m.cols[k];
    const Fr& z = col < num_inputs ? inputs[col] : aux[col - num_inputs];
    const uint32_t i = m.coeff_index[k];
    if (i == PrecompiledCircuit::kOneIndex) {
      acc += z;
    } else if (i == PrecompiledCircuit::kMinusOneIndex) {
      acc -= z;
    } else {
      acc += table[i] * z;
    }
  }
  return acc;
}

// a, b, c of the circuit's first `rows` rows (an input row's a is its input's value, b = c = 0),
// each with capacity `capacity`. With `check`, throws std::invalid_argument naming the first row
// where a·b ≠ c.
struct Evaluations {
  FrVector a, b, c;  // sized, then every row written by the threads
};
Evaluations evaluate_rows(const PrecompiledCircuit& circuit, const Fr* inputs, const Fr* aux,
                          size_t rows, size_t capacity, unsigned threads, bool check) {
  Evaluations out;
  for (FrVector* v : {&out.a, &out.b, &out.c}) {
    v->reserve(capacity);
    v->resize(rows);
  }
  const Fr* table = circuit.coeffs().data();
  const auto n_in = uint32_t(circuit.num_inputs());
  std::atomic<size_t> first_bad{rows};
  const unsigned t = resolve_threads(threads);
  parallel_chunks(rows, size_t(t) * 16, t, [&](size_t, size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) {
      out.a[r] = row_dot(circuit.a(), r, inputs, n_in, aux, table);
      out.b[r] = row_dot(circuit.b(), r, inputs, n_in, aux, table);
      out.c[r] = row_dot(circuit.c(), r, inputs, n_in, aux, table);
      if (check && out.a[r] * out.b[r] != out.c[r]) {
        size_t seen = first_bad.load();
        while (r < seen && !first_bad.compare_exchange_weak(seen, r)) {
        }
        break;
      }
    }
  });
  if (first_bad.load() != rows) {
    throw std::invalid_argument("precompiled circuit " + circuit.digest_hex().substr(0, 16) +
                                ": constraint " + std::to_string(first_bad.load()) +
                                " is not satisfied by the witness (matrices of another circuit?)");
  }
  return out;
}

void check_witness_counts(const PrecompiledCircuit& circuit, const Witness& witness) {
  if (witness.inputs.size() != circuit.num_inputs() || witness.aux.size() != circuit.num_aux() ||
      witness.num_constraints != circuit.num_constraints()) {
    throw std::invalid_argument(
        "precompiled circuit: the witness has " + std::to_string(witness.inputs.size()) +
        " inputs, " + std::to_string(witness.aux.size()) + " aux, " +
        std::to_string(witness.num_constraints) + " constraints; the circuit " +
        std::to_string(circuit.num_inputs()) + ", " + std::to_string(circuit.num_aux()) + ", " +
        std::to_string(circuit.num_constraints()));
  }
}

}  // namespace

void assign_precompiled(const PrecompiledCircuit& circuit, Witness witness, ProvingAssignment& out,
                        unsigned threads, bool check) {
  check_witness_counts(circuit, witness);
  // Room for the input rows finalize() appends, so that it does not reallocate.
  const size_t rows = circuit.num_constraints();
  Evaluations e = evaluate_rows(circuit, witness.inputs.data(), witness.aux.data(), rows,
                                rows + circuit.num_inputs(), threads, check);
  out.assign_precomputed(std::move(witness.inputs), std::move(witness.aux), std::move(e.a),
                         std::move(e.b), std::move(e.c), circuit.densities());
}

void assign_deferred(std::shared_ptr<const PrecompiledCircuit> circuit, Witness witness,
                     ProvingAssignment& out) {
  check_witness_counts(*circuit, witness);
  out.assign_deferred(std::move(witness.inputs), std::move(witness.aux), std::move(circuit));
}

void ProvingAssignment::materialize(unsigned threads) {
  if (!deferred_) return;
  const size_t rows = deferred_->num_constraints() + (finalized_ ? inputs_.size() : 0);
  Evaluations e = evaluate_rows(*deferred_, inputs_.data(), aux_.data(), rows,
                                deferred_->num_constraints() + inputs_.size(), threads, false);
  a_ = std::move(e.a);
  b_ = std::move(e.b);
  c_ = std::move(e.c);
  deferred_.reset();
}

}  // namespace cuzk::r1cs
