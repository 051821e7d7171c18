// Priority queues and the batch collector (policy in scheduler.hpp).
#include "engine/scheduler.hpp"

#include <algorithm>

namespace cuzk::engine {

void Scheduler::push(JobPtr job, Clock::time_point now) {
  const int p = int(job->priority) - 1;
  // A higher-priority arrival flushes the partial batches of every lower level.
  for (int lower = 0; lower < p; ++lower) {
    flush_below_seq_[lower] = std::max(flush_below_seq_[lower], job->seq);
  }
  levels_[p].push_back({std::move(job), now});
}

bool Scheduler::remove(const std::string& job_id) {
  for (auto& lvl : levels_) {
    auto it =
        std::find_if(lvl.begin(), lvl.end(), [&](const Entry& e) { return e.job->id == job_id; });
    if (it != lvl.end()) {
      lvl.erase(it);
      return true;
    }
  }
  return false;
}

std::vector<size_t> Scheduler::group(const Level& lvl, const std::string& circuit_id) const {
  std::vector<size_t> members;
  size_t max = std::max(1u, options_.max_batch_size);
  for (const auto& e : lvl) {
    if (e.job->circuit_id == circuit_id) {
      if (!is_batchable(e.job->kind)) max = 1;  // the oldest decides: PoSt goes alone
      break;
    }
  }
  for (size_t i = 0; i < lvl.size() && members.size() < max; ++i) {
    if (lvl[i].job->circuit_id == circuit_id) members.push_back(i);
  }
  return members;
}

std::vector<Scheduler::JobPtr> Scheduler::pop(Clock::time_point now,
                                              std::optional<Clock::time_point>* wake_at,
                                              bool flush_all, Priority min_priority) {
  if (wake_at) wake_at->reset();
  int p = kPriorityLevels - 1;
  while (p >= 0 && levels_[p].empty()) --p;
  if (p < int(min_priority) - 1) return {};
  Level& lvl = levels_[p];

  // Candidate circuits: the last dispatched one first (sort_by_type), then FIFO of oldest job.
  std::vector<std::string> circuits;
  auto add = [&](const std::string& c) {
    if (std::find(circuits.begin(), circuits.end(), c) == circuits.end()) circuits.push_back(c);
  };
  if (options_.sort_by_type) {
    for (const auto& e : lvl) {
      if (e.job->circuit_id == last_circuit_) {
        add(last_circuit_);
        break;
      }
    }
  }
  for (const auto& e : lvl) add(e.job->circuit_id);

  for (const auto& circuit : circuits) {
    auto members = group(lvl, circuit);
    const Entry& oldest = lvl[members.front()];
    const auto deadline = oldest.enqueued + options_.max_batch_wait;
    const bool ready = flush_all || options_.max_batch_size <= 1 ||
                       !is_batchable(oldest.job->kind) ||
                       members.size() >= options_.max_batch_size || now >= deadline ||
                       oldest.job->seq < flush_below_seq_[p];
    if (!ready) {
      if (wake_at && (!*wake_at || deadline < **wake_at)) *wake_at = deadline;
      continue;
    }
    std::vector<JobPtr> batch;
    for (size_t i : members) batch.push_back(lvl[i].job);
    for (auto it = members.rbegin(); it != members.rend(); ++it) {
      lvl.erase(lvl.begin() + std::ptrdiff_t(*it));
    }
    last_circuit_ = circuit;
    if (wake_at) wake_at->reset();
    return batch;
  }
  return {};
}

std::optional<size_t> Scheduler::position(const std::string& job_id) const {
  size_t ahead = 0;
  for (int p = kPriorityLevels - 1; p >= 0; --p) {
    for (const auto& e : levels_[p]) {
      if (e.job->id == job_id) return ahead;
      ++ahead;
    }
  }
  return std::nullopt;
}

size_t Scheduler::size() const {
  size_t n = 0;
  for (const auto& lvl : levels_) n += lvl.size();
  return n;
}

size_t Scheduler::pending(ProofKind kind) const {
  size_t n = 0;
  for (const auto& lvl : levels_) {
    n += size_t(
        std::count_if(lvl.begin(), lvl.end(), [&](const Entry& e) { return e.job->kind == kind; }));
  }
  return n;
}

}  // namespace cuzk::engine
