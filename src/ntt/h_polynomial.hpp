// The quotient polynomial H of a Groth16 proof, computed exactly as bellperson's prover does it
// (groth16/prover.rs, execute_fft) so that proofs are bit-identical.
//
// Inputs: the evaluations a_i = <A_i, z>, b_i = <B_i, z>, c_i = <C_i, z> of the QAP polynomials
// A, B, C (degree < n) at the domain points omega^i, one per constraint (inputs included), padded
// with zeros by the caller to n = 2^k = domain.size() (bellperson: EvaluationDomain::from_coeffs,
// the smallest power of two >= the constraint count, i.e. Domain::for_size). bellperson runs:
//
//   a.ifft(); a.coset_fft();  b.ifft(); b.coset_fft();  c.ifft(); c.coset_fft();
//   a.mul_assign(&b); a.sub_assign(&c);        // A(g w^i) B(g w^i) - C(g w^i)
//   a.divide_by_z_on_coset();                  // times 1/(g^n - 1): Z(X) = X^n - 1 is constant on
//   gH a.icoset_fft();                            // coefficients of H h = a[0 .. n-2] // the
//   prover keeps the first n - 1 coefficients
//
// A(X)B(X) - C(X) vanishes on H, so it equals H(X) Z(X) with deg H <= n - 2, and evaluating on
// the coset (where Z != 0) makes the division exact. compute_h_coefficients leaves all n values
// of icoset_fft in `a` (a[n-1] is 0 when the inputs satisfy the constraints); the caller takes the
// first n - 1 for the H MSM.
//
// Same values, less work than the literal sequence. (1) One transform fewer: icoset_fft is linear
// and undoes coset_fft exactly, so icoset_fft((A'B' - C') / z) = icoset_fft(A'B') / z - C / z with
// C = ifft(c) (z = g^n - 1): c needs its ifft only, never its coset evaluations — 6 transforms.
// (2) No permutation but the last: the DIF of each ifft leaves the coefficients bit-reversed,
// which is what the DIT of the coset_fft wants and the order the last DIF^-1 produces (so C / z is
// subtracted there, position by position). 1/n, g^i and 1/z are fused into the transforms'
// in-cache passes (they are scalings).
#pragma once

#include <span>

#include "ntt/domain.hpp"

namespace cuzk::ntt {

// a <- icoset_fft((coset_fft(ifft(a)) * coset_fft(ifft(b)) - coset_fft(ifft(c))) / (g^n - 1)).
// b and c are used as scratch (their contents are undefined afterwards). Every span must hold
// domain.size() elements (std::invalid_argument otherwise). threads: 0 = all cores.
void compute_h_coefficients(const Domain& domain, std::span<Fr> a, std::span<Fr> b, std::span<Fr> c,
                            unsigned threads = 0);

}  // namespace cuzk::ntt
