// The engine's metric families on prometheus-cpp and their text exposition (see metrics.hpp).
#include "engine/metrics.hpp"

#include <prometheus/gauge.h>
#include <prometheus/text_serializer.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace cuzk::engine {
namespace {

using prometheus::BuildCounter;
using prometheus::BuildGauge;
using prometheus::BuildHistogram;

// Whole proofs: from a 2 KiB PoRep (sub-second) to a queued 64 GiB one (tens of minutes).
const prometheus::Histogram::BucketBoundaries kProofBuckets = {0.1, 0.5, 1,   2.5, 5,    10,  30,
                                                               60,  120, 300, 600, 1800, 3600};
// One partition's synthesis or proving: milliseconds (test circuits) to ~a minute (32 GiB PoRep).
const prometheus::Histogram::BucketBoundaries kPartitionBuckets = {
    0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160};

constexpr Priority kPriorities[] = {Priority::kCritical, Priority::kHigh, Priority::kNormal,
                                    Priority::kLow};

// A registered family: its name and help text, written once here for each metric.
template <typename T>
prometheus::Family<T>& family(prometheus::detail::Builder<T> builder, prometheus::Registry& r,
                              const char* name, const char* help) {
  return builder.Name(name).Help(help).Register(r);
}

prometheus::Labels label(const char* key, std::string_view value) {
  return {{key, std::string(value)}};
}

// The gauges of one EngineStatus snapshot, in a registry built for one render.
void add_status_gauges(prometheus::Registry& r, const EngineStatus& status) {
  auto& pending = family(BuildGauge(), r, "cuzk_queue_pending",
                         "Jobs queued, not yet admitted to the pipeline.");
  auto& in_progress =
      family(BuildGauge(), r, "cuzk_jobs_in_progress", "Jobs admitted to the pipeline.");
  for (const auto& q : status.queues) {
    pending.Add(label("kind", to_string(q.kind))).Set(q.pending);
    in_progress.Add(label("kind", to_string(q.kind))).Set(q.in_progress);
  }
  auto& partitions =
      family(BuildGauge(), r, "cuzk_pipeline_partitions", "Partitions in each pipeline stage.");
  const auto& p = status.pipeline;
  const std::pair<const char*, uint32_t> stages[] = {{"synthesis_queued", p.synthesis_queued},
                                                     {"synthesizing", p.synthesizing},
                                                     {"awaiting_prover", p.awaiting_prover},
                                                     {"proving", p.proving},
                                                     {"finalizing", p.finalizing}};
  for (const auto& [stage, n] : stages) partitions.Add(label("stage", stage)).Set(n);
  family(BuildGauge(), r, "cuzk_memory_budget_bytes", "The memory budget.")
      .Add({})
      .Set(double(status.memory_limit_bytes));
  family(BuildGauge(), r, "cuzk_memory_used_bytes", "Memory reserved from the budget.")
      .Add({})
      .Set(double(status.memory_used_bytes));
  auto& srs_bytes =
      family(BuildGauge(), r, "cuzk_srs_bytes", "Parameter set size in memory, by tier.");
  auto& srs_refs = family(BuildGauge(), r, "cuzk_srs_ref_count", "Proofs using a parameter set.");
  for (const auto& s : status.srs) {
    srs_bytes.Add({{"circuit", s.circuit_id}, {"tier", std::string(to_string(s.tier))}})
        .Set(double(s.size_bytes));
    srs_refs.Add(label("circuit", s.circuit_id)).Set(s.ref_count);
  }
  family(BuildGauge(), r, "cuzk_uptime_seconds", "Seconds since the engine started.")
      .Add({})
      .Set(status.uptime_seconds);
}

}  // namespace

