// The polynomials behind SnarkPack's commitment-key openings (bellperson aggregate/prove.rs).
//
// GIPA's final commitment keys are the SRS powers weighted by the coefficients of
//   f(X) = prod_{j=0}^{l-1} (1 + x_{l-1-j} (s X)^(2^j))
// for the round challenges x (given here reversed: transcript[j] = x_{l-1-j}) and a shift s
// (1 for v, r^-1 for w). The prover opens the keys at a point z with a KZG proof:
// g^q(a) for q = (f - f(z)) / (X - z), over the SRS powers of both secrets.
#pragma once

#include <span>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::snarkpack {

// The 2^l coefficients of f, lowest degree first.
std::vector<ff::Fr> product_polynomial(std::span<const ff::Fr> transcript, const ff::Fr& shift);

// f(z) in O(l).
ff::Fr product_polynomial_at(std::span<const ff::Fr> transcript, const ff::Fr& z,
                             const ff::Fr& shift);

// (f - f(z)) / (X - z): the quotient's coefficients (one fewer than f's), lowest degree first.
std::vector<ff::Fr> kzg_quotient(std::span<const ff::Fr> f, const ff::Fr& z);

}  // namespace cuzk::snarkpack
