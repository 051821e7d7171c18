// The proving engine: submit, dispatch, await, cancel, status, shutdown (see engine.hpp).
#include "engine/engine.hpp"

#include <fmt/format.h>
#include <malloc.h>
#include <spdlog/spdlog.h>

#include <bit>
#include <thread>

#include "engine/backend_factory.hpp"
#include "util/parallel.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::engine {
namespace {

double ms_between(std::chrono::steady_clock::time_point a,
                  std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

double gib(uint64_t bytes) {
  return double(bytes) / double(uint64_t(1) << 30);
}

// [srs] host_copy = false: every bulk section goes to the backend's devices — from the file's
// bytes, decoded there, when it can; else decoded on the host, handed over and freed — and the
// host keeps only what no device holds (SrsOptions::take_raw_section / take_section); a set the
// devices would rather not hold stays in its file, streamed to them at every proof
// (SrsOptions::leaves_in_file).
void wire_residency(groth16::Backend& backend, SrsOptions& srs) {
  srs.take_section = [&backend](groth16::Parameters& params, groth16::Section s) {
    if (backend.preload_section(params, s)) params.release(s);
  };
  srs.take_raw_section = [&backend](groth16::Parameters& params, groth16::Section s,
                                    std::span<const uint8_t> bytes) -> groth16::ParamsResult<bool> {
    const size_t point = s == groth16::Section::kBG2 ? 192 : 96;  // uncompressed
    params.released[size_t(s)] = bytes.size() / point;            // the count the devices check
    auto held = backend.preload_raw_section(params, s, bytes);
    if (!held || !*held) params.released[size_t(s)].reset();
    return held;
  };
  srs.leaves_in_file = [&backend](uint64_t device_bytes, size_t domain, size_t variables) {
    return backend.leaves_in_file(device_bytes, domain, variables);
  };
}

// What a request asks to prove — every field but request_id and priority (a retry may raise the
// priority) — hashed, so that a resubmission under the same request_id can be told apart from a
// different proof under a reused one. Not cryptographic: it catches mistakes, and a client that
// wants another job can name it differently anyway. New ProofRequest fields belong here.
// The vanilla proofs are hashed on all cores (59 MB for a 32 GiB WindowPoSt partition: ~16 ms on
// one), then mixed in order.
uint64_t content_digest(const ProofRequest& r) {
  uint64_t h = 0xcbf29ce484222325u;
  auto mix = [&h](uint64_t v) { h ^= v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2); };
  auto bytes = [&mix](std::string_view s) {
    mix(s.size());
    mix(std::hash<std::string_view>{}(s));
  };
  for (uint64_t v : {uint64_t(r.kind), r.sector_size, r.registered_proof, r.sector_number,
                     r.miner_id, uint64_t(r.partition_index), uint64_t(r.vanilla_proofs.size())}) {
    mix(v);
  }
  std::vector<size_t> proof_hashes(r.vanilla_proofs.size());
  parallel_for(proof_hashes.size(), 0, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      proof_hashes[i] = std::hash<std::string_view>{}(r.vanilla_proofs[i]);
  });
  for (size_t i = 0; i < proof_hashes.size(); ++i) {
    mix(r.vanilla_proofs[i].size());
    mix(proof_hashes[i]);
  }
  for (const std::string* s :
       {&r.vanilla_proof, &r.randomness, &r.comm_r_old, &r.comm_r_new, &r.comm_d_new}) {
    bytes(*s);
  }
  return h;
}

}  // namespace

// Picks the backend when none is given, and hands its unload hook to the SRS manager.
EngineOptions Engine::with_backend(EngineOptions options,
                                   std::unique_ptr<groth16::Backend>& backend) {
  if (!backend) backend = make_backend(options.backend);
  groth16::Backend* b = backend.get();
  if (!options.srs.on_unload) {
    options.srs.on_unload = [b](const groth16::Parameters& params) { b->evict(params); };
  }
  if (!options.backend.host_copy && !options.srs.take_section) wire_residency(*b, options.srs);
  return options;
}

