// SpreadBackend: one groth16::Backend made of several (one per GPU), so that the engine — written
// against a single backend — drives every device of a host. Each start() goes to the member with
// the fewest start() calls in progress (ties: the one that has started fewest, then the lowest
// index), so concurrent prover workers fill idle devices first and a batch of partitions spreads
// evenly; finish() goes back to the member that started it. The members' proofs are what they
// would be alone (bit-identical for the same r, s: a proof depends only on witness, parameters
// and randomness), and ProveOutput::backend names the member that produced each batch.
//
// Failures: a member whose start() or finish() threw a DeviceError (device_error.hpp; anything
// else is the caller's mistake or a bug and says nothing of the device) max_failures times in a
// row is unhealthy:
// it is given no work while another member is healthy, until `cooldown` after its last failure
// (then it may prove again; a success makes it healthy). Fallback members (the CPU backend behind
// the GPUs) are given work only while no primary member is healthy. With every member unhealthy,
// all are tried.
//
// LeastBusy is that routing policy on its own, for callers that drive members directly (the
// multi-GPU benchmark). Both are thread-safe. They live beside CpuBackend, not in the engine,
// because they need nothing but the Backend interface: the GPU tests and benchmarks, built on a
// host without the engine's libraries, use them too.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "groth16/backend.hpp"

namespace cuzk::groth16 {

struct HealthPolicy {
  unsigned max_failures = 2;  // consecutive failures that make a member unhealthy
  std::chrono::milliseconds cooldown{std::chrono::seconds(60)};
};

class LeastBusy {
 public:
  // n members (std::invalid_argument if 0), the first `primary` of them preferred (the rest are
  // fallbacks; primary 0 or >= n: all are primary).
  explicit LeastBusy(size_t n, size_t primary = std::numeric_limits<size_t>::max(),
                     HealthPolicy health = {});

  // A member held for one start(): released by the Slot's destructor.
  class Slot {
   public:
    Slot(Slot&& o) noexcept : owner_(o.owner_), index_(o.index_) { o.owner_ = nullptr; }
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    Slot& operator=(Slot&&) = delete;
    ~Slot();
    size_t index() const { return index_; }

   private:
    friend class LeastBusy;
    Slot(LeastBusy* owner, size_t index) : owner_(owner), index_(index) {}
    LeastBusy* owner_;
    size_t index_;
  };

  Slot acquire();
  // The outcome of member i's work: a failure counts towards unhealthy, a success resets.
  void report(size_t index, bool ok);
  bool healthy(size_t index) const;
  size_t size() const { return active_.size(); }
  // How many slots each member has been given so far.
  std::vector<uint64_t> given() const;

 private:
  using Clock = std::chrono::steady_clock;
  bool healthy_locked(size_t index, Clock::time_point now) const;

  const size_t primary_;
  const HealthPolicy health_;
  mutable std::mutex mutex_;
  std::vector<unsigned> active_;
  std::vector<uint64_t> given_;
  std::vector<unsigned> failures_;  // consecutive
  std::vector<Clock::time_point> last_failure_;
};

class SpreadBackend final : public Backend {
 public:
  // At least one member (std::invalid_argument otherwise); fallbacks are used only while no
  // member is healthy.
  explicit SpreadBackend(std::vector<std::unique_ptr<Backend>> members,
                         std::vector<std::unique_ptr<Backend>> fallbacks = {},
                         HealthPolicy health = {});

  std::string name() const override;  // "spread(cuda:0,cuda:1)", "spread(cuda:0; fallback cpu)"
  size_t devices() const override;    // the members' devices, summed (not the fallbacks')
  bool evaluates_deferred_abc() const override;                            // every member does
  bool evaluates_deferred_abc_for_deadline(size_t domain) const override;  // every member does
  void prepare_domain(size_t m) override;  // on every member and fallback
  // Residency on every member and fallback: held only when all of them hold it (a CPU fallback
  // holds nothing, so the host keeps the set).
  bool preload_section(const Parameters& params, Section s) override;
  ParamsResult<bool> preload_raw_section(const Parameters& params, Section s,
                                         std::span<const uint8_t> bytes) override;
  // Left in its file when any member would leave it there (that member's reason).
  std::optional<std::string> leaves_in_file(uint64_t device_bytes, size_t domain,
                                            size_t variables) override;
  void evict(const Parameters& params) override;
  std::unique_ptr<Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                 const Parameters& params,
                                 std::span<const Randomness> randomness) override;
  ProveOutput finish(std::unique_ptr<Pending> pending) override;
  // To the least busy member, as start(), through its start_deadline.
  std::unique_ptr<Pending> start_deadline(std::vector<r1cs::ProvingAssignment> assignments,
                                          const Parameters& params,
                                          std::span<const Randomness> randomness) override;

  size_t size() const { return members_.size(); }
  Backend& member(size_t i) { return *members_.at(i); }
  // start() calls each member has taken (members, then fallbacks).
  std::vector<uint64_t> starts() const { return router_.given(); }
  bool healthy(size_t i) const { return router_.healthy(i); }

 private:
  using StartFn = std::unique_ptr<Pending> (Backend::*)(std::vector<r1cs::ProvingAssignment>,
                                                        const Parameters&,
                                                        std::span<const Randomness>);
  std::unique_ptr<Pending> start_on_member(std::vector<r1cs::ProvingAssignment> assignments,
                                           const Parameters& params,
                                           std::span<const Randomness> randomness,
                                           StartFn start_fn);

  size_t primary_;                                 // members before the fallbacks
  std::vector<std::unique_ptr<Backend>> members_;  // the primary members, then the fallbacks
  LeastBusy router_;
};

}  // namespace cuzk::groth16
