// The public MSM entry points: wrap the inputs in a term source and run the generic Pippenger;
// instantiated here once for G1 and G2.
#include "msm/msm.hpp"

#include "msm/pippenger.hpp"
#include "msm/term_source.hpp"

namespace cuzk::msm {

template <class Config>
curve::Jacobian<Config> msm(std::span<const curve::Affine<Config>> bases,
                            std::span<const ff::Fr::Repr> scalars, const MsmOptions& options) {
  return pippenger<Config>(PlainTerms<Config>(bases, scalars), options);
}

template <class Config>
curve::Jacobian<Config> msm_density(std::span<const curve::Affine<Config>> bases,
                                    std::span<const uint64_t> density,
                                    std::span<const ff::Fr::Repr> scalars,
                                    const MsmOptions& options) {
  return pippenger<Config>(DensityTerms<Config>(bases, density, scalars), options);
}

template curve::G1 msm<curve::G1Config>(std::span<const curve::G1Affine>,
                                        std::span<const ff::Fr::Repr>, const MsmOptions&);
template curve::G2 msm<curve::G2Config>(std::span<const curve::G2Affine>,
                                        std::span<const ff::Fr::Repr>, const MsmOptions&);
template curve::G1 msm_density<curve::G1Config>(std::span<const curve::G1Affine>,
                                                std::span<const uint64_t>,
                                                std::span<const ff::Fr::Repr>, const MsmOptions&);
template curve::G2 msm_density<curve::G2Config>(std::span<const curve::G2Affine>,
                                                std::span<const uint64_t>,
                                                std::span<const ff::Fr::Repr>, const MsmOptions&);

}  // namespace cuzk::msm
