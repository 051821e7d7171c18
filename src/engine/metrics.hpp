// Metrics: the engine's counters and histograms, and their Prometheus text exposition (format
// 0.0.4) served by GetMetrics and GET /metrics. Every metric is declared once, in metrics.cpp's
// render(); gauges (queues, memory, parameter sets) come from an EngineStatus snapshot at render
// time, so they cannot drift from GetStatus.
//
//   cuzk_proofs_submitted_total{kind}             counter
//   cuzk_proofs_total{kind,result}                counter  result = completed | failed | cancelled
//   cuzk_proof_duration_seconds{kind}             histogram, submit -> end, completed proofs
//   cuzk_proof_queue_wait_seconds{kind}           histogram
//   cuzk_priority_queue_wait_seconds{priority}    histogram, submit -> admitted, completed proofs
//   cuzk_priority_prover_wait_seconds{priority}   histogram, per partition: synthesised -> prover
//   cuzk_partition_synthesis_seconds{circuit}     histogram
//   cuzk_partition_prove_seconds{circuit}         histogram (backend start + finish)
//   cuzk_srs_load_seconds                         histogram
//   cuzk_backend_busy_seconds_total{backend}      counter  the backend phases' time, per device
//   cuzk_backend_batches_total{backend}           counter  start/finish calls, per device
//   cuzk_queue_pending{kind}, cuzk_jobs_in_progress{kind}, cuzk_pipeline_partitions{stage},
//   cuzk_memory_budget_bytes, cuzk_memory_used_bytes, cuzk_srs_bytes{circuit,tier},
//   cuzk_srs_ref_count{circuit}, cuzk_uptime_seconds                                  gauges
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "engine/histogram.hpp"
#include "engine/status.hpp"
#include "engine/types.hpp"

namespace cuzk::engine {

class Metrics {
 public:
  Metrics();

  void proof_submitted(ProofKind kind);
  void proof_ended(ProofKind kind, Priority priority, JobState state, double total_seconds,
                   double queue_seconds);
  void partition_done(const std::string& circuit_id, Priority priority, double synthesis_seconds,
                      double prover_wait_seconds, double prove_seconds);
  void srs_loaded(double seconds);
  // One start/finish on `backend` ("cuda:1"), its phases summing to busy_seconds.
  void batch_proven(const std::string& backend, double busy_seconds);

  std::string render(const EngineStatus& status) const;

 private:
  struct PerKind {
    std::atomic<uint64_t> submitted{0}, completed{0}, failed{0}, cancelled{0};
    Histogram duration, queue_wait;
    PerKind();
  };
  struct PerCircuit {
    Histogram synthesis, prove;
    PerCircuit();
  };

  struct PerPriority {
    Histogram queue_wait, prover_wait;
    PerPriority();
  };

  PerKind& of(ProofKind kind) { return kinds_[size_t(kind) - 1]; }

  std::array<PerKind, kProofKinds.size()> kinds_;
  std::array<PerPriority, kPriorityLevels> priorities_;  // [priority - 1]
  mutable std::mutex circuits_mutex_;
  std::map<std::string, std::unique_ptr<PerCircuit>> circuits_;
  Histogram srs_load_;
  struct PerBackend {
    double busy_seconds = 0;
    uint64_t batches = 0;
  };
  std::map<std::string, PerBackend> backends_;  // guarded by circuits_mutex_
};

// Prometheus label value escaping: backslash, double quote and newline.
std::string escape_label_value(const std::string& value);

}  // namespace cuzk::engine
