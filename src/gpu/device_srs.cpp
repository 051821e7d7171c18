// DeviceSrs::upload (device_srs.hpp): each G1 section converted into device layout in the pinned
// staging buffers and copied, one section after the other.
#include "gpu/device_srs.hpp"

#include <span>

namespace cuzk::gpu {
namespace {

void upload_section(std::span<const curve::G1Affine> points, DeviceBuffer<G1AffineStorage>& dst,
                    StagedUploader& uploader, cudaStream_t stream) {
  dst = DeviceBuffer<G1AffineStorage>(points.size());
  const curve::G1Affine* src = points.data();
  uploader.upload(dst.data(), points.size(), stream,
                  [src](size_t first, size_t count, G1AffineStorage* out) {
                    for (size_t i = 0; i < count; ++i) out[i] = to_storage(src[first + i]);
                  });
}

}  // namespace

DeviceSrs DeviceSrs::upload(const groth16::Parameters& params, StagedUploader& uploader,
                            cudaStream_t stream) {
  DeviceSrs srs;
  upload_section(params.h, srs.h, uploader, stream);
  upload_section(params.l, srs.l, uploader, stream);
  upload_section(params.a, srs.a, uploader, stream);
  upload_section(params.b_g1, srs.b_g1, uploader, stream);
  return srs;
}

}  // namespace cuzk::gpu
