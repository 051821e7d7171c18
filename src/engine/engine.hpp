// Engine: the proving engine behind the daemon — the only thing the gRPC server and the bench's
// in-process mode talk to.
//
// submit() parses and checks the request on the caller's thread (JobFactory), so a bad request is
// refused before it is queued, then queues the job in the Scheduler. A dispatcher thread moves
// ready batches into the Pipeline whenever it has room (a deadline job, is_deadline, whether or
// not it has), acquiring each job's parameter set from the SrsManager first. A set that is not
// loaded yet is loaded on a loader thread (one per circuit; jobs of a circuit being loaded wait for
// that load), never on the dispatcher: a WinningPoSt whose parameters are resident is admitted
// while a 47 GiB PoRep set loads. await() blocks on a job; cancel() removes a queued job or stops a
// running one at its next partition boundary (its queued partitions are dropped at once). Jobs fail
// independently: every error is caught and recorded on its own job.
//
// Idempotency: Curio's task scheduler retries a whole task under the same request_id, and proves
// a sector again (a new seed, a re-run snap) under the same one too. So a request_id names the
// newest job submitted under it: the same proof again (same fields but priority; compared by
// digest) joins that job while it is queued or running and returns its proof once it has
// completed; different content while it is queued or running is refused as kAlreadyExists;
// after it has ended (completed, failed, cancelled), different content — and after a failure or
// cancellation the same content too — starts a new job under the request_id, and the old one is
// found by its job id only. await() and cancel() take a job id or a request_id.
// Ended jobs are remembered for retain_ended (at most max_retained_jobs), for late awaits.
//
// Queue limit: a new job is refused as kResourceExhausted while max_pending jobs wait in the
// queue (admitted and running ones do not count); an idempotent resubmit is still answered.
//
// shutdown(grace): refuses new submits, lets queued and running jobs go on for up to `grace`,
// cancels what is left, and stops the threads. The destructor does shutdown(0).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

#include "engine/engine_options.hpp"
#include "engine/job.hpp"
#include "engine/job_factory.hpp"
#include "engine/memory_budget.hpp"
#include "engine/metrics.hpp"
#include "engine/pipeline.hpp"
#include "engine/request.hpp"
#include "engine/scheduler.hpp"
#include "engine/srs_manager.hpp"
#include "engine/status.hpp"
#include "groth16/backend.hpp"
#include "util/system_random.hpp"

namespace cuzk::engine {

struct SubmitResult {
  std::string job_id;
  uint32_t queue_position = 0;
  bool existing = false;  // an earlier submit's job (same request_id)
};

struct CancelResult {
  bool found = false;          // the job is known
  bool already_ended = false;  // it had completed, failed or been cancelled: nothing done
  bool was_running = false;    // it was admitted to the pipeline; false: removed from the queue
};

class Engine {
 public:
  // `backend` null: make_backend(options.backend). The backend's residency methods (evict; with
  // options.backend.host_copy false, preload_section / preload_raw_section) are wired into the
  // SRS manager where options.srs does not set those hooks itself.
  explicit Engine(EngineOptions options, JobFactory factory = filecoin_job_factory(),
                  std::unique_ptr<groth16::Backend> backend = nullptr);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  Result<SubmitResult, SubmitError> submit(ProofRequest request);

  // job_id: a job id, or a request_id (its newest job). Nullopt: no such job. Otherwise the
  // job's outcome, whose state is still queued or running when the timeout passed first (nullopt
  // timeout: wait until it ends).
  std::optional<JobOutcome> await(const std::string& job_id,
                                  std::optional<std::chrono::milliseconds> timeout);

  CancelResult cancel(const std::string& job_id);  // a job id or a request_id, as await()

  // Loads a circuit's parameters (SrsManager::preload) — beside them, on a thread of its own,
  // the preload companion — and then prepares their proving domain on the backend
  // (Backend::prepare_domain). Both [srs] preload and the PreloadSRS call come here.
  Result<SrsManager::PreloadResult, SrsError> preload_srs(const std::string& circuit_id);
  // What else a preload readies for a circuit, beside its parameters (the daemon: the precompiled
  // circuit from its cache file). Set before the engine serves.
  void set_preload_companion(std::function<void(const std::string& circuit_id)> companion) {
    preload_companion_ = std::move(companion);
  }
  Result<SrsManager::EvictResult, SrsError> evict_srs(const std::string& circuit_id);

  EngineStatus status() const;
  std::string metrics_text() const;

  // A hold on the memory budget for memory the engine does not allocate but must leave room for —
  // precompiled circuits' matrices (r1cs::PrecompiledStore::set_memory_hold): each call reserves
  // `bytes` regardless of the limit (MemoryBudget::reserve_regardless) until its handle is
  // dropped. The function and its handles keep the budget alive, so they may outlive the engine.
  std::function<std::shared_ptr<void>(uint64_t bytes)> memory_hold();

  void shutdown(std::chrono::milliseconds grace);

 private:
  using Clock = std::chrono::steady_clock;
  using JobPtr = std::shared_ptr<Job>;

  static EngineOptions with_backend(EngineOptions options,
                                    std::unique_ptr<groth16::Backend>& backend);
  void dispatcher();
  void dispatch(const JobPtr& job);          // admit now, or after its parameters load
  void load_and_admit(std::string circuit);  // a loader thread's body
  void admit(const JobPtr& job, SrsLease lease, double srs_ms);
  void join_finished_loaders();                               // with mutex_ held
  void job_ended(const Job& job, const JobOutcome& outcome);  // the jobs' end hook
  void prune_ended();                                         // with mutex_ held
  JobPtr find_job(const std::string& id) const;  // a job id or a request_id; with mutex_ held
  std::string new_job_id();

  EngineOptions options_;
  JobFactory factory_;
  std::unique_ptr<groth16::Backend> backend_;
  std::function<void(const std::string&)> preload_companion_;
  std::shared_ptr<MemoryBudget> budget_;  // shared with memory_hold()'s handles
  SrsManager srs_;
  Metrics metrics_;
  const Clock::time_point started_;

  mutable std::mutex mutex_;
  std::condition_variable dispatch_cv_;
  Scheduler scheduler_;
  std::unordered_map<std::string, JobPtr> jobs_;
  struct RequestEntry {
    std::string job_id;
    uint64_t digest = 0;  // of the request's content (content_digest in engine.cpp)
  };
  std::unordered_map<std::string, RequestEntry> request_ids_;
  std::deque<std::pair<Clock::time_point, std::string>> ended_;  // job ids in end order
  uint64_t next_seq_ = 0;
  bool accepting_ = true;
  bool draining_ = false;  // flush partial batches at once
  bool stopping_ = false;
  std::atomic<uint64_t> completed_{0}, failed_{0}, cancelled_{0};
  std::atomic<uint64_t> active_jobs_{0};  // submitted, not ended
  SystemRandom random_;                   // job ids, under mutex_

  // Jobs waiting for their parameter set's load, by circuit; each entry has one loader thread.
  std::unordered_map<std::string, std::vector<JobPtr>> loading_;
  struct Loader {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  std::vector<Loader> loaders_;  // under mutex_

  std::unique_ptr<Pipeline> pipeline_;
  std::thread dispatcher_thread_;
};

}  // namespace cuzk::engine
