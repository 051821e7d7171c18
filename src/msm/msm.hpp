// CPU multi-scalar multiplication over G1 and G2: sum_i k_i P_i (Pippenger, pippenger.hpp).
//
// Inputs are affine bases (infinity allowed, skipped) and canonical Fr scalars as 4 little-endian
// u64 limbs (< r; anything else throws std::invalid_argument, as do mismatched sizes). Results
// are Jacobian. The generic implementation lives in pippenger.hpp and is compiled once, in
// msm.cpp, for G1Config and G2Config.
//
// Memory: besides a few vectors of partial sums, each worker holds one window's 2^(c-1) buckets:
// XYZZ 192 B (G1) / 384 B (G2) each, batch affine 297 / 585 B (affine bucket, XYZZ overflow,
// flag). threads x 2^(c-1) x bytes per bucket <= 512 MiB (kBucketMemoryLimit, msm_plan.hpp) is
// enforced by the planner at every size. msm_density() adds an n/512-byte rank table.
// Speed and the measurements behind the choices: docs/perf/msm-cpu.md.
#pragma once

#include <cstdint>
#include <span>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "ff/fr.hpp"
#include "msm/msm_options.hpp"

namespace cuzk::msm {

// sum_i scalars[i] * bases[i].
template <class Config>
curve::Jacobian<Config> msm(std::span<const curve::Affine<Config>> bases,
                            std::span<const ff::Fr::Repr> scalars, const MsmOptions& options = {});

// Groth16's density-filtered MSM: sum over the set bits i < scalars.size() of
// scalars[i] * bases[rank(i)], where bit i is bit i % 64 of density[i / 64] and bases is compact
// (one base per set bit, in order; rank(i) = set bits below i). The bases are not copied.
template <class Config>
curve::Jacobian<Config> msm_density(std::span<const curve::Affine<Config>> bases,
                                    std::span<const uint64_t> density,
                                    std::span<const ff::Fr::Repr> scalars,
                                    const MsmOptions& options = {});

extern template curve::G1 msm<curve::G1Config>(std::span<const curve::G1Affine>,
                                               std::span<const ff::Fr::Repr>, const MsmOptions&);
extern template curve::G2 msm<curve::G2Config>(std::span<const curve::G2Affine>,
                                               std::span<const ff::Fr::Repr>, const MsmOptions&);
extern template curve::G1 msm_density<curve::G1Config>(std::span<const curve::G1Affine>,
                                                       std::span<const uint64_t>,
                                                       std::span<const ff::Fr::Repr>,
                                                       const MsmOptions&);
extern template curve::G2 msm_density<curve::G2Config>(std::span<const curve::G2Affine>,
                                                       std::span<const uint64_t>,
                                                       std::span<const ff::Fr::Repr>,
                                                       const MsmOptions&);

}  // namespace cuzk::msm
