// Natural-order number-theoretic transforms over a Domain: the operations of bellperson's
// EvaluationDomain (fft, ifft, coset_fft, icoset_fft), bit-exact with them. With n = domain.size(),
// omega = domain.omega(), g = domain.coset_generator() (7):
//
//   forward_ntt:        a[j] <- sum_i a[i] omega^(ij)                  evaluate at omega^j
//   inverse_ntt:        a[i] <- 1/n sum_j a[j] omega^(-ij)             interpolate
//   coset_ntt:          a[j] <- sum_i a[i] g^i omega^(ij)              evaluate at g omega^j
//   inverse_coset_ntt:  a[i] <- g^(-i)/n sum_j a[j] omega^(-ij)        interpolate from the coset
//
// Each is one blocked DIF or DIT (transform.hpp) plus one bit-reversal permutation; the 1/n and
// g^(+-i) factors ride along in the transform's in-cache row pass. a.size() must equal n
// (std::invalid_argument otherwise); threads: 0 = all cores; results do not depend on it.
#pragma once

#include <span>

#include "ntt/domain.hpp"

namespace cuzk::ntt {

void forward_ntt(const Domain& domain, std::span<Fr> a, unsigned threads = 0);
void inverse_ntt(const Domain& domain, std::span<Fr> a, unsigned threads = 0);
void coset_ntt(const Domain& domain, std::span<Fr> a, unsigned threads = 0);
void inverse_coset_ntt(const Domain& domain, std::span<Fr> a, unsigned threads = 0);

}  // namespace cuzk::ntt
