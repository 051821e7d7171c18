// FrMatrix: a small dense matrix over Fr (row-major), with just the linear algebra the Poseidon
// parameter derivation needs: products, transpose, minors and Gauss-Jordan inversion.
//
// It runs once per arity at start-up (t <= 37), so it favours clarity over speed. The hashing
// hot paths never use it: they read the derived constants as flat arrays.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::hash {

class FrMatrix {
 public:
  FrMatrix() = default;
  FrMatrix(size_t rows, size_t cols) : rows_(rows), cols_(cols), v_(rows * cols) {}
  static FrMatrix identity(size_t n);

  size_t rows() const { return rows_; }
  size_t cols() const { return cols_; }
  ff::Fr& operator()(size_t i, size_t j) { return v_[i * cols_ + j]; }
  const ff::Fr& operator()(size_t i, size_t j) const { return v_[i * cols_ + j]; }
  friend bool operator==(const FrMatrix&, const FrMatrix&) = default;

  FrMatrix transpose() const;
  // This matrix without row i and column j.
  FrMatrix minor(size_t i, size_t j) const;
  // Gauss-Jordan elimination; nullopt for a singular (or non-square) matrix.
  std::optional<FrMatrix> inverse() const;
  bool is_identity() const;

  friend FrMatrix operator*(const FrMatrix& a, const FrMatrix& b);
  // M * v (v a column vector) and v * M (v a row vector).
  std::vector<ff::Fr> mul_column(std::span<const ff::Fr> v) const;
  std::vector<ff::Fr> mul_row(std::span<const ff::Fr> v) const;

 private:
  size_t rows_ = 0, cols_ = 0;
  std::vector<ff::Fr> v_;
};

}  // namespace cuzk::hash
