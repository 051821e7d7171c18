// DaemonEngine: an Engine made from a configuration exactly as the daemon makes it — the auto
// values resolved for this host, the backend of backend_factory.hpp, the Filecoin job factory
// and, with [synthesis] precompiled, the precompiled-circuit store (its matrices counted against
// [memory] total_budget, each circuit's cache file read by a preload) and the one witness pool of
// [synthesis] witness_threads. The daemon (apps/cuzk) serves it over gRPC; cuzk-bench's prove
// commands and in-process modes (server::in_process_prover) run it in their own process, so that
// what they measure is what the daemon runs.
//
// Lifecycle: constructed once, before any submit; destroying it shuts the engine down (its
// destructor's shutdown(0)) before the store and the pool it uses go.
#pragma once

#include <memory>

#include "engine/config.hpp"
#include "engine/engine.hpp"
#include "r1cs/precompiled_store.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine {

class DaemonEngine {
 public:
  // `config` as loaded (or defaults); its auto values are resolved here (resolve_auto is
  // idempotent). Throws std::runtime_error for options the backend cannot honour.
  explicit DaemonEngine(const Config& config);
  DaemonEngine(const DaemonEngine&) = delete;
  DaemonEngine& operator=(const DaemonEngine&) = delete;

  Engine& engine() { return *engine_; }
  const Config& config() const { return config_; }  // resolved

 private:
  Config config_;
  std::shared_ptr<r1cs::PrecompiledStore> precompiled_;  // null unless [synthesis] precompiled
  std::shared_ptr<TaskPool> witness_pool_;               // its witnesses, for every job
  std::unique_ptr<Engine> engine_;
};

}  // namespace cuzk::engine
