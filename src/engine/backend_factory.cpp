// Backend selection (see backend_factory.hpp).
#include "engine/backend_factory.hpp"

#include <spdlog/spdlog.h>

#include <stdexcept>

#include "groth16/cpu_backend.hpp"
#include "groth16/spread_backend.hpp"
#include "util/parallel.hpp"
#ifdef CUZK_ENGINE_CUDA
#include "gpu/backend/cuda_backend.hpp"
#endif

namespace cuzk::engine {

#ifdef CUZK_ENGINE_CUDA
namespace {

// The configured ordinals, or every device the driver reports when none is configured.
std::vector<uint32_t> wanted_devices(const std::vector<uint32_t>& configured) {
  if (!configured.empty()) return configured;
  std::vector<uint32_t> all;
  for (int d = 0; d < gpu::cuda_backend_device_count(); ++d) all.push_back(uint32_t(d));
  return all;
}

}  // namespace
#endif

std::vector<uint32_t> usable_cuda_devices(const std::vector<uint32_t>& configured) {
  std::vector<uint32_t> usable;
#ifdef CUZK_ENGINE_CUDA
  for (const uint32_t device : wanted_devices(configured)) {
    if (gpu::cuda_device_available(int(device))) usable.push_back(device);
  }
#else
  (void)configured;
#endif
  return usable;
}

std::unique_ptr<groth16::Backend> make_backend(const BackendOptions& options) {
#ifdef CUZK_ENGINE_CUDA
  std::vector<std::unique_ptr<groth16::Backend>> members;
  for (const uint32_t device : wanted_devices(options.devices)) {
    if (!gpu::cuda_device_available(int(device))) {
      spdlog::warn("prover backend: no usable CUDA device {}; skipped", device);
      continue;
    }
    members.push_back(std::make_unique<gpu::CudaBackend>(int(device), options.threads));
  }
  if (!members.empty()) {
    if (!options.host_copy && options.cpu_fallback) {
      throw std::runtime_error(
          "[srs] host_copy = false leaves the CPU fallback no parameters: "
          "set [gpus] cpu_fallback = false");
    }
    std::vector<std::unique_ptr<groth16::Backend>> fallbacks;
    if (options.cpu_fallback) {
      fallbacks.push_back(std::make_unique<groth16::CpuBackend>(options.threads));
    }
    std::unique_ptr<groth16::Backend> backend =
        members.size() == 1 && fallbacks.empty()
            ? std::move(members.front())
            : std::make_unique<groth16::SpreadBackend>(std::move(members), std::move(fallbacks));
    spdlog::info("prover backend: {} ({} host threads)", backend->name(),
                 resolve_threads(options.threads));
    if (!options.host_copy) spdlog::info("prover backend: parameters kept on the GPUs only");
    return backend;
  }
  if (!options.host_copy) {
    throw std::runtime_error("[srs] host_copy = false needs a usable CUDA device");
  }
  spdlog::warn("prover backend: no usable CUDA device; falling back to the CPU");
#else
  if (!options.host_copy) {
    throw std::runtime_error("[srs] host_copy = false needs a GPU build with a CUDA device");
  }
  if (!options.devices.empty()) {
    spdlog::warn("prover backend: [gpus] devices is set but this build has no GPU backend");
  }
#endif
  spdlog::info("prover backend: cpu ({} threads)", resolve_threads(options.threads));
  return std::make_unique<groth16::CpuBackend>(options.threads);
}

}  // namespace cuzk::engine
