// The NTT options of a device's prove lanes: CudaBackendOptions::ntt_tables resolved for it
// (whole first-pass twiddle and scaling tables up to 2^27 where whole_ntt_tables says so, from the
// device's memory under kAuto; split tables otherwise).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "gpu/backend/cuda_backend.hpp"
#include "gpu/ntt/ntt.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {

inline GpuNttOptions ntt_options_for(int device, CudaBackendOptions::NttTables tables) {
  size_t device_bytes = 0;
  if (tables == CudaBackendOptions::NttTables::kAuto) {
    cudaDeviceProp prop{};
    CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    device_bytes = prop.totalGlobalMem;
  }
  GpuNttOptions o;
  if (whole_ntt_tables(tables, device_bytes)) {
    o.full_twiddle_max_log = std::max(o.full_twiddle_max_log, kWholeTableMaxLog);
    o.full_scaling_max_log = kWholeTableMaxLog;
  }
  return o;
}

}  // namespace cuzk::gpu
