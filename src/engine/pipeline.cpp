// Synthesis workers, prover workers and the finalizer (design in pipeline.hpp).
#include "engine/pipeline.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <bit>
#include <string_view>

#include "engine/timing_event.hpp"
#include "groth16/verifier.hpp"
#include "util/stopwatch.hpp"
#include "util/system_random.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine {
namespace {

constexpr uint64_t kFrBytes = 32;

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

std::string format_phases(const groth16::PhaseTimings& timings) {
  std::string out;
  for (const auto& [phase, ms] : timings) {
    out += (out.empty() ? "" : ", ") + phase + " " + fmt::format("{:.1f}", ms);
  }
  return out;
}

// The pipeline's one order of work, for tasks, synthesised partitions and proofs in flight alike:
// the highest priority first, then the oldest job, then the lowest partition.
bool goes_before(const Job& a, unsigned a_partition, const Job& b, unsigned b_partition) {
  if (a.priority != b.priority) return a.priority > b.priority;
  if (a.seq != b.seq) return a.seq < b.seq;
  return a_partition < b_partition;
}

}  // namespace

bool Pipeline::TaskOrder::operator()(const Task& a, const Task& b) const {
  return goes_before(*a.job, a.partition, *b.job, b.partition);
}

Pipeline::Pipeline(PipelineOptions options, groth16::Backend& backend, MemoryBudget& budget,
                   SrsManager& srs, Metrics& metrics, std::function<void()> room)
    : options_(options),
      backend_(backend),
      budget_(budget),
      srs_(srs),
      metrics_(metrics),
      room_(std::move(room)),
      synthesized_(std::make_unique<Channel<Synthesized>>(options.synthesis_lookahead)),
      prover_workers_(unsigned(std::max<size_t>(1, backend.devices())) *
                      std::max(1u, options.prover_workers_per_device)),
      in_flight_(std::make_unique<Channel<InFlight>>(prover_workers_)) {
  options_.synthesis_workers = std::max(1u, options_.synthesis_workers);
  options_.max_batch_size = std::max(1u, options_.max_batch_size);
  // The lane's workers after the ordinary ones: one for any deadline partition, one for CRITICAL
  // partitions alone (a WinningPoSt must not wait behind a WindowPoSt partition on the lane).
  std::vector<Priority> lane;
  if (options_.deadline_lane) lane = {Priority::kHigh, Priority::kCritical};
  const auto least = [&lane](unsigned i, unsigned ordinary) {
    return i < ordinary ? Priority::kLow : lane[i - ordinary];
  };
  synthesis_threads_count_ = options_.synthesis_workers + unsigned(lane.size());
  prover_threads_count_ = prover_workers_ + unsigned(lane.size());
  for (unsigned i = 0; i < synthesis_threads_count_; ++i) {
    const Priority p = least(i, options_.synthesis_workers);
    synthesis_threads_.emplace_back([this, i, p] { synthesis_worker(i, p); });
  }
  for (unsigned i = 0; i < prover_threads_count_; ++i) {
    const Priority p = least(i, prover_workers_);
    prover_threads_.emplace_back([this, i, p] { prover_worker(i, p); });
  }
  finalizer_thread_ = std::thread([this] { finalizer(); });
}

Pipeline::~Pipeline() {
  stop();
}

void Pipeline::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && synthesis_threads_.empty()) return;
    stopping_ = true;
    tasks_.clear();
  }
  tasks_cv_.notify_all();
  synthesized_->close();
  for (auto& t : synthesis_threads_) t.join();
  synthesis_threads_.clear();
  for (auto& t : prover_threads_) t.join();
  prover_threads_.clear();
  in_flight_->close();
  if (finalizer_thread_.joinable()) finalizer_thread_.join();
}

void Pipeline::admit(const std::shared_ptr<Job>& job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    for (unsigned k = 0; k < job->partitions; ++k) tasks_.insert(Task{job, k});
  }
  tasks_cv_.notify_all();
}

void Pipeline::purge(const std::shared_ptr<Job>& job) {
  size_t dropped_tasks = 0;
  {
    std::lock_guard lock(mutex_);
    dropped_tasks = std::erase_if(tasks_, [&](const Task& t) { return t.job == job; });
  }
  const size_t dropped =
      synthesized_->remove_if([&](const Synthesized& s) { return s.partition.job == job; });
  if (dropped_tasks + dropped > 0) {
    spdlog::info("job {}: dropped {} queued and {} synthesised partition(s)", job->id,
                 dropped_tasks, dropped);
  }
  if (dropped_tasks > 0 && room_) room_();
}