Engine::Engine(EngineOptions options, JobFactory factory, std::unique_ptr<groth16::Backend> backend)
    : options_(with_backend(std::move(options), backend)),
      factory_(std::move(factory)),
      backend_(std::move(backend)),
      budget_(std::make_shared<MemoryBudget>(options_.memory_budget_bytes)),
      srs_(options_.srs, *budget_),
      started_(Clock::now()),
      scheduler_(options_.scheduler) {
  pipeline_ =
      std::make_unique<Pipeline>(options_.pipeline, *backend_, *budget_, srs_, metrics_, [this] {
        std::lock_guard lock(mutex_);
        dispatch_cv_.notify_all();
      });
  dispatcher_thread_ = std::thread([this] { dispatcher(); });
  const auto p = pipeline_->status();
  spdlog::info(
      "engine: backend {}, memory budget {:.1f} GiB, {} synthesis / {} prover workers, "
      "synthesis lookahead {}, max batch {} (wait {} ms), parameters from {}",
      backend_->name(), gib(budget_->limit()), p.synthesis_workers, p.prover_workers,
      p.synthesis_lookahead, options_.scheduler.max_batch_size,
      options_.scheduler.max_batch_wait.count(), options_.srs.param_cache);
}

Engine::~Engine() {
  shutdown(std::chrono::milliseconds(0));
}

std::string Engine::new_job_id() {
  return fmt::format("{:016x}", random_());
}

Result<SubmitResult, SubmitError> Engine::submit(ProofRequest request) {
  const uint64_t digest = request.request_id.empty() ? 0 : content_digest(request);
  // The live job (queued, running or completed) of this request_id, or null; an error when that
  // job was submitted with different content, or when a new job would overfill the queue.
  // With mutex_ held.
  auto prior_job = [&]() -> Result<JobPtr, SubmitError> {
    if (!accepting_) {
      return Error<SubmitError>{SubmitError::kUnavailable, "the daemon is shutting down"};
    }
    if (!request.request_id.empty()) {
      auto it = request_ids_.find(request.request_id);
      auto job = it == request_ids_.end() ? jobs_.end() : jobs_.find(it->second.job_id);
      if (job != jobs_.end()) {
        const JobState s = job->second->state();
        const bool same = it->second.digest == digest;
        if (s == JobState::kCompleted && same) return job->second;
        if (!is_final(s)) {
          if (same) return job->second;
          return Error<SubmitError>{
              SubmitError::kAlreadyExists,
              fmt::format("request_id '{}' is job {} ({}), submitted with different content; "
                          "a different proof needs a different request_id",
                          request.request_id, job->second->id, to_string(s))};
        }
      }
    }
    if (scheduler_.size() >= options_.max_pending) {
      return Error<SubmitError>{
          SubmitError::kResourceExhausted,
          fmt::format("the queue is full: {} jobs are waiting ([scheduler] max_pending = {}); "
                      "retry later",
                      scheduler_.size(), options_.max_pending)};
    }
    return JobPtr();
  };
  auto existing = [&](const JobPtr& job) {
    return SubmitResult{job->id, uint32_t(scheduler_.position(job->id).value_or(0)), true};
  };
  auto refused = [&](const Error<SubmitError>& error) {
    spdlog::warn("submit {} refused: {}", request.request_id, error.message);
    return error;
  };
  {
    std::lock_guard lock(mutex_);
    auto prior = prior_job();
    if (!prior) return refused(prior.error());
    if (*prior) return existing(*prior);
  }
  auto made = factory_(request);
  if (!made) return refused(made.error());
  std::shared_ptr<const CircuitJob> circuit(std::move(made).value());
  if (circuit->partitions() == 0) {
    return Error<SubmitError>{SubmitError::kInvalidArgument, "the proof has no partitions"};
  }
  const Priority priority = request.priority.value_or(default_priority(request.kind));
  SubmitResult result;
  JobPtr job;
  {
    std::lock_guard lock(mutex_);
    auto prior = prior_job();  // again: a concurrent submit may have won or filled the queue
    if (!prior) return refused(prior.error());
    if (*prior) return existing(*prior);
    job = std::make_shared<Job>(new_job_id(), request.request_id, request.kind, priority,
                                next_seq_++, circuit,
                                [this](const Job& j, const JobOutcome& o) { job_ended(j, o); });
    jobs_[job->id] = job;
    ++active_jobs_;
    if (!request.request_id.empty()) request_ids_[request.request_id] = {job->id, digest};
    scheduler_.push(job, Clock::now());
    result.job_id = job->id;
    result.queue_position = uint32_t(scheduler_.position(job->id).value_or(0));
    prune_ended();
    metrics_.proof_submitted(job->kind);
    // Under the lock, so that this line precedes the dispatcher's "admitted".
    spdlog::info(
        "job {}: submitted {} {} ({}, {} partition(s), priority {}, request '{}'), "
        "queue position {}",
        job->id, to_string(job->kind), job->circuit_id, circuit->describe(), job->partitions,
        to_string(priority), request.request_id, result.queue_position);
  }
  dispatch_cv_.notify_all();
  return result;
}

