// The daemon's engine from its configuration (see daemon_engine.hpp).
#include "engine/daemon_engine.hpp"

#include <spdlog/spdlog.h>

#include "engine/config_auto.hpp"
#include "engine/job_factory.hpp"

namespace cuzk::engine {
namespace {

// The circuit's precompiled matrices from their cache file, if there is one ([srs] preload).
void preload_precompiled(r1cs::PrecompiledStore& store, const std::string& circuit) {
  const auto lookup = store.load_cached(circuit);
  if (lookup.circuit && lookup.source == r1cs::PrecompiledStore::Source::kDisk) {
    spdlog::info("preload {}: precompiled circuit from {} in {:.0f} ms", circuit,
                 store.path(circuit), lookup.ms);
  } else if (!lookup.note.empty()) {
    spdlog::warn("preload {}: {} (recorded by its first proof)", circuit, lookup.note);
  }
}

}  // namespace

DaemonEngine::DaemonEngine(const Config& config)
    : config_(resolve_auto(config, probe_host(config))) {
  if (*config_.synthesis.precompiled) {
    precompiled_ = std::make_shared<r1cs::PrecompiledStore>(precompiled_cache_dir(config_));
    witness_pool_ = std::make_shared<TaskPool>(config_.synthesis.witness_threads, kWitnessPoolNice);
    spdlog::info(
        "synthesis: PoRep, SnapDeals and PoSt through precompiled circuits, cached in {}; "
        "PoRep's and SnapDeals' witnesses on one pool of {} thread(s), the oldest partition's "
        "blocks first; PoSt's on a pool of all cores of their own",
        precompiled_->cache_dir(), config_.synthesis.witness_threads);
  }
  // Non-interactive PoRep seals are aggregated with the SnarkPack SRS of the parameter directory.
  auto aggregation = std::make_shared<AggregationSrs>(config_.srs.param_cache);
  engine_ = std::make_unique<Engine>(
      engine_options(config_), filecoin_job_factory(0, precompiled_, witness_pool_, aggregation));
  // The circuits' matrices (8.9 GB at 32 GiB) count against [memory] total_budget.
  if (precompiled_) {
    precompiled_->set_memory_hold(engine_->memory_hold());
    engine_->set_preload_companion([store = precompiled_](const std::string& circuit) {
      preload_precompiled(*store, circuit);
    });
  }
}

}  // namespace cuzk::engine
