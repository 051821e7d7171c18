// The job state machine (see job.hpp).
#include "engine/job.hpp"

namespace cuzk::engine {

Job::Job(std::string id_, std::string request_id_, ProofKind kind_, Priority priority_,
         uint64_t seq_, std::shared_ptr<const CircuitJob> circuit, EndHook on_end)
    : id(std::move(id_)),
      request_id(std::move(request_id_)),
      kind(kind_),
      priority(priority_),
      seq(seq_),
      circuit_id(circuit ? circuit->circuit_id() : std::string()),
      partitions(circuit ? circuit->partitions() : 1),
      submitted(Clock::now()),
      on_end_(std::move(on_end)),
      circuit_(std::move(circuit)),
      proofs_(partitions),
      inputs_(partitions) {}

JobState Job::state() const {
  std::lock_guard lock(mutex_);
  return state_;
}

bool Job::start_running(std::shared_ptr<SrsLease> srs, double queue_wait_ms, double srs_load_ms) {
  std::lock_guard lock(mutex_);
  if (state_ != JobState::kQueued) return false;
  state_ = JobState::kRunning;
  srs_ = std::move(srs);
  timings_.queue_wait_ms = queue_wait_ms;
  timings_.srs_load_ms = srs_load_ms;
  return true;
}

bool Job::complete(std::vector<uint8_t> proof) {
  return finish(JobState::kCompleted, std::move(proof), {}).has_value();
}

bool Job::fail(std::string error) {
  return finish(JobState::kFailed, {}, std::move(error)).has_value();
}

std::optional<JobState> Job::cancel() {
  return finish(JobState::kCancelled, {}, "cancelled");
}

std::optional<JobState> Job::finish(JobState state, std::vector<uint8_t> proof, std::string error) {
  std::shared_ptr<const CircuitJob> circuit;
  std::shared_ptr<SrsLease> srs;
  JobState before;
  {
    std::lock_guard lock(mutex_);
    if (is_final(state_)) return std::nullopt;
    before = state_;
    state_ = state;
    proof_ = std::move(proof);
    error_ = std::move(error);
    timings_.total_ms = std::chrono::duration<double, std::milli>(Clock::now() - submitted).count();
    circuit = std::move(circuit_);  // destroyed below, outside the lock
    srs = std::move(srs_);
    proofs_.clear();
    proofs_.shrink_to_fit();
    inputs_.clear();
    inputs_.shrink_to_fit();
    ended_.store(true, std::memory_order_release);
  }
  // Resources go before waiters wake: whoever sees the job ended sees its memory and lease freed
  // (unless a pipeline stage still holds a copy for a moment).
  circuit.reset();
  srs.reset();
  if (on_end_) on_end_(*this, snapshot());
  ended_cv_.notify_all();
  return before;
}

std::optional<JobOutcome> Job::wait(std::optional<std::chrono::milliseconds> timeout) const {
  std::unique_lock lock(mutex_);
  auto done = [&] { return is_final(state_); };
  if (timeout) {
    if (!ended_cv_.wait_for(lock, *timeout, done)) return std::nullopt;
  } else {
    ended_cv_.wait(lock, done);
  }
  return JobOutcome{state_, proof_, error_, timings_};
}

JobOutcome Job::snapshot() const {
  std::lock_guard lock(mutex_);
  return JobOutcome{state_, proof_, error_, timings_};
}

std::shared_ptr<const CircuitJob> Job::circuit() const {
  std::lock_guard lock(mutex_);
  return circuit_;
}

std::shared_ptr<SrsLease> Job::srs() const {
  std::lock_guard lock(mutex_);
  return srs_;
}

bool Job::add_partition_proof(unsigned k, const groth16::Proof& proof, std::vector<ff::Fr> inputs,
                              const PartitionTimes& times) {
  std::lock_guard lock(mutex_);
  if (is_final(state_) || k >= proofs_.size() || proofs_[k]) return false;
  proofs_[k] = proof;
  inputs_[k] = std::move(inputs);
  timings_.synthesis_ms += times.synthesis_ms;
  timings_.prover_wait_ms += times.prover_wait_ms;
  timings_.device_wait_ms += times.device_wait_ms;
  timings_.prove_ms += times.prove_ms;
  return ++proofs_done_ == proofs_.size();
}

std::vector<groth16::Proof> Job::partition_proofs() const {
  std::lock_guard lock(mutex_);
  std::vector<groth16::Proof> out;
  out.reserve(proofs_.size());
  for (const auto& p : proofs_) {
    if (p) out.push_back(*p);
  }
  return out;
}

std::vector<std::vector<ff::Fr>> Job::partition_inputs() const {
  std::lock_guard lock(mutex_);
  return inputs_;
}

}  // namespace cuzk::engine