bool Pipeline::has_room() const {
  std::lock_guard lock(mutex_);
  return !stopping_ && tasks_.size() < options_.synthesis_workers;
}

PipelineStatus Pipeline::status() const {
  PipelineStatus s;
  {
    std::lock_guard lock(mutex_);
    s.synthesis_queued = uint32_t(tasks_.size());
    s.synthesizing = synthesizing_;
    s.proving = proving_;
    s.finalizing = finalizing_;
  }
  s.awaiting_prover = uint32_t(synthesized_->size());
  s.synthesis_workers = options_.synthesis_workers;
  s.prover_workers = prover_workers_;
  s.synthesis_lookahead = uint32_t(synthesized_->capacity());
  return s;
}

uint64_t Pipeline::estimate_bytes(const Task& task) const {
  auto srs = task.job->srs();
  if (!srs || !*srs) return 0;
  r1cs::CircuitSizes sizes = (*srs)->bounds;
  if (auto it = observed_sizes_.find(task.job->circuit_id); it != observed_sizes_.end()) {
    sizes = it->second;
  }
  const uint64_t rows = sizes.num_constraints;
  const uint64_t vars = sizes.num_inputs + sizes.num_aux;
  // A partition whose a/b/c the backend's device computes holds no a/b/c on the host.
  auto circuit = task.job->circuit();
  const bool on_device = circuit && circuit->defers_abc() && abc_on_device(*task.job, rows);
  const uint64_t bytes = ((on_device ? 0 : 3 * rows) + 2 * vars) * kFrBytes;
  return bytes + bytes / 8;  // densities, vector slack, the prover's small buffers
}

bool Pipeline::abc_on_device(const Job& job, uint64_t rows) const {
  if (!is_deadline(job.priority)) return backend_.evaluates_deferred_abc();
  return backend_.evaluates_deferred_abc_for_deadline(std::bit_ceil(std::max<uint64_t>(rows, 1)));
}

bool Pipeline::only_leased_sets_hold_memory() const {
  const SrsManager::BudgetUse use = srs_.budget_use();
  return use.idle == 0 && budget_.used() <= budget_.pinned() + use.leased;
}

void Pipeline::synthesis_worker(unsigned index, Priority least) {
  std::unique_lock lock(mutex_);
  // The head task is the highest-priority one (TaskOrder): a deadline task when there is one.
  auto has_work = [&] { return !tasks_.empty() && tasks_.begin()->job->priority >= least; };
  for (;;) {
    tasks_cv_.wait(lock, [&] { return stopping_ || has_work(); });
    if (stopping_) return;
    Task task = *tasks_.begin();
    if (task.job->ended()) {
      tasks_.erase(tasks_.begin());
      continue;
    }
    const uint64_t bytes = estimate_bytes(task);
    const uint64_t generation = budget_.generation();
    auto memory = budget_.try_reserve(bytes);
    if (!memory) {
      std::string why = budget_.never_fits(bytes);
      if (why.empty() && stalled_since_ && Clock::now() - *stalled_since_ >= kStallGrace) {
        why = fmt::format(
            "more than the memory budget leaves beside the parameter sets in use ({:.2f} GiB) and "
            "the memory held regardless of the limit, while no partition holds any memory to "
            "free: raise [memory] total_budget",
            double(srs_.budget_use().leased) / double(uint64_t(1) << 30));
      }
      if (!why.empty()) {
        tasks_.erase(tasks_.begin());
        stalled_since_.reset();
        lock.unlock();
        fail(task.job, fmt::format("partition {} needs ~{} bytes, {}", task.partition, bytes, why));
        lock.lock();
        continue;
      }
      lock.unlock();
      const bool evicted = srs_.evict_idle_for(bytes) > 0;
      const bool stuck = !evicted && only_leased_sets_hold_memory();
      if (!evicted) budget_.wait_for_release(generation, std::chrono::milliseconds(200));
      lock.lock();
      if (!stuck) {
        stalled_since_.reset();
      } else if (!stalled_since_) {
        stalled_since_ = Clock::now();
      }
      continue;
    }
    stalled_since_.reset();
    tasks_.erase(tasks_.begin());
    ++synthesizing_;
    lock.unlock();
    if (room_) room_();
    synthesize(task, std::move(*memory), index);
    lock.lock();
    --synthesizing_;
  }
}

