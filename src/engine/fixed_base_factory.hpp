// The one place that picks the fixed-base multiplier of Groth16 setup
// (groth16::FixedBaseMultiplier: the bulk of making test parameters), beside backend_factory.hpp
// which picks the prover backend: CPU threads, or with the CUDA floor built (-DCUZK_CUDA=ON) a
// CUDA device. Callers (cuzk-bench setup, fullsize) never see the GPU code.
#pragma once

#include <memory>

#include "groth16/setup.hpp"

namespace cuzk::engine {

// device < 0: groth16::CpuFixedBaseMultiplier on `threads` (0: all cores); else CUDA device
// `device`, with `threads` host threads for staging and conversion. Throws std::runtime_error for
// a device in a build without the CUDA backend.
std::unique_ptr<groth16::FixedBaseMultiplier> make_fixed_base_multiplier(int device,
                                                                         unsigned threads);

}  // namespace cuzk::engine
