// SpreadBackend: one groth16::Backend made of several (one per GPU), so that the engine — written
// against a single backend — drives every device of a host. Each start() goes to the member with
// the fewest start() calls in progress (ties: the one that has started fewest, then the lowest
// index), so concurrent prover workers fill idle devices first and a batch of partitions spreads
// evenly; finish() goes back to the member that started it. The members' proofs are what they
// would be alone (bit-identical for the same r, s: a proof depends only on witness, parameters
// and randomness), and ProveOutput::backend names the member that produced each batch.
//
// LeastBusy is that routing policy on its own, for callers that drive members directly (the
// multi-GPU benchmark). Both are thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "groth16/backend.hpp"

namespace cuzk::groth16 {

class LeastBusy {
 public:
  // n members (std::invalid_argument if 0).
  explicit LeastBusy(size_t n);

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
  size_t size() const { return active_.size(); }
  // How many slots each member has been given so far.
  std::vector<uint64_t> given() const;

 private:
  mutable std::mutex mutex_;
  std::vector<unsigned> active_;
  std::vector<uint64_t> given_;
};

class SpreadBackend final : public Backend {
 public:
  // At least one member (std::invalid_argument otherwise).
  explicit SpreadBackend(std::vector<std::unique_ptr<Backend>> members);

  std::string name() const override;  // "spread(cuda:0,cuda:1)"
  size_t devices() const override;     // the members' devices, summed
  std::unique_ptr<Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                 const Parameters& params,
                                 std::span<const Randomness> randomness) override;
  ProveOutput finish(std::unique_ptr<Pending> pending) override;

  size_t size() const { return members_.size(); }
  Backend& member(size_t i) { return *members_.at(i); }
  // start() calls each member has taken.
  std::vector<uint64_t> starts() const { return router_.given(); }

 private:
  std::vector<std::unique_ptr<Backend>> members_;
  LeastBusy router_;
};

}  // namespace cuzk::groth16