void Pipeline::synthesize(const Task& task, MemoryBudget::Reservation memory, unsigned worker) {
  const auto& job = task.job;
  auto circuit = job->circuit();
  auto srs = job->srs();
  if (!circuit || !srs) return;  // ended meanwhile
  Synthesized item;
  item.partition.job = job;
  item.partition.partition = task.partition;
  item.partition.attempt = task.attempt;
  item.partition.srs = srs;
  item.partition.memory = std::move(memory);
  item.partition.synthesis_worker = worker;
  {
    std::lock_guard lock(mutex_);
    if (auto it = observed_sizes_.find(job->circuit_id); it != observed_sizes_.end()) {
      item.assignment.reserve(it->second);
    }
  }
  item.partition.synthesis_start_ms = timing_clock_ms();
  Stopwatch sw;
  try {
    {
      // The job's witness tasks go ahead of lower-priority jobs' on the pools it shares.
      const TaskPool::PriorityScope priority(int(job->priority));
      circuit->synthesize(task.partition, item.assignment);
    }
    item.assignment.finalize();
    // Deferred a/b/c (precompiled synthesis): here, on all cores, unless the backend's device
    // evaluates them — and always for a retry after a device failure, which may have been the
    // device's room for the circuit's matrices.
    if (task.attempt > 0 || !abc_on_device(*job, item.assignment.num_constraints()))
      item.assignment.materialize();
    item.partition.inputs = circuit->public_inputs(task.partition, item.assignment);
  } catch (const std::exception& e) {
    item.partition.srs.reset();  // nothing of the job is held once it is seen failed
    srs.reset();
    item.partition.memory.release();
    fail(job, fmt::format("partition {}: synthesis failed: {}", task.partition, e.what()));
    return;
  }
  item.partition.synthesis_ms = sw.total_ms();
  item.partition.synthesized_at = Clock::now();
  item.partition.synthesis_end_ms = timing_clock_ms();
  {
    std::lock_guard lock(mutex_);
    observed_sizes_[job->circuit_id] = {item.assignment.num_inputs(), item.assignment.num_aux(),
                                        item.assignment.num_constraints()};
  }
  if (job->ended()) return;
  spdlog::debug("job {} partition {}/{}: synthesised in {:.1f} ms ({} constraints, {} aux)",
                job->id, task.partition, job->partitions, item.partition.synthesis_ms,
                item.assignment.num_constraints(), item.assignment.num_aux());
  // Blocks while the provers are behind, except for a deadline job, which must not wait behind
  // the lookahead: its memory is reserved already, and it is proven next.
  synthesized_->push(std::move(item), is_deadline(job->priority));
}

void Pipeline::prover_worker(unsigned index, Priority least) {
  SystemRandom rng;
  // The highest-priority synthesised partition first: a WinningPoSt waits only for the
  // partitions already being proven, not for the lookahead queued before it.
  auto by_priority = [](const Synthesized& a, const Synthesized& b) {  // pop_best: the greatest
    return goes_before(*b.partition.job, b.partition.partition, *a.partition.job,
                       a.partition.partition);
  };
  auto takes = [least](const Synthesized& s) { return s.partition.job->priority >= least; };
  while (auto first = synthesized_->pop_best_if(takes, by_priority)) {
    if (first->partition.job->ended()) continue;
    // A deadline partition, whichever worker took it, goes to the backend's deadline start and
    // is finished here, not behind the finalizer's queue.
    const bool urgent = is_deadline(first->partition.job->priority);
    std::vector<Synthesized> batch;
    batch.push_back(std::move(*first));
    const LoadedSrs* params = &**batch.front().partition.srs;
    while (batch.size() < options_.max_batch_size) {
      auto more = synthesized_->try_pop_if([&](const Synthesized& s) {
        return &**s.partition.srs == params && !s.partition.job->ended() &&
               is_deadline(s.partition.job->priority) == urgent;
      });
      if (!more) break;
      batch.push_back(std::move(*more));
    }
    InFlight flight;
    std::vector<r1cs::ProvingAssignment> assignments;
    std::vector<groth16::Randomness> randomness;
    for (auto& s : batch) {
      s.partition.wait_ms = ms_since(s.partition.synthesized_at);
      assignments.push_back(std::move(s.assignment));
      randomness.push_back({ff::Fr::random(rng), ff::Fr::random(rng)});
      flight.partitions.push_back(std::move(s.partition));
    }
    batch.clear();
    const auto count = uint32_t(flight.partitions.size());
    {
      std::lock_guard lock(mutex_);
      proving_ += count;
    }
    flight.prover_worker = index;
    flight.start_at_ms = timing_clock_ms();
    Stopwatch sw;
    try {
      flight.pending =
          urgent ? backend_.start_deadline(std::move(assignments), params->params, randomness)
                 : backend_.start(std::move(assignments), params->params, randomness);
    } catch (const std::exception& e) {
      for (auto& p : flight.partitions) {
        retry_or_fail(p, "start", e.what(), groth16::is_device_error(e));
      }
    }
    flight.start_ms = sw.total_ms();
    flight.start_done_at_ms = timing_clock_ms();
    {
      std::lock_guard lock(mutex_);
      proving_ -= count;
      if (flight.pending) finalizing_ += count;
    }
    if (!flight.pending) continue;
    if (urgent) {
      finalize(flight);
    } else {
      in_flight_->push(std::move(flight));
    }
  }
}

