// Pipeline: proves admitted jobs partition by partition, overlapping CPU synthesis with proving.
//
//   synthesis tasks ──> synthesis workers ──> Channel (lookahead) ──> prover workers ──> finalizer
//   (priority order)    (memory-gated)        synthesised partitions   backend.start()
//   backend.finish()
//                                                                                        verify,
//                                                                                        complete
// - A synthesis task is (job, partition k). Tasks run highest priority first, then oldest job,
//   then lowest partition; a task starts only when its estimated working set fits the memory
//   budget (idle parameter sets are evicted to make room), so the budget, not a worker count,
//   bounds the memory of partitions in flight. The estimate is the witness and a/b/c (from the
//   circuit's observed sizes, or the parameter file's bounds before the first partition) plus
//   the prover's copies of the witness — without a/b/c when the job's synthesis leaves them
//   deferred and the backend computes them on its device — and it stays reserved until finish()
//   returns.
// - Prover workers take the highest-priority synthesised partition (the oldest among equals)
//   and, when max_batch_size > 1, further waiting partitions of the same parameter set, and call
//   backend.start() (which consumes the a/b/c);
//   the pending proofs go to the finalizer, which runs finish() while the worker starts the next
//   (the highest-priority pending proof first).
// - Deadline jobs (is_deadline: WindowPoSt, WinningPoSt) have a lane of their own beside the
//   workers above, which they use as well: two more synthesis workers and two more prover
//   workers, one of each taking deadline partitions only and one CRITICAL partitions only
//   (deadline_lane). So a WinningPoSt arriving while every worker is busy with PoRep partitions,
//   or with a WindowPoSt partition (a 32 GiB one is on the GPU for seconds), is synthesised at
//   once and proven beside the partition being proven, not after it. A deadline partition goes to
//   backend.start_deadline() and is finished by the worker that started it, whichever worker took
//   it. A deadline partition enters the channel even when the lookahead is full (its memory is
//   reserved already). Its memory comes from the budget like any partition's: when the budget is
//   full it waits, at the head of the queue, for the next partition's memory to be released.
// - Each partition's proof is recorded on its job; when the last one arrives the partition proofs
//   are batch-verified against the job's public inputs with the circuit's verifying key and only
//   then returned (192 bytes each, in partition order). A proof that fails verification fails the
//   job. Any exception fails only the job it belongs to.
// - A job that ended (cancelled, failed) is skipped at every stage; purge() drops its queued
//   tasks and synthesised partitions at once, freeing their memory.
// One log line per partition gives its timings: synthesis, wait for a prover, every backend phase;
// a second one, `timing {json}`, the same as a TimingEvent (engine/timing_event.hpp): which
// synthesis worker and which prover worker / device ran it, and when (cuzk-bench timeline).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "engine/channel.hpp"
#include "engine/job.hpp"
#include "engine/memory_budget.hpp"
#include "engine/metrics.hpp"
#include "engine/srs_manager.hpp"
#include "engine/status.hpp"
#include "groth16/backend.hpp"

namespace cuzk::engine {

struct PipelineOptions {
  unsigned synthesis_workers = 1;  // concurrent partition syntheses at most (memory permitting)
  unsigned prover_workers_per_device = 1;  // concurrent start() calls per Backend::devices()
  unsigned synthesis_lookahead = 1;        // synthesised partitions buffered for the provers
  unsigned max_batch_size = 1;             // partitions per backend start()
  // A partition whose backend start() or finish() failed with a device error (std::runtime_error:
  // a CUDA failure, device out of memory) is synthesised and proven again, at most this many
  // times, before its job fails. With several devices a retry lands on another one once the
  // failing device is unhealthy (SpreadBackend: 2 failures in a row), hence 2 by default.
  // Shape errors (std::invalid_argument) fail at once.
  unsigned prover_retries = 2;
  // The synthesis workers and prover workers kept for deadline jobs (see above).
  bool deadline_lane = true;
};

class Pipeline {
 public:
  // `room` is called whenever a synthesis task leaves the queue (the engine may admit more).
  Pipeline(PipelineOptions options, groth16::Backend& backend, MemoryBudget& budget,
           SrsManager& srs, Metrics& metrics, std::function<void()> room);
  ~Pipeline();
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;

  // Queues the partitions of a running job (its SRS lease set).
  void admit(const std::shared_ptr<Job>& job);
  // Drops an ended job's queued tasks and synthesised partitions.
  void purge(const std::shared_ptr<Job>& job);
  // True while fewer synthesis tasks wait than there are synthesis workers.
  bool has_room() const;
  PipelineStatus status() const;
  // Stops the workers (queued work is dropped); idempotent.
  void stop();