void Engine::dispatcher() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    std::optional<Clock::time_point> wake;
    // A deadline job enters the pipeline whether or not it has room: its partitions go ahead of
    // every queued one there (the pipeline orders its tasks by priority).
    const Priority admitted = pipeline_->has_room() ? Priority::kLow : Priority::kHigh;
    std::vector<JobPtr> batch = scheduler_.pop(Clock::now(), &wake, draining_, admitted);
    if (batch.empty()) {
      if (wake) {
        dispatch_cv_.wait_until(lock, *wake);
      } else {
        dispatch_cv_.wait(lock);
      }
      continue;
    }
    lock.unlock();
    if (batch.size() > 1) {
      spdlog::info("dispatching a batch of {} {} jobs", batch.size(), batch.front()->circuit_id);
    }
    for (const auto& job : batch) dispatch(job);
    lock.lock();
  }
}

void Engine::dispatch(const JobPtr& job) {
  if (job->ended()) return;
  if (auto lease = srs_.acquire_if_hot(job->circuit_id)) {
    admit(job, std::move(*lease), 0);
    return;
  }
  std::lock_guard lock(mutex_);
  join_finished_loaders();
  auto [waiting, first] = loading_.try_emplace(job->circuit_id);
  waiting->second.push_back(job);
  if (!first) return;  // its loader admits it too
  auto done = std::make_shared<std::atomic<bool>>(false);
  loaders_.push_back({std::thread([this, circuit = job->circuit_id, done] {
                        load_and_admit(circuit);
                        *done = true;
                      }),
                      done});
}

void Engine::load_and_admit(std::string circuit) {
  const auto started = Clock::now();
  double load_ms = 0;
  auto lease = srs_.acquire(circuit, &load_ms);
  if (lease && load_ms >= 1) metrics_.srs_loaded(load_ms / 1000);
  std::vector<JobPtr> jobs;
  {
    std::lock_guard lock(mutex_);
    jobs = std::move(loading_[circuit]);
    loading_.erase(circuit);
  }
  for (const auto& job : jobs) {
    if (job->ended()) continue;
    if (!lease) {
      if (job->fail("parameters: " + lease.error().message)) {
        spdlog::error("job {}: failed: parameters: {}", job->id, lease.error().message);
      }
      continue;
    }
    auto own = srs_.acquire(circuit);  // hot: at once (our lease keeps it from eviction)
    if (!own) continue;
    admit(job, std::move(own).value(), ms_between(std::max(started, job->submitted), Clock::now()));
  }
}

void Engine::join_finished_loaders() {
  std::erase_if(loaders_, [](Loader& l) {
    if (!*l.done) return false;
    l.thread.join();
    return true;
  });
}

