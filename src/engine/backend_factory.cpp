// Backend selection (see backend_factory.hpp).
#include "engine/backend_factory.hpp"

#include <spdlog/spdlog.h>

#include "groth16/cpu_backend.hpp"
#include "util/parallel.hpp"

namespace cuzk::engine {

std::unique_ptr<groth16::Backend> make_backend(const BackendOptions& options) {
  if (!options.devices.empty()) {
    spdlog::warn("prover backend: [gpus] devices is set but this build has no GPU backend");
  }
  spdlog::info("prover backend: cpu ({} threads)", resolve_threads(options.threads));
  return std::make_unique<groth16::CpuBackend>(options.threads);
}

}  // namespace cuzk::engine
