// Natural-order transforms (see ntt.hpp): DIF + permutation, or permutation + DIT, with the
// scaling fused on the bit-reversed side.
#include "ntt/ntt.hpp"

#include "ntt/bit_reverse.hpp"
#include "ntt/power_scaling.hpp"
#include "ntt/transform.hpp"

namespace cuzk::ntt {

void forward_ntt(const Domain& domain, std::span<Fr> a, unsigned threads) {
  dif_natural_to_bitreversed(domain, a, Direction::kForward, threads);
  bit_reverse_permute(a, threads);
}

void inverse_ntt(const Domain& domain, std::span<Fr> a, unsigned threads) {
  const PowerScaling by_size_inv(domain.size(), domain.size_inv(), Fr::one(),
                                 IndexOrder::kBitReversed);
  dif_natural_to_bitreversed(domain, a, Direction::kInverse, threads, &by_size_inv);
  bit_reverse_permute(a, threads);
}

void coset_ntt(const Domain& domain, std::span<Fr> a, unsigned threads) {
  check_domain_size(domain, a.size(), "coset_ntt input");
  const PowerScaling by_g_powers(domain.size(), Fr::one(), domain.coset_generator(),
                                 IndexOrder::kBitReversed);
  bit_reverse_permute(a, threads);
  dit_bitreversed_to_natural(domain, a, Direction::kForward, threads, &by_g_powers);
}

void inverse_coset_ntt(const Domain& domain, std::span<Fr> a, unsigned threads) {
  const PowerScaling by_g_inv_powers(domain.size(), domain.size_inv(), domain.coset_generator_inv(),
                                     IndexOrder::kBitReversed);
  dif_natural_to_bitreversed(domain, a, Direction::kInverse, threads, &by_g_inv_powers);
  bit_reverse_permute(a, threads);
}

}  // namespace cuzk::ntt
