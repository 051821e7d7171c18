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
#include "engine/srs_manager.hpp"
#include "groth16/backend.hpp"

namespace cuzk::engine {

struct BackendChoice {
  std::unique_ptr<groth16::Backend> backend;
  // Called before a parameter set is dropped from memory, so that a backend holding a device copy
  // releases it (the CUDA backend keeps SRS sections resident); empty for the CPU backend.
  std::function<void(const groth16::Parameters&)> unload;
  // BackendOptions::host_copy false: copies a freshly decoded section to every device and frees it
  // from the host parameters (SrsOptions::take_section); empty otherwise.
  std::function<void(groth16::Parameters&, groth16::Section)> take_section;
  // With take_section: hands a section's file bytes to every device, which decodes and checks
  // them there (SrsOptions::take_raw_section); empty otherwise.
  RawSectionHook take_raw_section;
};

// make_backend throws std::runtime_error for options it cannot honour (host_copy = false without
// a CUDA device, or with the CPU fallback).

BackendChoice make_backend(const BackendOptions& options);

// The CUDA ordinals among `configured` (empty: every device the driver reports) that answer;
// empty in a build without the CUDA backend.
std::vector<uint32_t> usable_cuda_devices(const std::vector<uint32_t>& configured);

}  // namespace cuzk::engine
