// FrMatrix operations; see fr_matrix.hpp. Dimension mismatches are programming errors inside
// the parameter derivation and throw std::invalid_argument.
#include "hash/fr_matrix.hpp"

#include <stdexcept>
#include <utility>

namespace cuzk::hash {

using ff::Fr;

FrMatrix FrMatrix::identity(size_t n) {
  FrMatrix m(n, n);
  for (size_t i = 0; i < n; ++i) m(i, i) = Fr::one();
  return m;
}

FrMatrix FrMatrix::transpose() const {
  FrMatrix t(cols_, rows_);
  for (size_t i = 0; i < rows_; ++i) {
    for (size_t j = 0; j < cols_; ++j) t(j, i) = (*this)(i, j);
  }
  return t;
}

FrMatrix FrMatrix::minor(size_t row, size_t col) const {
  FrMatrix m(rows_ - 1, cols_ - 1);
  for (size_t i = 0, mi = 0; i < rows_; ++i) {
    if (i == row) continue;
    for (size_t j = 0, mj = 0; j < cols_; ++j) {
      if (j == col) continue;
      m(mi, mj++) = (*this)(i, j);
    }
    ++mi;
  }
  return m;
}

std::optional<FrMatrix> FrMatrix::inverse() const {
  if (rows_ != cols_) return std::nullopt;
  const size_t n = rows_;
  FrMatrix a = *this, inv = identity(n);
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    while (pivot < n && a(pivot, col).is_zero()) ++pivot;
    if (pivot == n) return std::nullopt;
    if (pivot != col) {
      for (size_t j = 0; j < n; ++j) {
        std::swap(a(pivot, j), a(col, j));
        std::swap(inv(pivot, j), inv(col, j));
      }
    }
    const Fr scale = a(col, col).inverse();
    for (size_t j = 0; j < n; ++j) {
      a(col, j) *= scale;
      inv(col, j) *= scale;
    }
    for (size_t i = 0; i < n; ++i) {
      if (i == col || a(i, col).is_zero()) continue;
      const Fr factor = a(i, col);
      for (size_t j = 0; j < n; ++j) {
        a(i, j) -= factor * a(col, j);
        inv(i, j) -= factor * inv(col, j);
      }
    }
  }
  return inv;
}

bool FrMatrix::is_identity() const {
  if (rows_ != cols_) return false;
  for (size_t i = 0; i < rows_; ++i) {
    for (size_t j = 0; j < cols_; ++j) {
      if ((*this)(i, j) != (i == j ? Fr::one() : Fr::zero())) return false;
    }
  }
  return true;
}

FrMatrix operator*(const FrMatrix& a, const FrMatrix& b) {
  if (a.cols_ != b.rows_) throw std::invalid_argument("FrMatrix product: shapes differ");
  FrMatrix c(a.rows_, b.cols_);
  for (size_t i = 0; i < a.rows_; ++i) {
    for (size_t k = 0; k < a.cols_; ++k) {
      const Fr aik = a(i, k);
      for (size_t j = 0; j < b.cols_; ++j) c(i, j) += aik * b(k, j);
    }
  }
  return c;
}

std::vector<Fr> FrMatrix::mul_column(std::span<const Fr> v) const {
  if (v.size() != cols_) throw std::invalid_argument("FrMatrix * vector: length differs");
  std::vector<Fr> out(rows_);
  for (size_t i = 0; i < rows_; ++i) {
    for (size_t j = 0; j < cols_; ++j) out[i] += (*this)(i, j) * v[j];
  }
  return out;
}

std::vector<Fr> FrMatrix::mul_row(std::span<const Fr> v) const {
  if (v.size() != rows_) throw std::invalid_argument("vector * FrMatrix: length differs");
  std::vector<Fr> out(cols_);
  for (size_t i = 0; i < rows_; ++i) {
    for (size_t j = 0; j < cols_; ++j) out[j] += v[i] * (*this)(i, j);
  }
  return out;
}

}  // namespace cuzk::hash
