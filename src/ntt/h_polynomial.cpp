// The H-polynomial pipeline (see h_polynomial.hpp for the bellperson sequence it reproduces).
#include "ntt/h_polynomial.hpp"

#include "ntt/bit_reverse.hpp"
#include "ntt/pointwise.hpp"
#include "ntt/power_scaling.hpp"
#include "ntt/transform.hpp"

namespace cuzk::ntt {

void compute_h_coefficients(const Domain& domain, std::span<Fr> a, std::span<Fr> b, std::span<Fr> c,
                            unsigned threads) {
  check_domain_size(domain, a.size(), "compute_h_coefficients a");
  check_domain_size(domain, b.size(), "compute_h_coefficients b");
  check_domain_size(domain, c.size(), "compute_h_coefficients c");
  const size_t n = domain.size();

  // ifft then coset_fft of a and b: DIF^-1 leaves n * coefficient k at position rev(k); scaling
  // it by g^k / n there and running the forward DIT yields the coset evaluations in natural order.
  const PowerScaling to_coset(n, domain.size_inv(), domain.coset_generator(),
                              IndexOrder::kBitReversed);
  for (std::span<Fr> x : {a, b}) {
    dif_natural_to_bitreversed(domain, x, Direction::kInverse, threads, &to_coset);
    dit_bitreversed_to_natural(domain, x, Direction::kForward, threads);
  }

  // c only as coefficients over (g^n - 1), left bit-reversed: icoset_fft(coset_fft(C)) = C.
  const Fr z_inv = domain.vanishing_on_coset().inverse();
  const PowerScaling c_over_z(n, z_inv * domain.size_inv(), Fr::one(), IndexOrder::kBitReversed);
  dif_natural_to_bitreversed(domain, c, Direction::kInverse, threads, &c_over_z);

  mul_assign(a, b, threads);

  // divide_by_z_on_coset then icoset_fft of a * b: coefficient k = g^-k / (n (g^n - 1)) *
  // (DIF^-1 a)[rev k]; minus C's coefficients over (g^n - 1), in the same bit-reversed order.
  const PowerScaling from_coset(n, z_inv * domain.size_inv(), domain.coset_generator_inv(),
                                IndexOrder::kBitReversed);
  dif_natural_to_bitreversed(domain, a, Direction::kInverse, threads, &from_coset);
  sub_assign(a, c, threads);
  bit_reverse_permute(a, threads);
}

}  // namespace cuzk::ntt