void Engine::admit(const JobPtr& job, SrsLease lease, double srs_ms) {
  const double queue_ms = std::max(0.0, ms_between(job->submitted, Clock::now()) - srs_ms);
  auto shared = std::make_shared<SrsLease>(std::move(lease));
  if (!job->start_running(std::move(shared), queue_ms, srs_ms)) return;  // cancelled meanwhile
  spdlog::info("job {}: admitted after {:.0f} ms queued; parameters {} ready in {:.0f} ms", job->id,
               queue_ms, job->circuit_id, srs_ms);
  pipeline_->admit(job);
}

void Engine::job_ended(const Job& job, const JobOutcome& o) {
  switch (o.state) {
    case JobState::kCompleted:
      ++completed_;
      break;
    case JobState::kFailed:
      ++failed_;
      break;
    case JobState::kCancelled:
      ++cancelled_;
      break;
    default:
      break;
  }
  metrics_.proof_ended(job.kind, job.priority, o.state, o.timings.total_ms / 1000,
                       o.timings.queue_wait_ms / 1000);
  {
    std::lock_guard lock(mutex_);
    ended_.emplace_back(Clock::now(), job.id);
  }
  // Idle again: hand the freed heap (partitions' vectors below the mmap threshold, parsed C1s)
  // back to the OS, so the daemon's RSS returns to its idle level between bursts.
  if (--active_jobs_ == 0) ::malloc_trim(0);
}

void Engine::prune_ended() {
  const auto now = Clock::now();
  while (!ended_.empty() && (ended_.size() > options_.max_retained_jobs ||
                             now - ended_.front().first > options_.retain_ended)) {
    const std::string& id = ended_.front().second;
    if (auto it = jobs_.find(id); it != jobs_.end()) {
      auto r = request_ids_.find(it->second->request_id);
      if (r != request_ids_.end() && r->second.job_id == id) request_ids_.erase(r);
      jobs_.erase(it);
    }
    ended_.pop_front();
  }
}

Engine::JobPtr Engine::find_job(const std::string& id) const {
  if (auto it = jobs_.find(id); it != jobs_.end()) return it->second;
  if (auto r = request_ids_.find(id); r != request_ids_.end()) {
    if (auto it = jobs_.find(r->second.job_id); it != jobs_.end()) return it->second;
  }
  return nullptr;
}

std::optional<JobOutcome> Engine::await(const std::string& job_id,
                                        std::optional<std::chrono::milliseconds> timeout) {
  JobPtr job;
  {
    std::lock_guard lock(mutex_);
    job = find_job(job_id);
    if (!job) return std::nullopt;
  }
  if (auto outcome = job->wait(timeout)) return outcome;
  return job->snapshot();
}

CancelResult Engine::cancel(const std::string& job_id) {
  JobPtr job;
  bool was_queued = false;
  {
    std::lock_guard lock(mutex_);
    job = find_job(job_id);
    if (!job) return {};
    was_queued = scheduler_.remove(job->id);
  }
  auto before = job->cancel();
  if (!before) return {true, true, false};
  const bool was_running = *before == JobState::kRunning;
  spdlog::info("job {}: cancelled ({})", job->id,
               was_running ? "running: stops at the next partition boundary" : "queued");
  if (!was_queued) pipeline_->purge(job);
  dispatch_cv_.notify_all();
  return {true, false, was_running};
}

Result<SrsManager::PreloadResult, SrsError> Engine::preload_srs(const std::string& circuit_id) {
  std::jthread companion;  // beside the parameters and the domain; joined on return
  if (preload_companion_) {
    companion = std::jthread([this, &circuit_id] {
      try {
        preload_companion_(circuit_id);
      } catch (const std::exception& e) {
        spdlog::warn("preload {}: {}", circuit_id, e.what());
      }
    });
  }
  auto r = srs_.preload(circuit_id);
  if (!r || r->already_loaded) return r;
  metrics_.srs_loaded(r->load_ms / 1000);
  if (std::has_single_bit(r->domain) && r->domain > 1) {  // the first proof's one-off setup, now
    Stopwatch sw;
    try {
      backend_->prepare_domain(r->domain);
      spdlog::info("preload {}: domain 2^{} prepared on the backend in {:.0f} ms", circuit_id,
                   std::countr_zero(r->domain), sw.total_ms());
    } catch (const std::exception& e) {  // the first proof will try again and report it
      spdlog::warn("preload {}: preparing domain 2^{} failed: {}", circuit_id,
                   std::countr_zero(r->domain), e.what());
    }
  }
  return r;
}

