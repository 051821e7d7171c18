// groth16::Backend: the seam between the engine and the hardware that computes proofs.
//
// A backend proves one or several circuits of the same shape against one parameter set, in two
// steps so that the expensive device part can overlap with the next job's preparation:
//   start(assignments, params, randomness) -> Pending   the bulk work (NTTs, G1 MSMs); it
//                                                        consumes the assignments' a/b/c
//   finish(Pending) -> ProveOutput                       the rest (B in G2, assembly)
// CpuBackend and CudaBackend implement it and give bit-identical proofs for the same r, s: the
// proof is a function of the witness, the parameters and (r, s) only.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ff/fr.hpp"
#include "groth16/device_error.hpp"
#include "groth16/parameters.hpp"
#include "groth16/proof.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::groth16 {

// The blinding values of one proof.
struct Randomness {
  ff::Fr r, s;
};

// Named phase durations of one start/finish, in milliseconds, in the order they ran.
using PhaseTimings = std::vector<std::pair<std::string, double>>;

// Phases named with "wait" (waiting for the device to be free, for a CPU part) are the time the
// call waited; the others' sum is the time the backend (its device) was busy with it.
inline bool is_wait_phase(const std::string& phase) {
  return phase.find("wait") != std::string::npos;
}
inline double busy_ms(const PhaseTimings& timings) {
  double sum = 0;
  for (const auto& [phase, ms] : timings) sum += is_wait_phase(phase) ? 0 : ms;
  return sum;
}
inline double wait_ms(const PhaseTimings& timings) {
  double sum = 0;
  for (const auto& [phase, ms] : timings) sum += is_wait_phase(phase) ? ms : 0;
  return sum;
}

// Phases named "notice:..." take no time: a backend's mark of an event worth an operator's
// attention that happened during the call (a GPU lane keeping less MSM scratch from now on); the
// pipeline logs each as a warning.
inline constexpr std::string_view kNoticePhasePrefix = "notice:";
inline bool is_notice_phase(const std::string& phase) {
  return phase.starts_with(kNoticePhasePrefix);
}

struct ProveOutput {
  std::vector<Proof> proofs;  // one per assignment, in order
  PhaseTimings timings;       // start's and finish's phases
  std::string backend;        // the device that ran it, where a backend spreads over several
};

// Whether an exception from start() / finish() is the device's (worth another try, elsewhere):
// a DeviceError (device_error.hpp), not the caller's mistake or a bug.
inline bool is_device_error(const std::exception& e) {
  return dynamic_cast<const DeviceError*>(&e) != nullptr;
}

// State carried from start() to finish(); backends derive their own.
class Pending {
 public:
  virtual ~Pending() = default;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  // Devices that can each run a start() at the same time (SpreadBackend: one per member); the
  // engine runs that many times its per-device prover workers.
  virtual size_t devices() const { return 1; }
  // Whether start() computes a deferred assignment's a/b/c (ProvingAssignment::assign_deferred)
  // on its device, so that synthesis should leave them deferred; every backend accepts deferred
  // assignments (the others compute them on the CPU first).
  virtual bool evaluates_deferred_abc() const { return false; }
  // The same for start_deadline() of a domain of `domain` points: whether it evaluates deferred
  // a/b/c without giving up what start_deadline is for. CudaBackend: only for a domain its
  // deadline lane does not take anyway (a 32 GiB WindowPoSt partition, 2^27, starts on the main
  // lane, which evaluates them); a WinningPoSt keeps the lane, which takes a/b/c ready.
  virtual bool evaluates_deferred_abc_for_deadline(size_t domain) const {
    (void)domain;
    return false;
  }

  // Throws std::invalid_argument when the assignments do not fit the parameters (the message
  // names the mismatching section) and DeviceError for device failures.
  virtual std::unique_ptr<Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                         const Parameters& params,
                                         std::span<const Randomness> randomness) = 0;
  virtual ProveOutput finish(std::unique_ptr<Pending> pending) = 0;

  // start() for a deadline job's partition (engine: is_deadline), called beside ordinary starts
  // in flight. A backend that can run it without waiting for them overrides this (CudaBackend:
  // its deadline lane, a stream of the highest priority with scratch of its own); the default is
  // start().
  virtual std::unique_ptr<Pending> start_deadline(std::vector<r1cs::ProvingAssignment> assignments,
                                                  const Parameters& params,
                                                  std::span<const Randomness> randomness) {
    return start(std::move(assignments), params, randomness);
  }

  // Parameter residency: a backend that keeps parameter sets on its devices (CudaBackend) holds
  // sections given to it — the engine then frees them from the host ([srs] host_copy = false) —
  // and drops its copy before the engine frees a set. The defaults hold nothing.
  //
  // Section s of params (still on the host) onto every device; true when they all hold it.
  virtual bool preload_section(const Parameters& params, Section s) {
    (void)params, (void)s;
    return false;
  }
  // The same from the section's .params file bytes (params_section_bytes), decoded and checked
  // on the devices, params.count(s) already set (params.released): true when every device holds
  // it; false to decode it on the host instead (then preload_section); an error names the first
  // bad point as the host loader would.
  virtual ParamsResult<bool> preload_raw_section(const Parameters& params, Section s,
                                                 std::span<const uint8_t> bytes) {
    (void)params, (void)s, (void)bytes;
    return false;
  }
  // Before a set's sections are given: nullopt to hold it on the devices (the sections follow),
  // or why it is better left in its file (Parameters::in_file) and streamed to the devices at
  // every proof — holding its `device_bytes` would leave less free device memory than proofs
  // over `domain` points and `variables` variables need beside the sets held already. The
  // default holds everything it is given.
  virtual std::optional<std::string> leaves_in_file(uint64_t device_bytes, size_t domain,
                                                    size_t variables) {
    (void)device_bytes, (void)domain, (void)variables;
    return std::nullopt;
  }
  // Drops every device copy of params (idempotent).
  virtual void evict(const Parameters& params) { (void)params; }

  // Builds ahead of time what proofs over a domain of m points (a power of two) need besides the
  // parameters — CudaBackend: its NTT tables and the domain, ~13 s at 2^27 — so that the first
  // proof after a preload does not pay for it. The default does nothing.
  virtual void prepare_domain(size_t m) { (void)m; }

  // start + finish.
  ProveOutput prove(std::vector<r1cs::ProvingAssignment> assignments, const Parameters& params,
                    std::span<const Randomness> randomness) {
    return finish(start(std::move(assignments), params, randomness));
  }
};

}  // namespace cuzk::groth16
