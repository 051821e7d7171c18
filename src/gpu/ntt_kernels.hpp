// Launching the steps of an NTT program (ntt_program.hpp) on a stream: one kernel per pass
// (PassTile<FrDevice, B, Flow> of ntt_pass.hpp, a block per tile) and one per bit-reversal.
// Internal to the GPU backend; GpuNtt (ntt.hpp) is the interface.
#pragma once

#include <cuda_runtime.h>

#include "gpu/ntt_program.hpp"

namespace cuzk::gpu::ntt_detail {

// Enqueues the step on `stream` without waiting; launch errors throw CudaError.
void launch_step(const Step& step, cudaStream_t stream);

inline void launch_program(const Program& program, cudaStream_t stream) {
  for (const Step& step : program) launch_step(step, stream);
}

}  // namespace cuzk::gpu::ntt_detail