Metrics::Metrics()
    : synthesis_(family(BuildHistogram(), registry_, "cuzk_partition_synthesis_seconds",
                        "Circuit synthesis per partition.")),
      prove_(family(BuildHistogram(), registry_, "cuzk_partition_prove_seconds",
                    "Prover backend start + finish per partition.")),
      backend_busy_(
          family(BuildCounter(), registry_, "cuzk_backend_busy_seconds_total",
                 "Time in the prover backend's phases, per device (its rate is the utilisation).")),
      backend_batches_(family(BuildCounter(), registry_, "cuzk_backend_batches_total",
                              "Backend start/finish calls, per device.")),
      backend_notices_(family(BuildCounter(), registry_, "cuzk_backend_notices_total",
                              "Events a backend marked for attention, per device (a GPU lane "
                              "keeping less MSM scratch from now on).")),
      srs_load_(family(BuildHistogram(), registry_, "cuzk_srs_load_seconds", "Parameter set loads.")
                    .Add({}, kProofBuckets)) {
  auto& submitted =
      family(BuildCounter(), registry_, "cuzk_proofs_submitted_total", "Proof requests accepted.");
  auto& ended = family(BuildCounter(), registry_, "cuzk_proofs_total", "Proofs ended, by result.");
  auto& duration = family(BuildHistogram(), registry_, "cuzk_proof_duration_seconds",
                          "Submit to completion of completed proofs.");
  auto& queue_wait = family(BuildHistogram(), registry_, "cuzk_proof_queue_wait_seconds",
                            "Submit to pipeline admission of completed proofs.");
  for (ProofKind kind : kProofKinds) {
    const std::string k(to_string(kind));
    const auto result = [&](const char* r) -> prometheus::Counter* {
      return &ended.Add({{"kind", k}, {"result", r}});
    };
    of(kind) = {&submitted.Add(label("kind", k)),
                result("completed"),
                result("failed"),
                result("cancelled"),
                &duration.Add(label("kind", k), kProofBuckets),
                &queue_wait.Add(label("kind", k), kProofBuckets)};
  }
  auto& priority_queue = family(BuildHistogram(), registry_, "cuzk_priority_queue_wait_seconds",
                                "Submit to pipeline admission of completed proofs, by priority.");
  auto& priority_prover =
      family(BuildHistogram(), registry_, "cuzk_priority_prover_wait_seconds",
             "Synthesised partition to a prover worker taking it, by priority.");
  for (Priority p : kPriorities) {
    const auto l = label("priority", to_string(p));
    priorities_[size_t(p) - 1] = {&priority_queue.Add(l, kPartitionBuckets),
                                  &priority_prover.Add(l, kPartitionBuckets)};
  }
}

void Metrics::proof_submitted(ProofKind kind) {
  of(kind).submitted->Increment();
}

void Metrics::proof_ended(ProofKind kind, Priority priority, JobState state, double total_seconds,
                          double queue_seconds) {
  auto& k = of(kind);
  switch (state) {
    case JobState::kCompleted:
      k.completed->Increment();
      k.duration->Observe(total_seconds);
      k.queue_wait->Observe(queue_seconds);
      priorities_[size_t(priority) - 1].queue_wait->Observe(queue_seconds);
      break;
    case JobState::kFailed:
      k.failed->Increment();
      break;
    case JobState::kCancelled:
      k.cancelled->Increment();
      break;
    case JobState::kQueued:
    case JobState::kRunning:
      break;
  }
}

void Metrics::partition_done(const std::string& circuit_id, Priority priority,
                             double synthesis_seconds, double prover_wait_seconds,
                             double prove_seconds) {
  priorities_[size_t(priority) - 1].prover_wait->Observe(prover_wait_seconds);
  // Add returns the existing series for labels seen before (buckets then unused).
  synthesis_.Add(label("circuit", circuit_id), kPartitionBuckets).Observe(synthesis_seconds);
  prove_.Add(label("circuit", circuit_id), kPartitionBuckets).Observe(prove_seconds);
}

void Metrics::srs_loaded(double seconds) {
  srs_load_.Observe(seconds);
}

void Metrics::batch_proven(const std::string& backend, double busy_seconds) {
  backend_busy_.Add(label("backend", backend)).Increment(busy_seconds);
  backend_batches_.Add(label("backend", backend)).Increment();
}

void Metrics::backend_notice(const std::string& backend, std::string_view notice) {
  backend_notices_.Add({{"backend", backend}, {"notice", std::string(notice)}}).Increment();
}

std::string Metrics::render(const EngineStatus& status) const {
  prometheus::Registry gauges;
  add_status_gauges(gauges, status);
  std::vector<prometheus::MetricFamily> families = registry_.Collect();
  for (auto& f : gauges.Collect()) families.push_back(std::move(f));
  // A family keeps its series in a hash map: sort them by labels for a stable exposition.
  for (auto& f : families) {
    std::sort(f.metric.begin(), f.metric.end(),
              [](const auto& a, const auto& b) { return a.label < b.label; });
  }
  return prometheus::TextSerializer().Serialize(families);
}

}  // namespace cuzk::engine
