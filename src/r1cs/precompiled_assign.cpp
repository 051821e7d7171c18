// assign_precompiled(): witness + precompiled matrices -> ProvingAssignment, by one parallel pass
// over the constraint rows computing the three sparse dot products per row (see
// precompiled_circuit.hpp).
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

}  // namespace

void assign_precompiled(const PrecompiledCircuit& circuit, Witness witness,
                        ProvingAssignment& out, unsigned threads, bool check) {
  if (witness.inputs.size() != circuit.num_inputs() || witness.aux.size() != circuit.num_aux() ||
      witness.num_constraints != circuit.num_constraints()) {
    throw std::invalid_argument(
        "precompiled circuit: the witness has " + std::to_string(witness.inputs.size()) +
        " inputs, " + std::to_string(witness.aux.size()) + " aux, " +
        std::to_string(witness.num_constraints) + " constraints; the circuit " +
        std::to_string(circuit.num_inputs()) + ", " + std::to_string(circuit.num_aux()) + ", " +
        std::to_string(circuit.num_constraints()));
  }
  const size_t rows = circuit.num_constraints();
  // Room for the input rows finalize() appends, so that it does not reallocate.
  std::vector<Fr> a, b, c;
  for (std::vector<Fr>* v : {&a, &b, &c}) {
    v->reserve(rows + circuit.num_inputs());
    v->resize(rows);
  }
  const Fr* inputs = witness.inputs.data();
  const Fr* aux = witness.aux.data();
  const Fr* table = circuit.coeffs().data();
  const auto n_in = uint32_t(circuit.num_inputs());
  std::atomic<size_t> first_bad{rows};
  const unsigned t = resolve_threads(threads);
  parallel_chunks(rows, size_t(t) * 16, t, [&](size_t, size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) {
      a[r] = row_dot(circuit.a(), r, inputs, n_in, aux, table);
      b[r] = row_dot(circuit.b(), r, inputs, n_in, aux, table);
      c[r] = row_dot(circuit.c(), r, inputs, n_in, aux, table);
      if (check && a[r] * b[r] != c[r]) {
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
  out.assign_precomputed(std::move(witness.inputs), std::move(witness.aux), std::move(a),
                         std::move(b), std::move(c), circuit.densities());
}

}  // namespace cuzk::r1cs
