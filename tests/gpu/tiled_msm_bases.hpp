// Shared state of the GPU MSM device tests (G1 and G2): `max_n` host bases tiled from `distinct`
// random points, the same bases on the device, and one GpuMsmT whose scratch is reused.
#pragma once

#include <span>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "gpu/arith/point_storage.hpp"
#include "gpu/msm/msm.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::testing {

template <class Config>
struct TiledMsmBases {
  std::vector<curve::Affine<Config>> bases;
  DeviceBuffer<AffineStorageOf<Config>> d_bases;
  GpuMsmT<Config> msm{0};

  TiledMsmBases(size_t distinct, size_t max_n, uint64_t seed) : d_bases(max_n) {
    const auto points = msm::testing::random_points<Config>(distinct, seed);
    bases.reserve(max_n);
    while (bases.size() < max_n) bases.insert(bases.end(), points.begin(), points.end());
    bases.resize(max_n);
    std::vector<AffineStorageOf<Config>> storage(max_n);
    to_storage(bases, storage);
    d_bases.upload(storage);
  }
  std::span<const curve::Affine<Config>> host(size_t n) const { return {bases.data(), n}; }
};

}  // namespace cuzk::gpu::testing
