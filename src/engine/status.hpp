// EngineStatus: a snapshot of the engine for GetStatus, GET /status and the metrics gauges —
// queues per kind, the pipeline's in-flight partitions, the memory budget, parameter sets and
// lifetime counters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/srs_manager.hpp"
#include "engine/types.hpp"

namespace cuzk::engine {

struct QueueCounts {
  ProofKind kind = ProofKind::kPorepSealCommit;
  uint32_t pending = 0;      // queued, not yet admitted
  uint32_t in_progress = 0;  // admitted, running
};

// Partitions in each stage of the pipeline.
struct PipelineStatus {
  uint32_t synthesis_queued = 0;  // waiting for a synthesis worker (or for memory)
  uint32_t synthesizing = 0;
  uint32_t awaiting_prover = 0;  // synthesised, in the bounded channel
  uint32_t proving = 0;          // in backend start()
  uint32_t finalizing = 0;       // in or waiting for backend finish()
  uint32_t synthesis_workers = 0;
  uint32_t prover_workers = 0;
  uint32_t synthesis_lookahead = 0;
};

struct RunningJob {
  std::string job_id;
  ProofKind kind = ProofKind::kPorepSealCommit;
  std::string circuit_id;
  unsigned partitions = 0;
  double running_seconds = 0;
};

struct EngineStatus {
  std::vector<QueueCounts> queues;  // one per kind, in kProofKinds order
  std::vector<RunningJob> running;
  PipelineStatus pipeline;
  std::vector<SrsEntryStatus> srs;
  std::string backend;
  uint64_t memory_used_bytes = 0;
  uint64_t memory_limit_bytes = 0;
  uint64_t proofs_completed = 0;
  uint64_t proofs_failed = 0;
  uint64_t proofs_cancelled = 0;
  double uptime_seconds = 0;
  bool shutting_down = false;
};

}  // namespace cuzk::engine
