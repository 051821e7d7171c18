// The daemon's engine from its configuration (see daemon_engine.hpp).
#include "engine/daemon_engine.hpp"

#include <spdlog/spdlog.h>

#include <mutex>
#include <string>

#include "engine/config_auto.hpp"
#include "engine/job_factory.hpp"
#include "filecoin/circuit_kind.hpp"

namespace cuzk::engine {
namespace {

// The circuit's precompiled matrices before its first proof ([srs] preload, PreloadSRS): from
// the cache file, or else recorded from the circuit's blank synthesis — the same matrices a real
// partition records (tests/filecoin/blank_circuit_test.cpp) — and written to the cache, so that
// no proof pays the recording (a 32 GiB WindowPoSt's took 73-90 s of its first partition). One
// recording at a time: a 32 GiB circuit's takes ~35 GB of memory while it runs.
void preload_precompiled(r1cs::PrecompiledStore& store, const std::string& circuit) {
  auto lookup = store.load_cached(circuit);
  if (lookup.circuit) {
    if (lookup.source == r1cs::PrecompiledStore::Source::kDisk)
      spdlog::info("preload {}: precompiled circuit from {} in {:.0f} ms", circuit,
                   store.path(circuit), lookup.ms);
    return;
  }
  if (!lookup.note.empty()) spdlog::warn("preload {}: {}", circuit, lookup.note);
  const auto kind = filecoin::find_circuit_kind(circuit);
  if (!kind.ok()) return;  // the parameters' preload reports the unknown id
  static std::mutex one_recording;
  std::lock_guard lock(one_recording);
  lookup = store.get(circuit, kind->synthesize_blank);
  if (lookup.source != r1cs::PrecompiledStore::Source::kRecorded) return;  // another was first
  spdlog::info("preload {}: precompiled circuit recorded from its blank synthesis in {:.0f} ms{}",
               circuit, lookup.ms,
               lookup.note.empty() ? ", written to " + store.path(circuit) : "; " + lookup.note);
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
