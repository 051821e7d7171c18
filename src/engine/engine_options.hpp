// EngineOptions: everything the Engine is built from, one struct per part, with the defaults the
// daemon uses when the config file says nothing. config.hpp fills it from the TOML file.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/pipeline.hpp"
#include "engine/scheduler.hpp"
#include "engine/srs_manager.hpp"

namespace cuzk::engine {

struct BackendOptions {
  std::vector<uint32_t> devices;  // GPU ordinals; empty = all (ignored by the CPU backend)
  unsigned threads = 0;           // CPU threads of the prover (0 = all cores)
  // With GPUs: the CPU backend as a fallback, given work only while no GPU is healthy
  // (groth16::SpreadBackend), so that a failed GPU slows proofs down instead of failing them.
  bool cpu_fallback = true;
  // False ([srs] host_copy = false): parameter sets live on the GPUs only — each section is freed
  // from host memory once every device holds it (a 32 GiB PoRep set is ~51 GB decoded). Needs a
  // CUDA device and no CPU fallback (make_backend refuses otherwise).
  bool host_copy = true;
};

struct EngineOptions {
  SchedulerOptions scheduler;
  PipelineOptions pipeline;
  SrsOptions srs;
  BackendOptions backend;
  uint64_t memory_budget_bytes = uint64_t(16) << 30;
  // Ended jobs are remembered (for AwaitProof and idempotent resubmits) this long, at most
  // max_retained_jobs of them.
  std::chrono::milliseconds retain_ended{std::chrono::hours(1)};
  size_t max_retained_jobs = 10000;
  // Jobs queued and not yet admitted to the pipeline, at most ([scheduler] max_pending); a submit
  // beyond is refused (RESOURCE_EXHAUSTED), before its request is parsed.
  size_t max_pending = 1024;
};

}  // namespace cuzk::engine
