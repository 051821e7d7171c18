// DeviceSrs: the G1 sections of a Groth16 parameter set — h, l, a, b_g1 — in device memory, in the
// GPU MSM's base layout (G1AffineStorage: 96 B, Montgomery, infinity = (0, 0)). Uploaded once and
// only read by the proofs (spec §4.4: on an H200 the whole PoRep SRS, ~41 GB of G1 points, stays
// resident). B in G2 stays on the host: the CPU computes that MSM (b_g2_cpu.hpp).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "gpu/cuda_util.hpp"
#include "gpu/point_storage.hpp"
#include "gpu/staged_upload.hpp"
#include "groth16/parameters.hpp"

namespace cuzk::gpu {

struct DeviceSrs {
  DeviceBuffer<G1AffineStorage> h, l, a, b_g1;

  DeviceSrs() = default;
  // Sections of these sizes on the current device, contents undefined (tools fill them).
  DeviceSrs(size_t n_h, size_t n_l, size_t n_a, size_t n_b_g1)
      : h(n_h), l(n_l), a(n_a), b_g1(n_b_g1) {}

  size_t bytes() const { return h.size_bytes() + l.size_bytes() + a.size_bytes() + b_g1.size_bytes(); }
  // Device bytes the G1 sections of `params` take.
  static size_t bytes_for(const groth16::Parameters& params) {
    return sizeof(G1AffineStorage) *
           (params.h.size() + params.l.size() + params.a.size() + params.b_g1.size());
  }

  // Allocates on the current device and uploads params' G1 sections through `uploader` (converted
  // chunk by chunk in the staging buffers: no host copy of a whole section). Synchronous.
  static DeviceSrs upload(const groth16::Parameters& params, StagedUploader& uploader,
                          cudaStream_t stream);
};

}  // namespace cuzk::gpu
