// DeviceGuard: makes one CUDA device current for a scope and restores the caller's device after,
// for host code that works on a chosen device (the backend's entry points, its destructor).
#pragma once

#include <cuda_runtime.h>

#include "gpu/cuda_util.hpp"

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

}  // namespace cuzk::gpu
