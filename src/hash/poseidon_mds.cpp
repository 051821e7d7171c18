// Cauchy MDS construction and the sparse factorization of spec §2.6; see poseidon_mds.hpp.
#include "hash/poseidon_mds.hpp"

#include <algorithm>
#include <stdexcept>

namespace cuzk::hash {

using ff::Fr;

FrMatrix poseidon_mds_matrix(unsigned width) {
  FrMatrix m(width, width);
  for (unsigned i = 0; i < width; ++i) {
    for (unsigned j = 0; j < width; ++j) m(i, j) = Fr::from_u64(i + j + width).inverse();
  }
  return m;
}

FrMatrix PoseidonSparseMatrix::to_dense() const {
  FrMatrix s = FrMatrix::identity(column0.size());
  for (size_t i = 0; i < column0.size(); ++i) s(i, 0) = column0[i];
  for (size_t j = 0; j < row0_tail.size(); ++j) s(0, j + 1) = row0_tail[j];
  return s;
}

namespace {

// One step: m = m' * S. Returns S; replaces m by m'.
PoseidonSparseMatrix split_off_sparse(FrMatrix& m) {
  const size_t t = m.rows();
  auto m_hat_inverse = m.minor(0, 0).inverse();
  if (!m_hat_inverse) throw std::logic_error("poseidon sparse factorization: singular minor");
  std::vector<Fr> w(t - 1);
  for (size_t i = 1; i < t; ++i) w[i - 1] = m(i, 0);
  std::vector<Fr> w_hat = m_hat_inverse->mul_column(w);

  PoseidonSparseMatrix s;
  s.column0.resize(t);
  s.column0[0] = m(0, 0);
  std::copy(w_hat.begin(), w_hat.end(), s.column0.begin() + 1);
  s.row0_tail.resize(t - 1);
  for (size_t j = 1; j < t; ++j) s.row0_tail[j - 1] = m(0, j);

  for (size_t j = 0; j < t; ++j) m(0, j) = j == 0 ? Fr::one() : Fr::zero();
  for (size_t i = 1; i < t; ++i) m(i, 0) = Fr::zero();
  return s;
}

}  // namespace

PoseidonSparseFactorization factor_mds_to_sparse(const FrMatrix& mds, unsigned partial_rounds) {
  PoseidonSparseFactorization f;
  FrMatrix m = mds;
  for (unsigned r = 0; r < partial_rounds; ++r) {
    f.sparse.push_back(split_off_sparse(m));
    m = mds * m;
  }
  std::reverse(f.sparse.begin(), f.sparse.end());
  f.pre_sparse = std::move(m);
  return f;
}

}  // namespace cuzk::hash
