// Matrix-vector product and transpose for the sparse R1CS matrices (see csr_matrix.hpp).
#include "r1cs/csr_matrix.hpp"

#include <stdexcept>
#include <string>

#include "util/parallel.hpp"

namespace cuzk::r1cs {

std::vector<Fr> evaluate(const CsrMatrix& m, std::span<const Fr> inputs, std::span<const Fr> aux,
                         unsigned threads) {
  if (inputs.size() != m.num_inputs || aux.size() != m.num_aux) {
    throw std::invalid_argument("evaluate: witness has " + std::to_string(inputs.size()) +
                                " inputs / " + std::to_string(aux.size()) + " aux, the matrix " +
                                std::to_string(m.num_inputs) + " / " + std::to_string(m.num_aux));
  }
  std::vector<Fr> out(m.rows());
  const size_t n_in = m.num_inputs;
  parallel_for(m.rows(), threads, [&](size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) {
      Fr acc = Fr::zero();
      for (uint64_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) {
        const uint32_t col = m.cols[k];
        const Fr& z = col < n_in ? inputs[col] : aux[col - n_in];
        acc += m.coeffs[k] * z;
      }
      out[r] = acc;
    }
  });
  return out;
}

CscMatrix transpose(const CsrMatrix& m) {
  CscMatrix t;
  t.num_inputs = m.num_inputs;
  t.num_aux = m.num_aux;
  t.num_rows = m.rows();
  t.col_ptr.assign(m.num_cols() + 1, 0);
  for (uint32_t col : m.cols) ++t.col_ptr[size_t(col) + 1];
  for (size_t c = 0; c < m.num_cols(); ++c) t.col_ptr[c + 1] += t.col_ptr[c];
  t.rows.resize(m.nnz());
  t.coeffs.resize(m.nnz());
  std::vector<uint64_t> next(t.col_ptr.begin(), t.col_ptr.end() - 1);
  for (size_t r = 0; r < m.rows(); ++r) {
    for (uint64_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) {
      const uint64_t at = next[m.cols[k]]++;
      t.rows[at] = r;
      t.coeffs[at] = m.coeffs[k];
    }
  }
  return t;
}

}  // namespace cuzk::r1cs
