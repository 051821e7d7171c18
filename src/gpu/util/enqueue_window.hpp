// How the main lane's host thread paces what it enqueues, so that a deadline lane's kernels on
// the same device are not stuck behind it (prove_lane.hpp has the two lanes).
//
// EnqueueWindow: how far the host may enqueue ahead of the GPU on one stream, in units (an MSM's
// sort groups, an NTT's passes). With `ahead` = k > 0, the host waits for unit i - k to finish
// before it enqueues unit i, so at most k units are queued; 0 enqueues everything at once. Why:
// a kernel of a higher-priority stream whose blocks need more registers or shared memory than one
// finished block of the running kernel frees does not start while that kernel, and the next ones
// queued behind it, keep the SMs full (gpu_deadline_bench: a 2^19 MSM's 7 ms became 651 ms beside
// back-to-back 2^27 MSMs; 24 ms with at most two sort groups queued, which cost the 2^27 MSM
// nothing measurable).
//
// PriorityGate: the deadline lane holds it (enter / leave) around its proof. A window that has a
// gate first lets what it queued finish and then waits while the gate is held, so that a deadline
// proof has the device to itself after at most the units already queued.
//
// The events block the waiting thread (cudaEventBlockingSync) instead of spinning a core that
// synthesis needs.
#pragma once

#include <cuda_runtime.h>

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <vector>

#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {

class PriorityGate {
 public:
  void enter() {
    std::lock_guard lock(mutex_);
    ++holders_;
  }
  void leave() {
    {
      std::lock_guard lock(mutex_);
      --holders_;
    }
    idle_.notify_all();
  }
  bool held() const {
    std::lock_guard lock(mutex_);
    return holders_ > 0;
  }
  void wait_until_free() const {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return holders_ == 0; });
  }

  // enter() for a scope.
  class Hold {
   public:
    explicit Hold(PriorityGate* gate) : gate_(gate) {
      if (gate_ != nullptr) gate_->enter();
    }
    ~Hold() {
      if (gate_ != nullptr) gate_->leave();
    }
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

   private:
    PriorityGate* gate_;
  };

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable idle_;
  int holders_ = 0;
};

class EnqueueWindow {
 public:
  // yield_to: null, or the gate this window waits for (see above).
  explicit EnqueueWindow(unsigned ahead, const PriorityGate* yield_to = nullptr) : gate_(yield_to) {
    const unsigned events = ahead > 0 ? ahead : (yield_to != nullptr ? 1 : 0);
    events_.reserve(events);
    for (unsigned i = 0; i < events; ++i) {
      events_.emplace_back(cudaEventDisableTiming | cudaEventBlockingSync);
    }
    ahead_ = ahead;
  }
  // Before enqueueing the next unit.
  void wait_turn() const {
    if (gate_ != nullptr && gate_->held()) {
      if (marked_ > 0) events_[(marked_ - 1) % events_.size()].synchronize();  // all queued so far
      gate_->wait_until_free();
      return;
    }
    if (ahead_ > 0 && marked_ >= ahead_) events_[marked_ % events_.size()].synchronize();
  }
  // After enqueueing a unit's work on `stream`.
  void mark(cudaStream_t stream) {
    if (events_.empty()) return;
    events_[marked_ % events_.size()].record(stream);
    ++marked_;
  }

 private:
  const PriorityGate* gate_;
  unsigned ahead_ = 0;
  std::vector<Event> events_;
  size_t marked_ = 0;
};

}  // namespace cuzk::gpu
