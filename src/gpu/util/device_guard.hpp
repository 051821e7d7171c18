// DeviceGuard: makes one CUDA device current for a scope and restores the caller's device after,
// for host code that works on a chosen device (the backend's entry points, its destructor);
// release_on_device, the same for destructors, which must not throw.
#pragma once

#include <cuda_runtime.h>

#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {

class DeviceGuard {
 public:
  explicit DeviceGuard(int device) : target_(device) {
    CUZK_CUDA_CHECK(cudaGetDevice(&previous_));
    if (previous_ != target_) CUZK_CUDA_CHECK(cudaSetDevice(target_));
  }
  ~DeviceGuard() {
    if (previous_ != target_) (void)cudaSetDevice(previous_);
  }
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_ = 0;
  int target_;
};

// For destructors: runs release() with `device` current (where the memory it frees belongs), then
// restores the caller's device. Never throws: runtime errors are ignored, release() runs anyway.
template <class Release>
void release_on_device(int device, Release&& release) noexcept {
  int previous = 0;
  const bool switched = cudaGetDevice(&previous) == cudaSuccess && previous != device &&
                        cudaSetDevice(device) == cudaSuccess;
  release();
  if (switched) (void)cudaSetDevice(previous);
}

}  // namespace cuzk::gpu
