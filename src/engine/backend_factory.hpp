// The one place that picks the prover backend (groth16::Backend): everything else in the engine
// is backend-agnostic. Today this is the CPU backend; the CUDA backend plugs in here when it is
// built. The choice is logged at start-up.
#pragma once

#include <memory>

#include "engine/engine_options.hpp"
#include "groth16/backend.hpp"

namespace cuzk::engine {

std::unique_ptr<groth16::Backend> make_backend(const BackendOptions& options);

}  // namespace cuzk::engine
