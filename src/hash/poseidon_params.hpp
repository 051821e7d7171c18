// PoseidonParams: every constant of one neptune Poseidon instance (BLS12-381 Fr, x^5, width
// t = arity + 1, "standard" strength), derived in code from the instance description:
//   round numbers (poseidon_round_numbers) -> round constants (Grain LFSR) -> Cauchy MDS ->
//   the optimized form: compressed constants and the sparse factorization (spec §2.6).
//
// poseidon_params(arity) builds each arity once, on first use, and keeps it for the life of the
// process (thread-safe); the hashing functions only read it. make_poseidon_params builds a fresh
// uncached copy (tests check the derivation is deterministic).
#pragma once

#include <array>
#include <vector>

#include "ff/fr.hpp"
#include "hash/fr_matrix.hpp"
#include "hash/poseidon_mds.hpp"

namespace cuzk::hash {

// Arities neptune instantiates for Filecoin (PoseidonArity); 11 is the PoRep column hash.
inline constexpr std::array<unsigned, 5> kFilecoinPoseidonArities = {2, 4, 8, 11, 16};
// Any arity 1..kPoseidonMaxArity is accepted (36 = PoseidonMDArity of hash_md).
inline constexpr unsigned kPoseidonMaxArity = 36;
inline constexpr unsigned kPoseidonMaxWidth = kPoseidonMaxArity + 1;

struct PoseidonParams {
  unsigned arity = 0;
  unsigned width = 0;           // t = arity + 1
  unsigned full_rounds = 0;     // R_F (two halves of R_F / 2)
  unsigned partial_rounds = 0;  // R_P

  // Reference form (spec §2.5): RC_r = round_constants[r*t .. (r+1)*t], r < R_F + R_P.
  std::vector<ff::Fr> round_constants;
  FrMatrix mds;
  FrMatrix mds_inverse;

  // Optimized form (spec §2.6): R_F * t + R_P constants consumed in order, the pre-sparse
  // matrix P and one sparse matrix per partial round.
  std::vector<ff::Fr> compressed_constants;
  FrMatrix pre_sparse;
  std::vector<PoseidonSparseMatrix> sparse;

  unsigned half_full_rounds() const { return full_rounds / 2; }
  unsigned total_rounds() const { return full_rounds + partial_rounds; }
};

// Throws std::invalid_argument for an arity outside 1..kPoseidonMaxArity.
const PoseidonParams& poseidon_params(unsigned arity);
PoseidonParams make_poseidon_params(unsigned arity);

}  // namespace cuzk::hash