 private:
  using Clock = std::chrono::steady_clock;

  // A deadlock of the memory budget: the head task does not fit, every byte the budget holds is
  // pinned or in a parameter set that a running job leases (no partition is in flight, so no
  // job can end and release its set), and no idle set is left to evict. Held this long (a job
  // releases its lease just after its last partition's memory, not at the same instant), the
  // head task's job fails with the reason instead of waiting forever. (A job whose finalisation —
  // the batch verification, tens of ms at 32 GiB — took longer would fail a waiting job wrongly.)
  static constexpr std::chrono::seconds kStallGrace{2};
  bool only_leased_sets_hold_memory() const;

  struct Task {
    std::shared_ptr<Job> job;
    unsigned partition = 0;
    unsigned attempt = 0;  // prover failures so far (PipelineOptions::prover_retries)
  };
  // Highest priority, then oldest job, then lowest partition first.
  struct TaskOrder {
    bool operator()(const Task& a, const Task& b) const;
  };
  // One partition between the stages; it carries its own references to the circuit and the
  // parameters, and its memory reservation.
  struct Partition {
    std::shared_ptr<Job> job;
    unsigned partition = 0;
    unsigned attempt = 0;
    std::shared_ptr<SrsLease> srs;
    MemoryBudget::Reservation memory;
    std::vector<ff::Fr> inputs;
    double synthesis_ms = 0;
    Clock::time_point synthesized_at;
    double wait_ms = 0;  // synthesised -> taken by a prover
    unsigned synthesis_worker = 0;
    double synthesis_start_ms = 0, synthesis_end_ms = 0;  // timing_clock_ms()
  };
  struct Synthesized {
    Partition partition;
    r1cs::ProvingAssignment assignment;
  };
  struct InFlight {
    std::vector<Partition> partitions;
    std::unique_ptr<groth16::Pending> pending;
    double start_ms = 0;
    unsigned prover_worker = 0;
    double start_at_ms = 0, start_done_at_ms = 0;  // timing_clock_ms() around start()
  };

  // least: the lowest priority the worker takes (kLow: any; the deadline lane's workers kHigh and
  // kCritical).
  void synthesis_worker(unsigned index, Priority least);
  void prover_worker(unsigned index, Priority least);
  void finalizer();
  void finalize(InFlight& flight);  // finish(), then record the proofs or retry / fail
  void synthesize(const Task& task, MemoryBudget::Reservation memory, unsigned worker);
  // Logs `timing {json}` for a proven partition (engine/timing_event.hpp).
  void log_timing(const Partition& p, const InFlight& flight, const groth16::ProveOutput& out,
                  const std::string& on, double finish_start_ms, double prove_end_ms) const;
  void complete(const std::shared_ptr<Job>& job, std::shared_ptr<SrsLease> srs);
  void fail(const std::shared_ptr<Job>& job, const std::string& error);
  // After a prover failure of `p` (in `stage`, "start" or "finish"): queues its synthesis again
  // when the error is a device error and retries are left, else fails its job. Releases p's
  // memory and parameter lease.
  void retry_or_fail(Partition& p, const char* stage, const std::string& error, bool device_error);
  uint64_t estimate_bytes(const Task& task) const;
  // Whether the backend's device evaluates the deferred a/b/c of a partition of `job` with
  // `rows` constraints (a deadline job's start is start_deadline's).
  bool abc_on_device(const Job& job, uint64_t rows) const;

  PipelineOptions options_;
  groth16::Backend& backend_;
  MemoryBudget& budget_;
  SrsManager& srs_;
  Metrics& metrics_;
  std::function<void()> room_;

  mutable std::mutex mutex_;
  std::condition_variable tasks_cv_;
  std::set<Task, TaskOrder> tasks_;
  std::map<std::string, r1cs::CircuitSizes> observed_sizes_;  // per circuit id
  uint32_t synthesizing_ = 0, proving_ = 0, finalizing_ = 0;
  bool stopping_ = false;
  // Since when the head task has been waiting for memory that only the end of a job could free,
  // with no job able to end (only_leased_sets_hold_memory); see kStallGrace.
  std::optional<Clock::time_point> stalled_since_;

  std::unique_ptr<Channel<Synthesized>> synthesized_;
  const unsigned prover_workers_;  // prover_workers_per_device x backend.devices()
  // Threads per stage, the deadline lane's included (timing events number workers up to these).
  unsigned synthesis_threads_count_ = 0, prover_threads_count_ = 0;
  std::unique_ptr<Channel<InFlight>> in_flight_;
  std::vector<std::thread> synthesis_threads_, prover_threads_;
  std::thread finalizer_thread_;
};

}  // namespace cuzk::engine
