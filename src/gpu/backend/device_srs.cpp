// DeviceSrs::upload / upload_section (device_srs.hpp): each section (G1, then B in G2) converted
// into device layout in the pinned staging buffers and copied, one section after the other; or,
// upload_raw_section, the file's bytes copied as they are and decoded on the device.
#include "gpu/backend/device_srs.hpp"

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace cuzk::gpu {
namespace {

template <class C>
void upload_into(const std::vector<curve::Affine<C>>& points, DeviceBuffer<AffineStorageOf<C>>& dst,
                 StagedUploader& uploader, cudaStream_t stream) {
  dst = DeviceBuffer<AffineStorageOf<C>>(points.size());
  upload_points<C>(std::span<const curve::Affine<C>>(points), dst.data(), uploader, stream);
}

// The file bytes of n points into a new dst, then decoded there; the first bad index, or n.
template <class C>
size_t upload_raw_into(std::span<const uint8_t> raw, DeviceBuffer<AffineStorageOf<C>>& dst,
                       StagedUploader& uploader, cudaStream_t stream) {
  using S = AffineStorageOf<C>;
  static_assert(sizeof(S) == curve::kUncompressedSize<C>, "in place: wire and storage sizes agree");
  if (raw.size() % sizeof(S) != 0) {
    throw std::invalid_argument("raw SRS section: " + std::to_string(raw.size()) +
                                " bytes is not a whole number of points");
  }
  const size_t n = raw.size() / sizeof(S);
  dst = DeviceBuffer<S>(n);
  return upload_raw_points<C>(raw.data(), n, dst.data(), uploader, stream);
}

}  // namespace

size_t DeviceSrs::upload_raw_section(groth16::Section s, std::span<const uint8_t> raw,
                                     StagedUploader& uploader, cudaStream_t stream) {
  using groth16::Section;
  switch (s) {
    case Section::kH:
      return upload_raw_into<curve::G1Config>(raw, h, uploader, stream);
    case Section::kL:
      return upload_raw_into<curve::G1Config>(raw, l, uploader, stream);
    case Section::kA:
      return upload_raw_into<curve::G1Config>(raw, a, uploader, stream);
    case Section::kBG1:
      return upload_raw_into<curve::G1Config>(raw, b_g1, uploader, stream);
    case Section::kBG2:
      return upload_raw_into<curve::G2Config>(raw, b_g2, uploader, stream);
  }
  return 0;
}

void DeviceSrs::upload_section(const groth16::Parameters& params, groth16::Section s,
                               StagedUploader& uploader, cudaStream_t stream) {
  using groth16::Section;
  if (params.released[size_t(s)]) {
    throw std::invalid_argument(std::string("parameters: section ") + groth16::to_string(s) +
                                " was released from host memory; nothing to upload");
  }
  switch (s) {
    case Section::kH:
      return upload_into(params.h, h, uploader, stream);
    case Section::kL:
      return upload_into(params.l, l, uploader, stream);
    case Section::kA:
      return upload_into(params.a, a, uploader, stream);
    case Section::kBG1:
      return upload_into(params.b_g1, b_g1, uploader, stream);
    case Section::kBG2:
      return upload_into(params.b_g2, b_g2, uploader, stream);
  }
}

DeviceSrs DeviceSrs::upload(const groth16::Parameters& params, StagedUploader& uploader,
                            cudaStream_t stream, bool with_b_g2) {
  DeviceSrs srs;
  for (const groth16::Section s : groth16::kSections) {
    if (s != groth16::Section::kBG2 || with_b_g2) srs.upload_section(params, s, uploader, stream);
  }
  return srs;
}

}  // namespace cuzk::gpu
