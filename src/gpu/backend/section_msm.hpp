// SectionMsm: the prover's MSMs over one SRS section whose bases are either resident on the device
// (DeviceSrs) or streamed: from the host parameters, for GPUs too small to keep the parameter set
// (a 32 GiB PoRep set is 47 GB; consumer GPUs have 16-32 GB), or from the parameter file's bytes
// (Parameters::in_file), for a set that would crowd the proofs' work out of device memory beside
// the others (a 32 GiB WindowPoSt set, 61 GB, beside PoRep's on one H200).
//
// Streamed, a section is cut into chunks of chunk_points bases; each chunk is converted into
// device layout (host points) or copied as it is in the file and decoded and checked on the device
// (srs_decode.hpp), through pinned staging (StagedUploader), into one of two reused device
// buffers while the previous chunk's part of the MSM runs on the other; the chunks' sums are added
// on the host. The MSM is linear in
// its terms, so the result is the same group element as the resident MSM. For a density MSM
// (bases compact: one per set bit) a chunk is a range of chunk_points scalars (a multiple of 128,
// so that the density words stay 16-byte aligned on the device) and its bases are the next
// popcount(range) of the section; the host copy of the density gives the counts.
// The time the MSMs wait for uploads is reported separately (upload_wait_ms) so callers can name
// it. One call at a time.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <future>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "gpu/arith/point_storage.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/msm/msm.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/device_guard.hpp"
#include "gpu/util/staged_upload.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {

// Where one section's bases are: on the device, or (device == nullptr) in host memory — decoded
// points, or else the file's bytes of the section (96 / 192 bytes a point, not yet decoded).
template <class C>
struct SectionBases {
  const AffineStorageOf<C>* device = nullptr;
  std::span<const curve::Affine<C>> host;
  std::span<const uint8_t> file;

