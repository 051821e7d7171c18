// StagedUploader (staged_upload.hpp): the pinned buffers, their events, and the copies.
#include "gpu/util/staged_upload.hpp"

#include <stdexcept>

namespace cuzk::gpu {

StagedUploader::StagedUploader(size_t chunk_bytes, unsigned fill_threads)
    : chunk_bytes_(chunk_bytes), fill_pool_(std::max(1u, fill_threads)) {
  if (chunk_bytes < 4096) throw std::invalid_argument("StagedUploader: chunk_bytes below 4 KiB");
  try {
    for (Slot& s : slots_) {
      CUZK_CUDA_CHECK(cudaHostAlloc(&s.host, chunk_bytes_, cudaHostAllocPortable));
      CUZK_CUDA_CHECK(cudaEventCreateWithFlags(&s.done, cudaEventDisableTiming));
    }
  } catch (...) {
    for (Slot& s : slots_) {
      if (s.done != nullptr) (void)cudaEventDestroy(s.done);
      if (s.host != nullptr) (void)cudaFreeHost(s.host);
    }
    throw;
  }
}

StagedUploader::~StagedUploader() {
  for (Slot& s : slots_) {
    if (s.busy) (void)cudaEventSynchronize(s.done);  // no copy may still read the buffer
    (void)cudaEventDestroy(s.done);
    (void)cudaFreeHost(s.host);
  }
}

void StagedUploader::wait(Slot& slot) {
  if (!slot.busy) return;
  CUZK_CUDA_CHECK(cudaEventSynchronize(slot.done));
  slot.busy = false;
}

void StagedUploader::wait_all() {
  for (Slot& s : slots_) wait(s);
}

void StagedUploader::enqueue(void* d_dst, Slot& slot, size_t bytes, cudaStream_t stream) {
  CUZK_CUDA_CHECK(cudaMemcpyAsync(d_dst, slot.host, bytes, cudaMemcpyHostToDevice, stream));
  const cudaError_t recorded = cudaEventRecord(slot.done, stream);
  if (recorded != cudaSuccess) (void)cudaStreamSynchronize(stream);  // never leave a copy unseen
  CUZK_CUDA_CHECK(recorded);
  slot.busy = true;
}

}  // namespace cuzk::gpu
