// Inputs of the GPU MSM and H benchmarks, made on the device: scalars from a kernel (splitmix64;
// random full-width below 2^254, so canonical, or the Filecoin witness mix: 35 % zeros, 35 % ones,
// 30 % random), `n` G1 bases tiled on the device from a few distinct host points (tiling repeats
// points, which does not change the work), and H's three vectors.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gpu/arith/point_storage.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::bench {

__device__ inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

__global__ void make_scalars(uint64_t* out, size_t n, uint64_t seed, bool filecoin) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint64_t h = splitmix64(seed * 0x632BE59BD9B4E019ull + i);
  uint64_t w[4] = {0, 0, 0, 0};
  const uint64_t kind = filecoin ? h % 100 : 99;
  if (kind >= 70) {
    for (auto& x : w) x = h = splitmix64(h);
    w[3] &= (uint64_t(1) << 62) - 1;  // < 2^254 < r
  } else if (kind >= 35) {
    w[0] = 1;
  }
  for (int j = 0; j < 4; ++j) out[4 * i + j] = w[j];
}

// The first n scalars of d (canonical ff::Fr::Repr limbs).
template <class Repr>
void fill_scalars(DeviceBuffer<Repr>& d, size_t n, bool filecoin, uint64_t seed) {
  make_scalars<<<unsigned((n + 255) / 256), 256>>>(reinterpret_cast<uint64_t*>(d.data()), n, seed,
                                                   filecoin);
  CUZK_CUDA_CHECK(cudaGetLastError());
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
}

// n device bases: `distinct` uploaded, then doubled in place on the device.
template <class C>
DeviceBuffer<AffineStorageOf<C>> tile_bases(const std::vector<curve::Affine<C>>& distinct,
                                            size_t n) {
  using Storage = AffineStorageOf<C>;
  std::vector<Storage> storage(distinct.size());
  to_storage(distinct, storage);
  DeviceBuffer<Storage> bases(n);
  const size_t first = std::min(n, storage.size());
  CUZK_CUDA_CHECK(
      cudaMemcpy(bases.data(), storage.data(), first * sizeof(Storage), cudaMemcpyHostToDevice));
  for (size_t have = first; have < n; have *= 2) {
    const size_t copy = std::min(have, n - have);
    CUZK_CUDA_CHECK(cudaMemcpy(bases.data() + have, bases.data(), copy * sizeof(Storage),
                               cudaMemcpyDeviceToDevice));
  }
  return bases;
}

// H's three vectors of 2^log_n random elements (the NTT's time does not depend on the values).
struct HVectors {
  explicit HVectors(unsigned log_n) : a(size_t(1) << log_n), b(a.size()), c(a.size()) {
    fill_scalars(a, a.size(), false, 7);
    fill_scalars(b, b.size(), false, 8);
    fill_scalars(c, c.size(), false, 9);
  }
  DeviceBuffer<FrStorage> a, b, c;
};

}  // namespace cuzk::gpu::bench
