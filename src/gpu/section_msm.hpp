// SectionMsm: the prover's MSMs over one SRS section whose bases are either resident on the device
// (DeviceSrs) or streamed from the host parameters, for GPUs too small to keep the parameter set
// (a 32 GiB PoRep set is 47 GB; consumer GPUs have 16-32 GB).
//
// Streamed, a section is cut into chunks of chunk_points bases; each chunk is converted into
// device layout and uploaded (StagedUploader, pinned staging) into one reused device buffer, and
// its part of the MSM runs on it; the chunks' sums are added on the host. The MSM is linear in
// its terms, so the result is the same group element as the resident MSM. For a density MSM
// (bases compact: one per set bit) a chunk is a range of chunk_points scalars (a multiple of 128,
// so that the density words stay 16-byte aligned on the device) and its bases are the next
// popcount(range) of the section; the host copy of the density gives the counts.
// The time spent uploading is reported separately (upload_ms) so callers can name it.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "gpu/cuda_util.hpp"
#include "gpu/device_srs.hpp"
#include "gpu/msm.hpp"
#include "gpu/point_storage.hpp"
#include "gpu/staged_upload.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {

// Where one section's bases are: on the device, or (device == nullptr) in host memory.
template <class C>
struct SectionBases {
  const AffineStorageOf<C>* device = nullptr;
  std::span<const curve::Affine<C>> host;

  bool resident() const { return device != nullptr; }
  // The bases from index k on.
  SectionBases from(size_t k) const {
    return resident() ? SectionBases{device + k, {}} : SectionBases{nullptr, host.subspan(k)};
  }
};

// Set bits of density bits [first, first + count), first a multiple of 64.
inline size_t count_density_bits(std::span<const uint64_t> words, size_t first, size_t count) {
  size_t bits = 0;
  const size_t w0 = first / 64, w1 = (first + count + 63) / 64;
  for (size_t w = w0; w < w1; ++w) {
    uint64_t word = words[w];
    const size_t end = first + count - w * 64;  // bits of this word below the range's end
    if (end < 64) word &= (uint64_t(1) << end) - 1;
    bits += size_t(std::popcount(word));
  }
  return bits;
}

class SectionMsm {
 public:
  // chunk_points: bases per streamed chunk, a positive multiple of 128.
  SectionMsm(StagedUploader& uploader, size_t chunk_points) : uploader_(uploader), chunk_(chunk_points) {
    if (chunk_ == 0 || chunk_ % 128 != 0)
      throw std::invalid_argument("SRS stream chunk must be a positive multiple of 128 points, got " +
                                  std::to_string(chunk_));
  }

  // sum_{i < n} scalars[i]·bases[i] (scalars in device memory).
  template <class C>
  curve::Jacobian<C> dense(GpuMsmT<C>& msm, SectionBases<C> bases, size_t n,
                           const FrStorage* scalars, cudaStream_t stream,
                           const GpuMsmOptions& options = {}) {
    if (bases.resident()) return msm.msm(bases.device, n, scalars, stream, options);
    check_host(bases, n);
    curve::Jacobian<C> sum = curve::Jacobian<C>::identity();
    for (size_t first = 0; first < n; first += chunk_) {
      const size_t count = std::min(chunk_, n - first);
      const AffineStorageOf<C>* d = stage<C>(bases.host.subspan(first, count), stream);
      sum += msm.msm(d, count, scalars + first, stream, options);
    }
    return sum;
  }

  // sum over the set bits i < n_scalars of d_density of scalars[i]·bases[rank(i)]; h_density is
  // the host copy of the density (read only when streaming); n_bases = its set bits.
  template <class C>
  curve::Jacobian<C> sparse(GpuMsmT<C>& msm, SectionBases<C> bases, size_t n_bases,
                            const uint64_t* d_density, std::span<const uint64_t> h_density,
                            const FrStorage* scalars, size_t n_scalars, cudaStream_t stream) {
    if (bases.resident())
      return msm.msm_density(bases.device, n_bases, d_density, scalars, n_scalars, stream);
    check_host(bases, n_bases);
    if (h_density.size() * 64 < n_scalars)
      throw std::invalid_argument("streamed MSM: host density shorter than the scalars");
    curve::Jacobian<C> sum = curve::Jacobian<C>::identity();
    size_t base = 0;
    for (size_t first = 0; first < n_scalars; first += chunk_) {
      const size_t count = std::min(chunk_, n_scalars - first);
      const size_t n = count_density_bits(h_density, first, count);
      if (n == 0) continue;
      if (base + n > n_bases)
        throw std::invalid_argument("streamed MSM: the density has more set bits than bases");
      const AffineStorageOf<C>* d = stage<C>(bases.host.subspan(base, n), stream);
      sum += msm.msm_density(d, n, d_density + first / 64, scalars + first, count, stream);
      base += n;
    }
    if (base != n_bases)
      throw std::invalid_argument("streamed MSM: the density's set bits differ from the bases");
    return sum;
  }

  // Milliseconds spent converting and uploading bases since construction.
  double upload_ms() const { return upload_ms_; }
  size_t chunk_points() const { return chunk_; }
  size_t device_bytes() const { return g1_.size_bytes() + g2_.size_bytes(); }
  void release() {
    g1_ = {};
    g2_ = {};
  }

 private:
  template <class C>
  static void check_host(const SectionBases<C>& bases, size_t n) {
    if (bases.host.size() < n)
      throw std::invalid_argument("streamed MSM: " + std::to_string(n) + " terms but " +
                                  std::to_string(bases.host.size()) + " host bases");
  }

  template <class C>
  DeviceBuffer<AffineStorageOf<C>>& buffer() {
    if constexpr (std::is_same_v<AffineStorageOf<C>, G1AffineStorage>) {
      return g1_;
    } else {
      return g2_;
    }
  }

  // Uploads `points` into the chunk buffer of their curve; returns its device address.
  template <class C>
  const AffineStorageOf<C>* stage(std::span<const curve::Affine<C>> points, cudaStream_t stream) {
    auto& buf = buffer<C>();
    if (buf.size() < chunk_) buf = DeviceBuffer<AffineStorageOf<C>>(chunk_);
    Stopwatch sw;
    CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));  // the previous chunk's MSM is done with it
    upload_points<C>(points, buf.data(), uploader_, stream);
    upload_ms_ += sw.total_ms();
    return buf.data();
  }

  StagedUploader& uploader_;
  size_t chunk_;
  DeviceBuffer<G1AffineStorage> g1_;
  DeviceBuffer<G2AffineStorage> g2_;
  double upload_ms_ = 0;
};

}  // namespace cuzk::gpu