Result<SrsManager::EvictResult, SrsError> Engine::evict_srs(const std::string& circuit_id) {
  return srs_.evict(circuit_id);
}

EngineStatus Engine::status() const {
  EngineStatus s;
  const auto now = Clock::now();
  {
    std::lock_guard lock(mutex_);
    for (ProofKind kind : kProofKinds) {
      s.queues.push_back({kind, uint32_t(scheduler_.pending(kind)), 0});
    }
    for (const auto& [circuit, waiting] : loading_) {  // still pending: their parameters load
      for (const auto& job : waiting) {
        if (!job->ended()) ++s.queues[size_t(job->kind) - 1].pending;
      }
    }
    for (const auto& [id, job] : jobs_) {
      if (job->state() != JobState::kRunning) continue;
      ++s.queues[size_t(job->kind) - 1].in_progress;
      s.running.push_back({id, job->kind, job->circuit_id, job->partitions,
                           ms_between(job->submitted, now) / 1000});
    }
    s.shutting_down = !accepting_;
  }
  s.pipeline = pipeline_->status();
  s.srs = srs_.status();
  s.backend = backend_->name();
  s.memory_used_bytes = budget_->used();
  s.memory_limit_bytes = budget_->limit();
  s.proofs_completed = completed_.load();
  s.proofs_failed = failed_.load();
  s.proofs_cancelled = cancelled_.load();
  s.uptime_seconds = ms_between(started_, now) / 1000;
  return s;
}

std::string Engine::metrics_text() const {
  return metrics_.render(status());
}

std::function<std::shared_ptr<void>(uint64_t)> Engine::memory_hold() {
  return [budget = budget_](uint64_t bytes) -> std::shared_ptr<void> {
    struct Held {
      std::shared_ptr<MemoryBudget> budget;  // outlives the reservation (declared first)
      MemoryBudget::Reservation reservation;
    };
    spdlog::info(
        "memory budget: {:.2f} GiB held regardless of the limit ({:.2f} of {:.2f} GiB "
        "in use with it)",
        gib(bytes), gib(budget->used() + bytes), gib(budget->limit()));
    return std::make_shared<Held>(Held{budget, budget->reserve_regardless(bytes)});
  };
}

void Engine::shutdown(std::chrono::milliseconds grace) {
  std::vector<JobPtr> jobs;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    accepting_ = false;
    draining_ = true;
    for (const auto& [id, job] : jobs_) {
      if (!job->ended()) jobs.push_back(job);
    }
  }
  dispatch_cv_.notify_all();
  if (!jobs.empty()) {
    spdlog::info("engine: shutting down, {} job(s) in flight, up to {} ms to finish", jobs.size(),
                 grace.count());
  }
  const auto deadline = Clock::now() + grace;
  for (const auto& job : jobs) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    job->wait(std::max(left, std::chrono::milliseconds(0)));
  }
  for (const auto& job : jobs) {
    if (!job->ended()) cancel(job->id);
  }
  srs_.stop();
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  dispatch_cv_.notify_all();
  if (dispatcher_thread_.joinable()) dispatcher_thread_.join();
  std::vector<Loader> loaders;
  {
    std::lock_guard lock(mutex_);
    loaders.swap(loaders_);
  }
  for (auto& l : loaders) l.thread.join();  // their loads end at once: the manager is stopped
  pipeline_->stop();
  spdlog::info("engine: stopped");
}

}  // namespace cuzk::engine
