// Fixed-base multiplier selection (see fixed_base_factory.hpp).
#include "engine/fixed_base_factory.hpp"

#include <stdexcept>
#ifdef CUZK_ENGINE_CUDA
#include "gpu/params/fixed_base.hpp"
#endif

namespace cuzk::engine {

std::unique_ptr<groth16::FixedBaseMultiplier> make_fixed_base_multiplier(int device,
                                                                         unsigned threads) {
  if (device < 0) return std::make_unique<groth16::CpuFixedBaseMultiplier>(threads);
#ifdef CUZK_ENGINE_CUDA
  gpu::GpuFixedBaseOptions options;
  options.host_threads = threads;
  return std::make_unique<gpu::GpuFixedBaseMultiplier>(device, options);
#else
  throw std::runtime_error("setup on a GPU needs a build with the CUDA backend (-DCUZK_CUDA=ON)");
#endif
}

}  // namespace cuzk::engine
