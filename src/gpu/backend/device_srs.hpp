// DeviceSrs: the sections of a Groth16 parameter set that the GPU MSMs read — h, l, a, b_g1 in G1
// and, unless left on the host, b_g2 in G2 — in device memory, in the GPU MSM's base layout
// (G1AffineStorage 96 B, G2AffineStorage 192 B; Montgomery, infinity = (0, 0)). Uploaded once and
// only read by the proofs (spec §4.4: on an H200 the whole PoRep SRS, ~41 GB of G1 points and
// 6.4 GB of G2 points, stays resident). Without b_g2 on the device (a smaller GPU), the CPU
// computes the B-in-G2 MSM from the host parameters (b_g2_cpu.hpp).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "gpu/arith/point_storage.hpp"
#include "gpu/params/srs_decode.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/staged_upload.hpp"
#include "groth16/parameters.hpp"

namespace cuzk::gpu {

// Converts host points into device layout in the staging buffers and copies them to d_dst
// (points.size() elements); synchronous.
template <class C>
void upload_points(std::span<const curve::Affine<C>> points, AffineStorageOf<C>* d_dst,
                   StagedUploader& uploader, cudaStream_t stream) {
  const curve::Affine<C>* src = points.data();
  uploader.upload(d_dst, points.size(), stream,
                  [src](size_t first, size_t count, AffineStorageOf<C>* out) {
                    for (size_t i = 0; i < count; ++i) out[i] = to_storage(src[first + i]);
                  });
}

// Copies n points' file bytes (`raw`: 96 / 192 bytes each, as a .params file holds them) into
// d_dst through `uploader` and decodes them there in place (srs_decode.hpp); synchronous. Returns
// the index of the first point that fails the host loader's checks, or n.
template <class C>
size_t upload_raw_points(const uint8_t* raw, size_t n, AffineStorageOf<C>* d_dst,
                         StagedUploader& uploader, cudaStream_t stream) {
  using S = AffineStorageOf<C>;
  uploader.upload(d_dst, n, stream, [raw](size_t first, size_t count, S* out) {
    std::memcpy(static_cast<void*>(out), raw + first * sizeof(S), count * sizeof(S));
  });
  return decode_points_in_place<C>(d_dst, n, stream);
}

struct DeviceSrs {
  DeviceBuffer<G1AffineStorage> h, l, a, b_g1;
  DeviceBuffer<G2AffineStorage> b_g2;  // empty: B in G2 is left to the host

  DeviceSrs() = default;
  // Sections of these sizes on the current device, contents undefined (tools fill them).
  DeviceSrs(size_t n_h, size_t n_l, size_t n_a, size_t n_b_g1, size_t n_b_g2 = 0)
      : h(n_h), l(n_l), a(n_a), b_g1(n_b_g1), b_g2(n_b_g2) {}

  size_t bytes() const {
    return h.size_bytes() + l.size_bytes() + a.size_bytes() + b_g1.size_bytes() + b_g2.size_bytes();
  }
  // Device bytes the sections of `params` take (with or without B in G2).
  static size_t bytes_for(const groth16::Parameters& params, bool with_b_g2 = true) {
    using groth16::Section;
    return sizeof(G1AffineStorage) * (params.count(Section::kH) + params.count(Section::kL) +
                                      params.count(Section::kA) + params.count(Section::kBG1)) +
           (with_b_g2 ? sizeof(G2AffineStorage) * params.count(Section::kBG2) : 0);
  }

  // Allocates section s on the current device and uploads it from params (which must still hold
  // its points) through `uploader`; synchronous. Replaces what the section held.
  void upload_section(const groth16::Parameters& params, groth16::Section s,
                      StagedUploader& uploader, cudaStream_t stream);
  // Allocates section s on the current device from its .params file bytes (groth16::
  // params_section_bytes), copied as they are through `uploader` and decoded and checked on the
  // device (srs_decode.hpp); synchronous. Returns the index of the first point that fails the
  // host loader's checks, or the point count when none does (then the section is usable).
  size_t upload_raw_section(groth16::Section s, std::span<const uint8_t> raw,
                            StagedUploader& uploader, cudaStream_t stream);

  // Allocates on the current device and uploads params' G1 sections and, with_b_g2, B in G2
  // through `uploader` (converted chunk by chunk in the staging buffers: no host copy of a whole
  // section). Synchronous.
  static DeviceSrs upload(const groth16::Parameters& params, StagedUploader& uploader,
                          cudaStream_t stream, bool with_b_g2 = true);
};

}  // namespace cuzk::gpu
