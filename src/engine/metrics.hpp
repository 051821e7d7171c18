// Metrics: the engine's counters and histograms and their Prometheus text exposition (format
// 0.0.4) served by GetMetrics and GET /metrics, on prometheus-cpp's core (Registry, Family,
// TextSerializer; the daemon serves the text itself, so prometheus-cpp's exposer is not used).
// Each metric's name, help text and buckets are written once, where its family is built in
// metrics.cpp. Gauges (queues, memory, parameter sets) are built from an EngineStatus snapshot
// at render time, in a registry of their own, so they cannot drift from GetStatus and a set
// that is gone leaves no stale series.
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
//   cuzk_backend_notices_total{backend,notice}    counter  a backend's notice phases (backend.hpp)
//   cuzk_queue_pending{kind}, cuzk_jobs_in_progress{kind}, cuzk_pipeline_partitions{stage},
//   cuzk_memory_budget_bytes, cuzk_memory_used_bytes, cuzk_srs_bytes{circuit,tier},
//   cuzk_srs_ref_count{circuit}, cuzk_uptime_seconds                                  gauges
#pragma once

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <array>
#include <string>
#include <string_view>

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
  // A notice of `backend` ("msm_scratch_one_at_a_time": groth16::is_notice_phase, without the
  // prefix).
  void backend_notice(const std::string& backend, std::string_view notice);

  std::string render(const EngineStatus& status) const;

 private:
  struct PerKind {
    prometheus::Counter *submitted, *completed, *failed, *cancelled;
    prometheus::Histogram *duration, *queue_wait;
  };
  struct PerPriority {
    prometheus::Histogram *queue_wait, *prover_wait;
  };

  PerKind& of(ProofKind kind) { return kinds_[size_t(kind) - 1]; }

  prometheus::Registry registry_;  // the families below live in it; Family::Add is thread-safe
  prometheus::Family<prometheus::Histogram>& synthesis_;
  prometheus::Family<prometheus::Histogram>& prove_;
  prometheus::Family<prometheus::Counter>& backend_busy_;
  prometheus::Family<prometheus::Counter>& backend_batches_;
  prometheus::Family<prometheus::Counter>& backend_notices_;
  prometheus::Histogram& srs_load_;
  std::array<PerKind, kProofKinds.size()> kinds_{};
  std::array<PerPriority, kPriorityLevels> priorities_{};  // [priority - 1]
};

}  // namespace cuzk::engine
