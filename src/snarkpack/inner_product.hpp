// The inner products SnarkPack is built from, on all cores: pairing products prod_i e(a_i, b_i)
// (Miller loops split over threads, one final exponentiation, the value in blst's convention as
// bellperson computes it) and multi-scalar multiplications sum_i k_i P_i (the msm floor).
#pragma once

#include <span>
#include <vector>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "curve/pairing.hpp"
#include "ff/fr.hpp"

namespace cuzk::snarkpack {

// prod_i f_{a_i, b_i}: the Miller part only, to combine products before one final exponentiation.
// Sizes must match (std::invalid_argument otherwise). threads 0 = all cores.
ff::Fp12 miller_product(std::span<const curve::G1Affine> a, std::span<const curve::G2Affine> b,
                        unsigned threads);

// The final exponentiation of a Miller product, in blst's convention.
curve::Gt finish_pairing(const ff::Fp12& miller);

// prod_i e(a_i, b_i) in blst's convention.
curve::Gt pairing_product(std::span<const curve::G1Affine> a, std::span<const curve::G2Affine> b,
                          unsigned threads);

curve::G1 multiexp(std::span<const curve::G1Affine> bases, std::span<const ff::Fr> scalars,
                   unsigned threads);
curve::G2 multiexp(std::span<const curve::G2Affine> bases, std::span<const ff::Fr> scalars,
                   unsigned threads);

// [1, s, s^2, ..., s^(n-1)].
std::vector<ff::Fr> powers_of(const ff::Fr& s, size_t n);

}  // namespace cuzk::snarkpack
