// StagedUploader: host-to-device copies of large host arrays (the witness, the SRS) through two
// pinned staging buffers, so that the host fills chunk k + 1 — a memcpy, or a conversion into the
// device layout — while the copy engine moves chunk k. cudaMemcpy from pageable memory stages
// internally one small chunk at a time and reaches a fraction of the link's bandwidth; pinning
// the caller's arrays instead (cudaHostRegister) costs more than the copy for arrays used once.
//
// The fill threads are the uploader's own, started once (util/task_pool.hpp): a witness upload is
// ~130 chunks, and with threads started per chunk the 32 GiB witness uploads took 104-632 ms
// beside the next partitions' synthesis, 88-244 ms with these (docs/perf/fullsize.md, "Tried and
// lost"; why new threads were that slow on a busy host was not profiled).
//
// Every upload returns only after its last copy has landed, so the source may be freed (and
// kernels on any stream may read the destination) as soon as it returns. One upload at a time per
// object; the buffers and events belong to the device current at construction, and the stream
// passed to upload must be of that device.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <span>
#include <type_traits>

#include "gpu/util/cuda_util.hpp"
#include "util/task_pool.hpp"

namespace cuzk::gpu {

class StagedUploader {
 public:
  // Two buffers of chunk_bytes pinned host memory; fill_threads host threads fill one chunk.
  explicit StagedUploader(size_t chunk_bytes = size_t(32) << 20, unsigned fill_threads = 4);
  ~StagedUploader();
  StagedUploader(const StagedUploader&) = delete;
  StagedUploader& operator=(const StagedUploader&) = delete;

  // Writes n elements to d_dst on `stream`: fill(first, count, out) must write elements
  // [first, first + count) in device layout to out[0 .. count) (pinned host memory). fill is
  // called from several threads at once, on disjoint ranges.
  template <class T, class Fill>
  void upload(T* d_dst, size_t n, cudaStream_t stream, Fill&& fill) {
    static_assert(std::is_trivially_copyable_v<T>, "device elements are plain data");
    const size_t per_chunk = std::max<size_t>(1, chunk_bytes_ / sizeof(T));
    size_t k = 0;
    for (size_t first = 0; first < n; first += per_chunk, ++k) {
      const size_t count = std::min(per_chunk, n - first);
      Slot& slot = slots_[k % 2];
      wait(slot);  // the copy that last read this buffer has finished
      T* out = static_cast<T*>(slot.host);
      const size_t pieces = count * sizeof(T) >= (size_t(1) << 20) ? fill_pool_.threads() : 1;
      auto fill_piece = [&](size_t i) {
        const size_t b = count * i / pieces, e = count * (i + 1) / pieces;
        fill(first + b, e - b, out + b);
      };
      if (pieces == 1) {
        fill_piece(0);
      } else {
        fill_pool_.run(pieces, fill_piece);
      }
      enqueue(d_dst + first, slot, count * sizeof(T), stream);
    }
    wait_all();
  }

  // A host array whose elements already have the device layout (same size, trivially copyable:
  // ff::Fr into FrStorage, uint64_t into uint64_t).
  template <class T, class U>
  void copy(T* d_dst, std::span<const U> src, cudaStream_t stream) {
    static_assert(sizeof(T) == sizeof(U) && std::is_trivially_copyable_v<U>,
                  "host element type must have the device element's layout");
    const U* from = src.data();
    upload(d_dst, src.size(), stream, [from](size_t first, size_t count, T* out) {
      std::memcpy(static_cast<void*>(out), from + first, count * sizeof(T));
    });
  }

  size_t chunk_bytes() const { return chunk_bytes_; }

 private:
  struct Slot {
    void* host = nullptr;
    cudaEvent_t done = nullptr;
    bool busy = false;  // a copy from `host` was enqueued and not yet waited for
  };
  void wait(Slot& slot);
  void wait_all();
  void enqueue(void* d_dst, Slot& slot, size_t bytes, cudaStream_t stream);

  size_t chunk_bytes_;
  TaskPool fill_pool_;
  Slot slots_[2];
};

}  // namespace cuzk::gpu
