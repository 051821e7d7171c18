// Launching the steps of an NTT program (ntt_program.hpp) on a stream: one kernel per pass
// (PassTile<FrNttDevice, B, Flow> of ntt_pass.hpp, a block per tile) and one per bit-reversal.
// Internal to the GPU backend; GpuNtt (ntt.hpp) is the interface.
#pragma once

#include <cuda_runtime.h>

#include "gpu/ntt/ntt_program.hpp"
#include "gpu/util/enqueue_window.hpp"

namespace cuzk::gpu::ntt_detail {

// Enqueues the step on `stream` without waiting; launch errors throw CudaError.
void launch_step(const Step& step, cudaStream_t stream);

// steps_ahead, yield_to: GpuNttOptions' (0, null: every step enqueued at once).
inline void launch_program(const Program& program, cudaStream_t stream, unsigned steps_ahead,
                           const PriorityGate* yield_to = nullptr) {
  EnqueueWindow window(program.size() > 1 ? steps_ahead : 0, yield_to);
  for (const Step& step : program) {
    window.wait_turn();
    launch_step(step, stream);
    window.mark(stream);
  }
}

}  // namespace cuzk::gpu::ntt_detail
