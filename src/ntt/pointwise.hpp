// Element-wise operations on evaluation vectors, as the Groth16 prover uses them between
// transforms (bellperson EvaluationDomain: mul_assign by a scalar, mul_assign / sub_assign by
// another domain, divide_by_z_on_coset). Multi-threaded (threads: 0 = all cores); the spans of one
// call must have equal lengths (std::invalid_argument otherwise).
#pragma once

#include <span>

#include "ntt/domain.hpp"

namespace cuzk::ntt {

// a[i] *= c
void scale(std::span<Fr> a, const Fr& c, unsigned threads = 0);
// a[i] *= b[i]
void mul_assign(std::span<Fr> a, std::span<const Fr> b, unsigned threads = 0);
// a[i] -= b[i]
void sub_assign(std::span<Fr> a, std::span<const Fr> b, unsigned threads = 0);
// a[i] /= Z(g) with Z(X) = X^n - 1 (n = domain.size()): on the coset g*H, Z is the constant
// g^n - 1, so dividing by Z is a scaling by its inverse. a.size() must equal domain.size().
void divide_by_z_on_coset(const Domain& domain, std::span<Fr> a, unsigned threads = 0);

}  // namespace cuzk::ntt
