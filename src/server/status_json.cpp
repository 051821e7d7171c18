// EngineStatus as JSON (see status_json.hpp).
#include "server/status_json.hpp"

#include <nlohmann/json.hpp>

namespace cuzk::server {

std::string status_json(const engine::EngineStatus& s) {
  using nlohmann::json;
  json queues = json::array();
  for (const auto& q : s.queues) {
    queues.push_back({{"proof_kind", engine::to_string(q.kind)},
                      {"pending", q.pending},
                      {"in_progress", q.in_progress}});
  }
  json running = json::array();
  for (const auto& r : s.running) {
    running.push_back({{"job_id", r.job_id},
                       {"proof_kind", engine::to_string(r.kind)},
                       {"circuit_id", r.circuit_id},
                       {"partitions", r.partitions},
                       {"running_seconds", r.running_seconds}});
  }
  json srs = json::array();
  for (const auto& e : s.srs) {
    srs.push_back({{"circuit_id", e.circuit_id},
                   {"tier", engine::to_string(e.tier)},
                   {"size_bytes", e.size_bytes},
                   {"ref_count", e.ref_count},
                   {"last_load_ms", e.last_load_ms},
                   {"idle_seconds", e.idle_seconds},
                   {"test_parameters", e.test_parameters}});
  }
  const auto& p = s.pipeline;
  json doc = {
      {"backend", s.backend},
      {"uptime_seconds", s.uptime_seconds},
      {"shutting_down", s.shutting_down},
      {"queues", queues},
      {"running", running},
      {"pipeline",
       {{"synthesis_queued", p.synthesis_queued},
        {"synthesizing", p.synthesizing},
        {"awaiting_prover", p.awaiting_prover},
        {"proving", p.proving},
        {"finalizing", p.finalizing},
        {"synthesis_workers", p.synthesis_workers},
        {"prover_workers", p.prover_workers},
        {"synthesis_lookahead", p.synthesis_lookahead}}},
      {"memory", {{"used_bytes", s.memory_used_bytes}, {"limit_bytes", s.memory_limit_bytes}}},
      {"srs", srs},
      {"proofs",
       {{"completed", s.proofs_completed},
        {"failed", s.proofs_failed},
        {"cancelled", s.proofs_cancelled}}},
  };
  return doc.dump(2) + "\n";
}

}  // namespace cuzk::server
