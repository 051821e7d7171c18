// Counters, histograms and their Prometheus text exposition (see metrics.hpp).
#include "engine/metrics.hpp"

#include <fmt/format.h>

namespace cuzk::engine {
namespace {

// Whole proofs: from a 2 KiB PoRep (sub-second) to a queued 64 GiB one (tens of minutes).
const std::vector<double> kProofBuckets = {0.1, 0.5, 1,   2.5, 5,    10,  30,
                                           60,  120, 300, 600, 1800, 3600};
// One partition's synthesis or proving: milliseconds (test circuits) to ~a minute (32 GiB PoRep).
const std::vector<double> kPartitionBuckets = {0.01, 0.05, 0.1, 0.25, 0.5, 1,  2.5,
                                               5,    10,   20,  40,   80,  160};

// Shortest form that round-trips, as Prometheus clients print numbers.
std::string number(double v) {
  return fmt::format("{}", v);
}

class Writer {
 public:
  void header(const char* name, const char* type, const char* help) {
    out_ += fmt::format("# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
  }
  void sample(const std::string& name, const std::string& labels, double value) {
    out_ += name;
    if (!labels.empty()) out_.append("{").append(labels).append("}");
    out_.append(" ").append(number(value)).append("\n");
  }
  void histogram(const char* name, const std::string& labels, const Histogram::Snapshot& s) {
    const std::string sep = labels.empty() ? "" : labels + ",";
    for (size_t i = 0; i < s.cumulative.size(); ++i) {
      const std::string le = i < s.bounds.size() ? number(s.bounds[i]) : "+Inf";
      sample(std::string(name) + "_bucket", sep + "le=\"" + le + "\"", double(s.cumulative[i]));
    }
    sample(std::string(name) + "_sum", labels, s.sum);
    sample(std::string(name) + "_count", labels, double(s.count));
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

std::string label(const char* key, std::string_view value) {
  return fmt::format("{}=\"{}\"", key, escape_label_value(std::string(value)));
}

}  // namespace

std::string escape_label_value(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

Metrics::PerKind::PerKind() : duration(kProofBuckets), queue_wait(kProofBuckets) {}
Metrics::PerCircuit::PerCircuit() : synthesis(kPartitionBuckets), prove(kPartitionBuckets) {}
Metrics::PerPriority::PerPriority()
    : queue_wait(kPartitionBuckets), prover_wait(kPartitionBuckets) {}
Metrics::Metrics() : srs_load_(kProofBuckets) {}

void Metrics::proof_submitted(ProofKind kind) {
  ++of(kind).submitted;
}

void Metrics::proof_ended(ProofKind kind, Priority priority, JobState state, double total_seconds,
                          double queue_seconds) {
  auto& k = of(kind);
  switch (state) {
    case JobState::kCompleted:
      ++k.completed;
      k.duration.observe(total_seconds);
      k.queue_wait.observe(queue_seconds);
      priorities_[size_t(priority) - 1].queue_wait.observe(queue_seconds);
      break;
    case JobState::kFailed:
      ++k.failed;
      break;
    case JobState::kCancelled:
      ++k.cancelled;
      break;
    case JobState::kQueued:
    case JobState::kRunning:
      break;
  }
}

void Metrics::partition_done(const std::string& circuit_id, Priority priority,
                             double synthesis_seconds, double prover_wait_seconds,
                             double prove_seconds) {
  priorities_[size_t(priority) - 1].prover_wait.observe(prover_wait_seconds);
  PerCircuit* c;
  {
    std::lock_guard lock(circuits_mutex_);
    auto& slot = circuits_[circuit_id];
    if (!slot) slot = std::make_unique<PerCircuit>();
    c = slot.get();
  }
  c->synthesis.observe(synthesis_seconds);
  c->prove.observe(prove_seconds);
}

void Metrics::srs_loaded(double seconds) {
  srs_load_.observe(seconds);
}

void Metrics::batch_proven(const std::string& backend, double busy_seconds) {
  std::lock_guard lock(circuits_mutex_);
  PerBackend& b = backends_[backend];
  b.busy_seconds += busy_seconds;
  ++b.batches;
}

std::string Metrics::render(const EngineStatus& status) const {
  Writer w;
  w.header("cuzk_proofs_submitted_total", "counter", "Proof requests accepted.");
  for (ProofKind kind : kProofKinds) {
    w.sample("cuzk_proofs_submitted_total", label("kind", to_string(kind)),
             double(kinds_[size_t(kind) - 1].submitted.load()));
  }
  w.header("cuzk_proofs_total", "counter", "Proofs ended, by result.");
  for (ProofKind kind : kProofKinds) {
    const auto& k = kinds_[size_t(kind) - 1];
    const std::string kl = label("kind", to_string(kind));
    w.sample("cuzk_proofs_total", kl + ",result=\"completed\"", double(k.completed.load()));
    w.sample("cuzk_proofs_total", kl + ",result=\"failed\"", double(k.failed.load()));
    w.sample("cuzk_proofs_total", kl + ",result=\"cancelled\"", double(k.cancelled.load()));
  }
  w.header("cuzk_proof_duration_seconds", "histogram", "Submit to completion of completed proofs.");
  for (ProofKind kind : kProofKinds) {
    w.histogram("cuzk_proof_duration_seconds", label("kind", to_string(kind)),
                kinds_[size_t(kind) - 1].duration.snapshot());
  }
  w.header("cuzk_proof_queue_wait_seconds", "histogram",
           "Submit to pipeline admission of completed proofs.");
  for (ProofKind kind : kProofKinds) {
    w.histogram("cuzk_proof_queue_wait_seconds", label("kind", to_string(kind)),
                kinds_[size_t(kind) - 1].queue_wait.snapshot());
  }
  const auto by_priority = [&](const char* name, const char* help, Histogram PerPriority::*h) {
    w.header(name, "histogram", help);
    for (Priority p : {Priority::kCritical, Priority::kHigh, Priority::kNormal, Priority::kLow}) {
      w.histogram(name, label("priority", to_string(p)),
                  (priorities_[size_t(p) - 1].*h).snapshot());
    }
  };
  by_priority("cuzk_priority_queue_wait_seconds",
              "Submit to pipeline admission of completed proofs, by priority.",
              &PerPriority::queue_wait);
  by_priority("cuzk_priority_prover_wait_seconds",
              "Synthesised partition to a prover worker taking it, by priority.",
              &PerPriority::prover_wait);
  {
    std::lock_guard lock(circuits_mutex_);
    w.header("cuzk_partition_synthesis_seconds", "histogram", "Circuit synthesis per partition.");
    for (const auto& [id, c] : circuits_) {
      w.histogram("cuzk_partition_synthesis_seconds", label("circuit", id),
                  c->synthesis.snapshot());
    }
    w.header("cuzk_partition_prove_seconds", "histogram",
             "Prover backend start + finish per partition.");
    for (const auto& [id, c] : circuits_) {
      w.histogram("cuzk_partition_prove_seconds", label("circuit", id), c->prove.snapshot());
    }
  }
  {
    std::lock_guard lock(circuits_mutex_);
    w.header("cuzk_backend_busy_seconds_total", "counter",
             "Time in the prover backend's phases, per device (its rate is the utilisation).");
    for (const auto& [name, b] : backends_) {
      w.sample("cuzk_backend_busy_seconds_total", label("backend", name), b.busy_seconds);
    }
    w.header("cuzk_backend_batches_total", "counter", "Backend start/finish calls, per device.");
    for (const auto& [name, b] : backends_) {
      w.sample("cuzk_backend_batches_total", label("backend", name), double(b.batches));
    }
  }
  w.header("cuzk_srs_load_seconds", "histogram", "Parameter set loads.");
  w.histogram("cuzk_srs_load_seconds", "", srs_load_.snapshot());

  w.header("cuzk_queue_pending", "gauge", "Jobs queued, not yet admitted to the pipeline.");
  for (const auto& q : status.queues) {
    w.sample("cuzk_queue_pending", label("kind", to_string(q.kind)), q.pending);
  }
  w.header("cuzk_jobs_in_progress", "gauge", "Jobs admitted to the pipeline.");
  for (const auto& q : status.queues) {
    w.sample("cuzk_jobs_in_progress", label("kind", to_string(q.kind)), q.in_progress);
  }
  w.header("cuzk_pipeline_partitions", "gauge", "Partitions in each pipeline stage.");
  const auto& p = status.pipeline;
  const std::pair<const char*, uint32_t> stages[] = {{"synthesis_queued", p.synthesis_queued},
                                                     {"synthesizing", p.synthesizing},
                                                     {"awaiting_prover", p.awaiting_prover},
                                                     {"proving", p.proving},
                                                     {"finalizing", p.finalizing}};
  for (const auto& [stage, n] : stages) {
    w.sample("cuzk_pipeline_partitions", label("stage", stage), n);
  }
  w.header("cuzk_memory_budget_bytes", "gauge", "The memory budget.");
  w.sample("cuzk_memory_budget_bytes", "", double(status.memory_limit_bytes));
  w.header("cuzk_memory_used_bytes", "gauge", "Memory reserved from the budget.");
  w.sample("cuzk_memory_used_bytes", "", double(status.memory_used_bytes));
  w.header("cuzk_srs_bytes", "gauge", "Parameter set size in memory, by tier.");
  for (const auto& s : status.srs) {
    w.sample("cuzk_srs_bytes",
             label("circuit", s.circuit_id) + "," + label("tier", to_string(s.tier)),
             double(s.size_bytes));
  }
  w.header("cuzk_srs_ref_count", "gauge", "Proofs using a parameter set.");
  for (const auto& s : status.srs) {
    w.sample("cuzk_srs_ref_count", label("circuit", s.circuit_id), s.ref_count);
  }
  w.header("cuzk_uptime_seconds", "gauge", "Seconds since the engine started.");
  w.sample("cuzk_uptime_seconds", "", status.uptime_seconds);
  return w.take();
}

}  // namespace cuzk::engine