void Pipeline::finalizer() {
  auto by_priority = [](const InFlight& a, const InFlight& b) {  // pop_best: the greatest
    const Partition &x = a.partitions.front(), &y = b.partitions.front();
    return goes_before(*y.job, y.partition, *x.job, x.partition);
  };
  while (auto flight = in_flight_->pop_best(by_priority)) finalize(*flight);
}

void Pipeline::finalize(InFlight& flight) {
  const size_t n = flight.partitions.size();
  const double finish_start_ms = timing_clock_ms();
  Stopwatch sw;
  groth16::ProveOutput out;
  std::string error;
  bool device_error = false;
  try {
    out = backend_.finish(std::move(flight.pending));
    if (out.proofs.size() != n) error = "the backend returned the wrong number of proofs";
  } catch (const std::exception& e) {
    error = e.what();
    device_error = groth16::is_device_error(e);
  }
  const double finish_ms = sw.total_ms();
  const double prove_end_ms = timing_clock_ms();
  const double prove_ms = (flight.start_ms + finish_ms) / double(n);
  const std::string on = out.backend.empty() ? backend_.name() : out.backend;
  if (error.empty()) metrics_.batch_proven(on, groth16::busy_ms(out.timings) / 1000);
  for (const auto& [phase, ms] : out.timings) {
    if (!groth16::is_notice_phase(phase)) continue;
    const std::string_view notice =
        std::string_view(phase).substr(groth16::kNoticePhasePrefix.size());
    metrics_.backend_notice(on, notice);
    spdlog::warn("{}: {}, while proving job {} partition {} (docs/daemon.md, Backend notices)", on,
                 notice, flight.partitions.front().job->id, flight.partitions.front().partition);
  }
  for (size_t i = 0; i < n; ++i) {
    auto& p = flight.partitions[i];
    if (!error.empty()) {
      retry_or_fail(p, "finish", error, device_error);
      continue;
    }
    std::shared_ptr<SrsLease> srs = std::move(p.srs);  // released with this iteration
    if (p.job->ended()) continue;
    spdlog::info(
        "job {} partition {}/{} ({}): synthesis {:.1f} ms, wait {:.1f} ms, prove "
        "{:.1f} ms on {} (batch of {}{}) [{}]",
        p.job->id, p.partition, p.job->partitions, p.job->circuit_id, p.synthesis_ms, p.wait_ms,
        prove_ms, on, n, flight.prover_worker >= prover_workers_ ? ", deadline lane" : "",
        format_phases(out.timings));
    log_timing(p, flight, out, on, finish_start_ms, prove_end_ms);
    metrics_.partition_done(p.job->circuit_id, p.job->priority, p.synthesis_ms / 1000,
                            p.wait_ms / 1000, prove_ms / 1000);
    const double device_wait_ms = groth16::wait_ms(out.timings) / double(n);
    const bool last =
        p.job->add_partition_proof(p.partition, out.proofs[i], std::move(p.inputs),
                                   {p.synthesis_ms, p.wait_ms, device_wait_ms, prove_ms});
    p.memory.release();
    if (last) complete(p.job, std::move(srs));
  }
  flight.partitions.clear();  // releases memory and leases before the next item
  std::lock_guard lock(mutex_);
  finalizing_ -= uint32_t(n);
}

