// Backend selection (see backend_factory.hpp).
#include "engine/backend_factory.hpp"

#include <spdlog/spdlog.h>

#include "groth16/cpu_backend.hpp"
#include "util/parallel.hpp"
#ifdef CUZK_ENGINE_CUDA
#include "gpu/cuda_backend.hpp"
#endif

namespace cuzk::engine {

BackendChoice make_backend(const BackendOptions& options) {
#ifdef CUZK_ENGINE_CUDA
  const int device = options.devices.empty() ? 0 : int(options.devices.front());
  if (gpu::cuda_device_available(device)) {
    if (options.devices.size() > 1) {
      spdlog::warn("prover backend: {} devices configured; this engine drives one, device {}",
                   options.devices.size(), device);
    }
    auto cuda = std::make_unique<gpu::CudaBackend>(device, options.threads);
    spdlog::info("prover backend: {} ({} host threads)", cuda->name(),
                 resolve_threads(options.threads));
    gpu::CudaBackend* raw = cuda.get();
    return {std::move(cuda), [raw](const groth16::Parameters& params) { raw->evict(params); }};
  }
  spdlog::warn("prover backend: no usable CUDA device {}; falling back to the CPU", device);
#else
  if (!options.devices.empty()) {
    spdlog::warn("prover backend: [gpus] devices is set but this build has no GPU backend");
  }
#endif
  spdlog::info("prover backend: cpu ({} threads)", resolve_threads(options.threads));
  return {std::make_unique<groth16::CpuBackend>(options.threads), {}};
}

}  // namespace cuzk::engine
