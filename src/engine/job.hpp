// Job: one submitted proof inside the engine — its identity, its state machine and timings, and
// the working state the pipeline fills in (partition proofs).
//
// States: queued -> running -> completed | failed | cancelled (queued may go straight to failed
// or cancelled). The first transition to a final state wins; later ones are ignored, so a cancel
// racing with completion is harmless. Ending a job drops its CircuitJob (the parsed vanilla proof)
// and its SRS lease; pipeline work items hold their own shared_ptr copies, so a partition being
// synthesised or proven when the job ends finishes safely and is then discarded.
// Waiters (AwaitProof) block on the job's condition variable; the end hook (the engine's
// accounting) runs before they wake.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/circuit_job.hpp"
#include "engine/srs_manager.hpp"
#include "engine/types.hpp"
#include "groth16/proof.hpp"

namespace cuzk::engine {

struct JobTimings {
  double queue_wait_ms = 0;  // submitted -> admitted to the pipeline
  double srs_load_ms = 0;    // waiting for the parameters
  double synthesis_ms = 0;   // summed over partitions
  double prove_ms = 0;       // backend start + finish, summed over partitions
  double total_ms = 0;       // submitted -> ended
  // Summed over partitions: synthesised -> taken by a prover worker; and, within prove_ms, the
  // backend's phases that waited (for the device to be free: "wait_device", ...).
  double prover_wait_ms = 0, device_wait_ms = 0;
};

// One partition's share of JobTimings.
struct PartitionTimes {
  double synthesis_ms = 0, prover_wait_ms = 0, device_wait_ms = 0, prove_ms = 0;
};

struct JobOutcome {
  JobState state = JobState::kQueued;
  std::vector<uint8_t> proof;  // completed: 192 bytes per partition
  std::string error;           // failed: why
  JobTimings timings;
};

class Job {
 public:
  using Clock = std::chrono::steady_clock;

  // Called once, by whichever thread ends the job, after the state changed and before waiters
  // wake (so counters are up to date for anyone who saw the job end).
  using EndHook = std::function<void(const Job&, const JobOutcome&)>;

  Job(std::string id, std::string request_id, ProofKind kind, Priority priority, uint64_t seq,
      std::shared_ptr<const CircuitJob> circuit, EndHook on_end = {});

  const std::string id;
  const std::string request_id;
  const ProofKind kind;
  const Priority priority;
  const uint64_t seq;  // submission order (FIFO within a priority)
  const std::string circuit_id;
  const unsigned partitions;
  const Clock::time_point submitted;

  JobState state() const;
  bool ended() const { return ended_.load(std::memory_order_acquire); }

  // Transitions; each returns false (and does nothing) when the job has already ended.
  bool start_running(std::shared_ptr<SrsLease> srs, double queue_wait_ms, double srs_load_ms);
  bool complete(std::vector<uint8_t> proof);
  bool fail(std::string error);
  // Returns the state the job was in (queued / running), or nullopt when it had already ended.
  std::optional<JobState> cancel();

  // The outcome once ended within `timeout` (nullopt: still queued or running). A zero timeout
  // polls; nullopt timeout waits forever.
  std::optional<JobOutcome> wait(std::optional<std::chrono::milliseconds> timeout) const;
  JobOutcome snapshot() const;

  // What pipeline work items copy; null once the job has ended.
  std::shared_ptr<const CircuitJob> circuit() const;
  std::shared_ptr<SrsLease> srs() const;

  // Records partition k's proof and the public inputs it must verify against; returns true when
  // it was the last one missing.
  bool add_partition_proof(unsigned k, const groth16::Proof& proof, std::vector<ff::Fr> inputs,
                           const PartitionTimes& times);
  // All partition proofs and their inputs, in partition order (once add_partition_proof returned
  // true).
  std::vector<groth16::Proof> partition_proofs() const;
  std::vector<std::vector<ff::Fr>> partition_inputs() const;

 private:
  // The state before, or nullopt when the job had already ended.
  std::optional<JobState> finish(JobState state, std::vector<uint8_t> proof, std::string error);

  const EndHook on_end_;
  mutable std::mutex mutex_;
  mutable std::condition_variable ended_cv_;
  std::atomic<bool> ended_{false};
  JobState state_ = JobState::kQueued;
  std::vector<uint8_t> proof_;
  std::string error_;
  JobTimings timings_;
  std::shared_ptr<const CircuitJob> circuit_;
  std::shared_ptr<SrsLease> srs_;
  std::vector<std::optional<groth16::Proof>> proofs_;
  std::vector<std::vector<ff::Fr>> inputs_;
  unsigned proofs_done_ = 0;
};

}  // namespace cuzk::engine
