// Pairing products and multi-scalar multiplications for SnarkPack (see inner_product.hpp).
#include "snarkpack/inner_product.hpp"

#include <stdexcept>

#include "msm/msm.hpp"
#include "util/parallel.hpp"

namespace cuzk::snarkpack {
namespace {

// Below this many terms a thread's Miller loops cost less than starting it.
constexpr size_t kMinTermsPerThread = 4;

template <class Config>
curve::Jacobian<Config> multiexp_of(std::span<const curve::Affine<Config>> bases,
                                    std::span<const ff::Fr> scalars, unsigned threads) {
  if (bases.size() != scalars.size())
    throw std::invalid_argument("multiexp: bases and scalars differ in length");
  std::vector<ff::Fr::Repr> reprs(scalars.size());
  for (size_t i = 0; i < scalars.size(); ++i) reprs[i] = scalars[i].to_canonical();
  msm::MsmOptions options;
  options.threads = threads;
  return msm::msm<Config>(bases, reprs, options);
}

}  // namespace

ff::Fp12 miller_product(std::span<const curve::G1Affine> a, std::span<const curve::G2Affine> b,
                        unsigned threads) {
  if (a.size() != b.size())
    throw std::invalid_argument("pairing product: G1 and G2 vectors differ in length");
  const unsigned t = threads_for(a.size(), kMinTermsPerThread, threads);
  std::vector<ff::Fp12> partial(t, ff::Fp12::one());
  parallel_chunks(a.size(), t, t, [&](size_t chunk, size_t begin, size_t end) {
    std::vector<curve::MillerTerm> terms;
    terms.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) terms.push_back({a[i], b[i]});
    partial[chunk] = curve::multi_miller_loop(terms);
  });
  ff::Fp12 f = ff::Fp12::one();
  for (const auto& p : partial) f *= p;
  return f;
}

curve::Gt finish_pairing(const ff::Fp12& miller) {
  return curve::blst_convention(curve::final_exponentiation(miller));
}

curve::Gt pairing_product(std::span<const curve::G1Affine> a, std::span<const curve::G2Affine> b,
                          unsigned threads) {
  return finish_pairing(miller_product(a, b, threads));
}

curve::G1 multiexp(std::span<const curve::G1Affine> bases, std::span<const ff::Fr> scalars,
                   unsigned threads) {
  return multiexp_of<curve::G1Config>(bases, scalars, threads);
}

curve::G2 multiexp(std::span<const curve::G2Affine> bases, std::span<const ff::Fr> scalars,
                   unsigned threads) {
  return multiexp_of<curve::G2Config>(bases, scalars, threads);
}

std::vector<ff::Fr> powers_of(const ff::Fr& s, size_t n) {
  std::vector<ff::Fr> powers(n);
  ff::Fr p = ff::Fr::one();
  for (auto& x : powers) {
    x = p;
    p *= s;
  }
  return powers;
}

}  // namespace cuzk::snarkpack
