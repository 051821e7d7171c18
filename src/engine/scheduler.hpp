// Scheduler: the queue of jobs waiting to enter the pipeline — priorities, FIFO order and the
// same-circuit batch collector. A plain data structure (the engine locks around it; time is passed
// in), so its policy is unit-tested without threads or clocks.
//
// Policy of pop():
//   1. Only the highest non-empty priority level is considered (CRITICAL > HIGH > NORMAL > LOW):
//      a lower level never overtakes a higher one, even while the higher one waits for a batch.
//   2. Within the level, candidate groups are the circuits of the queued jobs, in FIFO order of
//      each circuit's oldest job. With sort_by_type, the circuit dispatched last goes first (fewer
//      parameter switches; it can delay other circuits of the level while it keeps arriving).
//   3. A group is up to max_batch_size jobs of one circuit, oldest first. It is ready when it is
//      full, when its kind is not batchable (PoSt) or batching is off (max_batch_size 1), when its
//      oldest job has waited max_batch_wait, when a job of higher priority arrived after it
//      (flushed early: the partial batch stops waiting), or when flush_all is set (shutdown).
//   4. The first ready group is returned. When none is, pop() returns nothing and sets *wake_at to
//      the earliest time a group becomes ready by its wait running out.
//   5. With min_priority, levels below it are not considered at all (nothing is returned, no
//      wake-up set for them).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/job.hpp"

namespace cuzk::engine {

struct SchedulerOptions {
  unsigned max_batch_size = 1;
  std::chrono::milliseconds max_batch_wait{0};
  bool sort_by_type = true;
};

class Scheduler {
 public:
  using Clock = std::chrono::steady_clock;
  using JobPtr = std::shared_ptr<Job>;

  explicit Scheduler(SchedulerOptions options = {}) : options_(options) {}

  void push(JobPtr job, Clock::time_point now);
  // Removes a queued job (cancel); false when it is not queued here.
  bool remove(const std::string& job_id);

  // Only jobs of at least `min_priority` are considered (the engine asks for deadline jobs only
  // while the pipeline has no room).
  std::vector<JobPtr> pop(Clock::time_point now, std::optional<Clock::time_point>* wake_at,
                          bool flush_all = false, Priority min_priority = Priority::kLow);

  // Jobs queued ahead of this one by priority and FIFO (0 = at the head; batching and
  // sort_by_type may reorder within a level), or nullopt when it is not queued.
  std::optional<size_t> position(const std::string& job_id) const;
  size_t size() const;
  size_t pending(ProofKind kind) const;
  const SchedulerOptions& options() const { return options_; }

 private:
  struct Entry {
    JobPtr job;
    Clock::time_point enqueued;
  };
  using Level = std::deque<Entry>;

  std::vector<size_t> group(const Level& level, const std::string& circuit_id) const;

  SchedulerOptions options_;
  Level levels_[kPriorityLevels];
  uint64_t flush_below_seq_[kPriorityLevels] = {};  // per level: jobs with seq < this don't wait
  std::string last_circuit_;
};

}  // namespace cuzk::engine
