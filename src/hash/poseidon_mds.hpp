// Poseidon linear layer (spec §2.3, §2.6): the Cauchy MDS matrix neptune uses, and its
// factorization into one dense "pre-sparse" matrix and one sparse matrix per partial round,
// which lets a partial round mix in O(t) instead of O(t^2) multiplications.
#pragma once

#include <vector>

#include "ff/fr.hpp"
#include "hash/fr_matrix.hpp"

namespace cuzk::hash {

// M[i][j] = 1 / (x_i + y_j) with x_i = i, y_j = t + j: M[i][j] = (i + j + t)^-1, symmetric.
FrMatrix poseidon_mds_matrix(unsigned width);

// A matrix S equal to the identity except for row 0 and column 0:
//   S[i][0] = column0[i] (i = 0..t-1), S[0][j] = row0_tail[j-1] (j = 1..t-1).
struct PoseidonSparseMatrix {
  std::vector<ff::Fr> column0;
  std::vector<ff::Fr> row0_tail;

  FrMatrix to_dense() const;
};

struct PoseidonSparseFactorization {
  FrMatrix pre_sparse;                       // P: mixes the last first-half full round
  std::vector<PoseidonSparseMatrix> sparse;  // S_0 .. S_{R_P-1}, first partial round first
};

// Repeats R_P times, starting from m = M: split m = m' * S, where S keeps m's row 0 and has
// column 0 = (m[0][0], m_hat^-1 * w) (m_hat = m without row/column 0, w = m's column 0 below
// row 0), and m' is m with row/column 0 replaced by e_0; then continues with m = M * m'. The
// final m is P; the S are recorded last partial round first, so the list is reversed.
PoseidonSparseFactorization factor_mds_to_sparse(const FrMatrix& mds, unsigned partial_rounds);

}  // namespace cuzk::hash