  bool resident() const { return device != nullptr; }
  // Points available to stream.
  size_t streamable() const {
    return file.empty() ? host.size() : file.size() / sizeof(AffineStorageOf<C>);
  }
  // The bases from index k on.
  SectionBases from(size_t k) const {
    if (resident()) return {device + k, {}, {}};
    if (!file.empty()) return {nullptr, {}, file.subspan(k * sizeof(AffineStorageOf<C>))};
    return {nullptr, host.subspan(k), {}};
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
  // chunk_points: bases per streamed chunk, a positive multiple of 128. Streamed uploads run on a
  // stream of `device` (the device current at construction), from a helper thread.
  SectionMsm(StagedUploader& uploader, size_t chunk_points, int device)
      : uploader_(uploader), chunk_(chunk_points), device_(device) {
    if (chunk_ == 0 || chunk_ % 128 != 0)
      throw std::invalid_argument(
          "SRS stream chunk must be a positive multiple of 128 points, got " +
          std::to_string(chunk_));
  }

  // sum_{i < n} scalars[i]·bases[i] (scalars in device memory).
  template <class C>
  curve::Jacobian<C> dense(GpuMsmT<C>& msm, SectionBases<C> bases, size_t n,
                           const FrStorage* scalars, cudaStream_t stream,
                           const GpuMsmOptions& options = {}) {
    if (bases.resident()) return msm.msm(bases.device, n, scalars, stream, options);
    check_host(bases, n);
    const size_t chunks = (n + chunk_ - 1) / chunk_;
    const auto count = [&](size_t k) { return std::min(chunk_, n - k * chunk_); };
    return pipelined<C>(
        bases, chunks, [&](size_t k) { return std::pair(k * chunk_, count(k)); },
        [&](size_t k, const AffineStorageOf<C>* d) {
          return msm.msm(d, count(k), scalars + k * chunk_, stream, options);
        });
  }

  // sum over the set bits i < n_scalars of d_density of scalars[i]·bases[rank(i)]; h_density is
  // the host copy of the density (read only when streaming); n_bases = its set bits.
  template <class C>
  curve::Jacobian<C> sparse(GpuMsmT<C>& msm, SectionBases<C> bases, size_t n_bases,
                            const uint64_t* d_density, std::span<const uint64_t> h_density,
                            const FrStorage* scalars, size_t n_scalars, cudaStream_t stream,
                            const GpuMsmOptions& options = {}) {
    if (bases.resident())
      return msm.msm_density(bases.device, n_bases, d_density, scalars, n_scalars, stream, options);
    check_host(bases, n_bases);
    if (h_density.size() * 64 < n_scalars)
      throw std::invalid_argument("streamed MSM: host density shorter than the scalars");
    struct Chunk {
      size_t first, count, base, n;  // scalars [first, first + count), bases [base, base + n)
    };
    std::vector<Chunk> chunks;
    size_t base = 0;
    for (size_t first = 0; first < n_scalars; first += chunk_) {
      const size_t count = std::min(chunk_, n_scalars - first);
      const size_t n = count_density_bits(h_density, first, count);
      if (n > 0) chunks.push_back({first, count, base, n});
      base += n;
    }
    if (base != n_bases)
      throw std::invalid_argument("streamed MSM: the density has " + std::to_string(base) +
                                  " set bits for " + std::to_string(n_bases) + " bases");
    return pipelined<C>(
        bases, chunks.size(), [&](size_t k) { return std::pair(chunks[k].base, chunks[k].n); },
        [&](size_t k, const AffineStorageOf<C>* d) {
          const Chunk& c = chunks[k];
          return msm.msm_density(d, c.n, d_density + c.first / 64, scalars + c.first, c.count,
                                 stream, options);
        });
  }

  // Milliseconds the MSMs waited for streamed bases (the upload time not hidden behind them).
  double upload_wait_ms() const { return upload_wait_ms_; }
  size_t chunk_points() const { return chunk_; }
  size_t device_bytes() const {
    return g1_[0].size_bytes() + g1_[1].size_bytes() + g2_[0].size_bytes() + g2_[1].size_bytes();
  }
  void release() {
    for (auto& b : g1_) b = {};
    for (auto& b : g2_) b = {};
  }

 private:
  template <class C>
  static void check_host(const SectionBases<C>& bases, size_t n) {
    if (bases.streamable() < n)
      throw std::invalid_argument("streamed MSM: " + std::to_string(n) + " terms but " +
                                  std::to_string(bases.streamable()) + " host bases");
  }

  // Bases [first, first + count) of `bases` (not resident) into d, in device layout; synchronous.
  template <class C>
  void upload_chunk(const SectionBases<C>& bases, size_t first, size_t count, AffineStorageOf<C>* d,
                    cudaStream_t stream) {
    if (bases.file.empty()) {
      upload_points<C>(bases.host.subspan(first, count), d, uploader_, stream);
      return;
    }
    const uint8_t* from = bases.file.data() + first * sizeof(AffineStorageOf<C>);
    const size_t good = upload_raw_points<C>(from, count, d, uploader_, stream);
    if (good != count) {
      throw std::runtime_error("streamed parameters: point " + std::to_string(first + good) +
                               " of a section fails the loader's checks (the file changed "
                               "since it was loaded?)");
    }
  }

  template <class C>
  DeviceBuffer<AffineStorageOf<C>>* buffers() {
    if constexpr (std::is_same_v<AffineStorageOf<C>, G1AffineStorage>) {
      return g1_;
    } else {
      return g2_;
    }
  }

  // The sum of run(k, device bases of chunk k) over k < chunks, where chunk k's bases are
  // bases[range_of(k)] ({first, count}): chunk k + 1 is uploaded into the other buffer (helper
  // thread, copy stream) while chunk k's MSM runs.
  template <class C, class RangeOf, class Run>
  curve::Jacobian<C> pipelined(const SectionBases<C>& bases, size_t chunks, RangeOf&& range_of,
                               Run&& run) {
    DeviceBuffer<AffineStorageOf<C>>* buf = buffers<C>();
    for (size_t i = 0; i < 2; ++i) {
      if (buf[i].size() < chunk_) {
        buf[i] = {};
        buf[i] = DeviceBuffer<AffineStorageOf<C>>(chunk_);
      }
    }
    if (!copy_stream_) copy_stream_.emplace();
    const auto upload = [&](size_t k) {
      return std::async(std::launch::async, [this, &bases, &range_of, buf, k] {
        DeviceGuard on(device_);
        const auto [first, count] = range_of(k);
        upload_chunk<C>(bases, first, count, buf[k % 2].data(), copy_stream_->get());
      });
    };
    curve::Jacobian<C> sum = curve::Jacobian<C>::identity();
    if (chunks == 0) return sum;
    std::future<void> next = upload(0);
    for (size_t k = 0; k < chunks; ++k) {
      Stopwatch wait;
      next.get();  // chunk k is on the device; its buffer's previous MSM (k - 2) has returned
      upload_wait_ms_ += wait.total_ms();
      if (k + 1 < chunks) next = upload(k + 1);
      sum += run(k, buf[k % 2].data());
    }
    return sum;
  }

  StagedUploader& uploader_;
  size_t chunk_;
  int device_;
  std::optional<Stream> copy_stream_;
  DeviceBuffer<G1AffineStorage> g1_[2];
  DeviceBuffer<G2AffineStorage> g2_[2];
  double upload_wait_ms_ = 0;
};

}  // namespace cuzk::gpu
