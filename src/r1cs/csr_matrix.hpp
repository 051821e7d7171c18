// Sparse R1CS matrices: CsrMatrix (row-major, what RecordingCS produces), CscMatrix (its
// transpose, one column per variable, what parameter setup consumes), and the matrix-vector
// product evaluate(M, inputs, aux) = M·z.
//
// Column numbering (both formats): z = (input_0 = ONE, input_1, …, input_{n-1}, aux_0, …,
// aux_{m-1}), i.e. Input(i) is column i and Aux(j) is column num_inputs + j. Columns are 32-bit
// (a 32 GiB PoRep partition has ~130 M variables); row pointers are 64-bit. Within a row the
// columns are strictly increasing (each variable once) and every stored coefficient is non-zero.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ff/fr.hpp"
#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

using ff::Fr;

struct MatrixShape {
  size_t rows = 0;
  size_t nnz = 0;
  friend bool operator==(const MatrixShape&, const MatrixShape&) = default;
};

struct CsrMatrix {
  size_t num_inputs = 0;
  size_t num_aux = 0;
  std::vector<uint64_t> row_ptr{0};  // rows() + 1 offsets into cols / coeffs
  std::vector<uint32_t> cols;
  std::vector<Fr> coeffs;

  size_t rows() const { return row_ptr.size() - 1; }
  size_t nnz() const { return cols.size(); }
  size_t num_cols() const { return num_inputs + num_aux; }
  MatrixShape shape() const { return {rows(), nnz()}; }
  Variable variable(uint32_t col) const {
    return col < num_inputs ? Variable::input(col) : Variable::aux(col - num_inputs);
  }
};

// The entries of one column of a CscMatrix: constraint indices (increasing) and coefficients.
struct ColumnView {
  std::span<const uint64_t> rows;
  std::span<const Fr> coeffs;
  size_t size() const { return rows.size(); }
};

struct CscMatrix {
  size_t num_inputs = 0;
  size_t num_aux = 0;
  size_t num_rows = 0;
  std::vector<uint64_t> col_ptr{0};  // num_cols() + 1 offsets into rows / coeffs
  std::vector<uint64_t> rows;
  std::vector<Fr> coeffs;

  size_t num_cols() const { return col_ptr.size() - 1; }
  size_t nnz() const { return rows.size(); }
  ColumnView column(size_t col) const {
    const size_t b = col_ptr[col], e = col_ptr[col + 1];
    return {std::span(rows).subspan(b, e - b), std::span(coeffs).subspan(b, e - b)};
  }
};

// M·z for z = (inputs, aux). Throws std::invalid_argument if the sizes do not match the matrix.
// Rows are split over `threads` threads (0 = all hardware threads); the result does not depend
// on the thread count.
std::vector<Fr> evaluate(const CsrMatrix& m, std::span<const Fr> inputs, std::span<const Fr> aux,
                         unsigned threads = 1);

// The transpose, by a stable counting sort: each column lists its rows in increasing order.
CscMatrix transpose(const CsrMatrix& m);

}  // namespace cuzk::r1cs
