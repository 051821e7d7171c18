// Parameter points decoded on the device: a section of a .params file (bellperson's uncompressed
// encoding, big-endian coordinates; G2 as x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0) copied as it is into the
// device array that will hold it, then turned in place into the MSM's base layout (Montgomery
// limbs, AffineStorageOf<C>) by a kernel that also checks every point the way the host loader
// does (groth16::read_params_section: no flag bits, canonical coordinates, on the curve; the
// point at infinity is refused). 96 / 192 bytes in, 96 / 192 bytes out: no second buffer.
//
// Why: decoding 44 GiB on the host took ~55 s at 16 cores (0.85 GiB/s; on-curve checks and the
// Montgomery conversion per point); on the device the host only copies the file's bytes.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "gpu/arith/point_storage.hpp"

namespace cuzk::gpu {

// Decodes points[0 .. n) in place on `stream` and waits. Returns the index of the first point
// that fails a check, or n when all pass (the points before it are decoded; from it on, the array
// is undefined). The caller names the failure (groth16::section_point_error re-reads that point).
template <class C>
size_t decode_points_in_place(AffineStorageOf<C>* points, size_t n, cudaStream_t stream);

extern template size_t decode_points_in_place<curve::G1Config>(G1AffineStorage*, size_t,
                                                               cudaStream_t);
extern template size_t decode_points_in_place<curve::G2Config>(G2AffineStorage*, size_t,
                                                               cudaStream_t);

}  // namespace cuzk::gpu
