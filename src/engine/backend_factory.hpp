// The one place that picks the prover backend (groth16::Backend): everything else in the engine
// is backend-agnostic. With the CUDA floor built (-DCUZK_CUDA=ON) and a device present, a CUDA
// backend per configured device ([gpus] devices; none configured = every device), several of them
// behind one groth16::SpreadBackend, with the CPU backend as its fallback ([gpus] cpu_fallback);
// otherwise the CPU backend. The choice is logged at start-up.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "engine/engine_options.hpp"
#include "groth16/backend.hpp"

namespace cuzk::engine {

// make_backend throws std::runtime_error for options it cannot honour (host_copy = false without
// a CUDA device, or with the CPU fallback). Parameter residency (host_copy = false) goes through
// the backend's own methods (groth16::Backend::preload_section ...), wired by the engine.
std::unique_ptr<groth16::Backend> make_backend(const BackendOptions& options);

// The CUDA ordinals among `configured` (empty: every device the driver reports) that answer;
// empty in a build without the CUDA backend.
std::vector<uint32_t> usable_cuda_devices(const std::vector<uint32_t>& configured);

}  // namespace cuzk::engine