void Pipeline::log_timing(const Partition& p, const InFlight& flight,
                          const groth16::ProveOutput& out, const std::string& on,
                          double finish_start_ms, double prove_end_ms) const {
  if (!spdlog::should_log(spdlog::level::info)) return;
  TimingEvent e;
  e.job = p.job->id;
  e.kind = to_string(p.job->kind);
  e.circuit = p.job->circuit_id;
  e.partition = p.partition;
  e.partitions = p.job->partitions;
  e.attempt = p.attempt;
  e.synthesis_worker = p.synthesis_worker;
  e.synthesis_workers = synthesis_threads_count_;
  e.synthesis_start_ms = p.synthesis_start_ms;
  e.synthesis_end_ms = p.synthesis_end_ms;
  e.prover_worker = flight.prover_worker;
  e.prover_workers = prover_threads_count_;
  e.backend = on;
  e.batch = unsigned(flight.partitions.size());
  e.prove_start_ms = flight.start_at_ms;
  e.start_done_ms = flight.start_done_at_ms;
  e.finish_start_ms = finish_start_ms;
  e.prove_end_ms = prove_end_ms;
  e.phases = out.timings;
  spdlog::info("{}{}", kTimingLogPrefix, timing_event_json(e));
}

void Pipeline::complete(const std::shared_ptr<Job>& job, std::shared_ptr<SrsLease> srs) {
  Stopwatch sw;
  const auto circuit = job->circuit();
  if (!circuit) return;  // ended meanwhile
  auto proofs = job->partition_proofs();
  auto inputs = job->partition_inputs();
  bool valid = false;
  try {
    valid = proofs.size() == job->partitions &&
            groth16::verify_proofs_batch((*srs)->pvk, proofs, inputs);
  } catch (const std::exception& e) {
    fail(job, std::string("verification failed: ") + e.what());
    return;
  }
  if (!valid) {
    fail(job, fmt::format("the proof does not verify against the {} verifying key; not returned",
                          job->circuit_id));
    return;
  }
  const double verify_ms = sw.lap_ms();
  const std::string_view step = circuit->output_step();
  std::vector<uint8_t> bytes;
  try {
    bytes = circuit->output(proofs, (*srs)->params.vk, (*srs)->test_parameters);
  } catch (const std::exception& e) {
    fail(job, fmt::format("{} failed: {}", step.empty() ? "output" : step, e.what()));
    return;
  }
  const std::string output_time =
      step.empty() ? "" : fmt::format(", {} {:.0f} ms", step, sw.lap_ms());
  srs.reset();  // the job's own lease goes when it completes
  const size_t size = bytes.size();
  if (job->complete(std::move(bytes))) {
    const auto t = job->snapshot().timings;
    spdlog::info(
        "job {}: completed and verified ({} partitions, {} bytes): queue {:.0f} ms, srs "
        "{:.0f} ms, synthesis {:.0f} ms, prove {:.0f} ms, verify {:.1f} ms{}, total "
        "{:.0f} ms (waited for a prover {:.0f} ms, for the device {:.0f} ms)",
        job->id, job->partitions, size, t.queue_wait_ms, t.srs_load_ms, t.synthesis_ms, t.prove_ms,
        verify_ms, output_time, t.total_ms, t.prover_wait_ms, t.device_wait_ms);
  }
}

void Pipeline::retry_or_fail(Partition& p, const char* stage, const std::string& error,
                             bool device_error) {
  p.srs.reset();
  p.memory.release();
  if (p.job->ended()) return;
  if (!device_error || p.attempt >= options_.prover_retries) {
    fail(p.job, fmt::format("partition {}: prover {} failed: {}", p.partition, stage, error));
    return;
  }
  spdlog::warn("job {} partition {}: prover {} failed ({}); synthesising it again (retry {} of {})",
               p.job->id, p.partition, stage, error, p.attempt + 1, options_.prover_retries);
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    tasks_.insert(Task{p.job, p.partition, p.attempt + 1});
  }
  tasks_cv_.notify_all();
}

void Pipeline::fail(const std::shared_ptr<Job>& job, const std::string& error) {
  if (!job->fail(error)) return;
  spdlog::error("job {}: failed: {}", job->id, error);
  purge(job);
}

}  // namespace cuzk::engine
