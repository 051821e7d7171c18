// A random SRS on the current device for the GPU benchmarks: the G1 sections (h, l, a, b_g1) and,
// unless B in G2 stays on the host, b_g2 — each tiled from the few thousand distinct points of a
// SyntheticSrsHost by device-to-device copies, so a 47 GB SRS costs seconds and no host memory
// (the MSMs' work does not depend on the points being distinct). No trusted setup: the proofs it
// gives do not verify; the benchmarks time, and compare proofs across devices.
#pragma once

#include <algorithm>
#include <vector>

#include "gpu/arith/point_storage.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu_partition_bench.hpp"

namespace cuzk::gpu::bench {

// dst[i] = distinct[(i + offset) % D], built on dst's device: D points uploaded, then doubled by
// device-to-device copies.
template <class T>
void tile_on_device(DeviceBuffer<T>& dst, const std::vector<T>& distinct, size_t offset) {
  const size_t n = dst.size();
  if (n == 0) return;
  std::vector<T> first(std::min(n, distinct.size()));
  for (size_t i = 0; i < first.size(); ++i) first[i] = distinct[(i + offset) % distinct.size()];
  dst.upload(first);
  for (size_t have = first.size(); have < n; have *= 2) {
    const size_t copy = std::min(have, n - have);
    CUZK_CUDA_CHECK(
        cudaMemcpy(dst.data() + have, dst.data(), copy * sizeof(T), cudaMemcpyDeviceToDevice));
  }
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
}

// The sections of `shape` on the current device; B in G2 only when b_g2_on_device.
inline DeviceSrs tiled_device_srs(const SrsShape& shape, const SyntheticSrsHost& host,
                                  bool b_g2_on_device) {
  DeviceSrs srs(shape.h, shape.l, shape.a, shape.b_g1, b_g2_on_device ? shape.b_g2 : 0);
  std::vector<G1AffineStorage> g1(host.g1_distinct.size());
  to_storage(host.g1_distinct, g1);
  tile_on_device(srs.h, g1, 0);
  tile_on_device(srs.l, g1, 1000);
  tile_on_device(srs.a, g1, 2000);
  tile_on_device(srs.b_g1, g1, 3000);
  std::vector<G2AffineStorage> g2(host.g2_distinct.size());
  to_storage(host.g2_distinct, g2);
  tile_on_device(srs.b_g2, g2, 3);
  return srs;
}

}  // namespace cuzk::gpu::bench
