// DeviceSrs::upload (device_srs.hpp): each section (G1, then B in G2) converted into device layout
// in the pinned staging buffers and copied, one section after the other.
#include "gpu/device_srs.hpp"

#include <span>

namespace cuzk::gpu {
namespace {

template <class C>
void upload_section(std::span<const curve::Affine<C>> points,
                    DeviceBuffer<AffineStorageOf<C>>& dst, StagedUploader& uploader,
                    cudaStream_t stream) {
  dst = DeviceBuffer<AffineStorageOf<C>>(points.size());
  upload_points<C>(points, dst.data(), uploader, stream);
}

}  // namespace

DeviceSrs DeviceSrs::upload(const groth16::Parameters& params, StagedUploader& uploader,
                            cudaStream_t stream, bool with_b_g2) {
  using curve::G1Config;
  DeviceSrs srs;
  upload_section<G1Config>(params.h, srs.h, uploader, stream);
  upload_section<G1Config>(params.l, srs.l, uploader, stream);
  upload_section<G1Config>(params.a, srs.a, uploader, stream);
  upload_section<G1Config>(params.b_g1, srs.b_g1, uploader, stream);
  if (with_b_g2) upload_section<curve::G2Config>(params.b_g2, srs.b_g2, uploader, stream);
  return srs;
}

}  // namespace cuzk::gpu
