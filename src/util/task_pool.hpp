// TaskPool: long-lived worker threads shared by several callers, each of which submits a batch of
// independent tasks and waits for it. Batches are served in submission order: every task of a
// batch is started before any task of a later batch. With two callers on one pool the older
// batch therefore finishes first, at the speed of the whole pool, where two fork-join loops of
// half the cores each (or the OS sharing all cores fairly between them) would finish both late.
// A batch submitted under a higher priority (PriorityScope, on the submitting thread: the
// pipeline sets its job's) goes ahead of the lower ones' tasks not yet started: a WinningPoSt's
// witness does not wait for a WindowPoSt's 2349 sectors on the pool they share.
//
// Used for the challenges of PoRep partitions' witnesses (engine/porep_job.cpp): a C2's first
// partition gets every core, so the GPU starts on it sooner; later partitions queue behind it.
// Its workers can run at a lower scheduling priority (a nice value), so that work feeding the GPU
// (a partition's upload) is not slowed by the next partitions' synthesis.
// Tasks must not call run() on the pool they run on (a worker would wait for itself).
#pragma once

#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "util/parallel.hpp"

namespace cuzk {

class TaskPool {
 public:
  // `threads` workers (0 = all hardware threads), each at nice value `nice`, or at the value it
  // inherits from the creating thread when that is higher still (Linux: each thread has its own
  // nice value; raising it, i.e. lowering the priority, needs no privilege).
  explicit TaskPool(unsigned threads, int nice = 0) {
    const unsigned n = resolve_threads(threads);
    workers_.reserve(n);
    for (unsigned t = 0; t < n; ++t) {
      workers_.emplace_back([this, nice] {
        errno = 0;
        const int current = ::getpriority(PRIO_PROCESS, 0);  // 0: this thread
        if (errno == 0 && nice > current) (void)::setpriority(PRIO_PROCESS, 0, nice);
        work();
      });
    }
  }
  ~TaskPool() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    work_cv_.notify_all();
    for (auto& w : workers_) w.join();
  }
  TaskPool(const TaskPool&) = delete;
  TaskPool& operator=(const TaskPool&) = delete;

  unsigned threads() const { return unsigned(workers_.size()); }
  // Batches submitted whose tasks have not all started.
  size_t queued_batches() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
  }

  // The priority the batches the current thread submits get (PriorityScope; default 0).
  static int submit_priority() { return submit_priority_; }
  // Sets it for the current thread while it lives.
  class PriorityScope {
   public:
    explicit PriorityScope(int priority) : previous_(submit_priority_) {
      submit_priority_ = priority;
    }
    ~PriorityScope() { submit_priority_ = previous_; }
    PriorityScope(const PriorityScope&) = delete;
    PriorityScope& operator=(const PriorityScope&) = delete;

   private:
    int previous_;
  };

  // Runs fn(i) for every i in [0, n) on the pool's workers, after the tasks of the batches of
  // this thread's priority or higher submitted before this one have started, and returns when
  // all have run. After a task throws, the batch's tasks not yet started are skipped and the
  // first exception is rethrown here.
  void run(size_t n, const std::function<void(size_t)>& fn) {
    if (n == 0) return;
    Batch batch;
    batch.n = n;
    batch.fn = &fn;
    batch.priority = submit_priority_;
    std::unique_lock lock(mutex_);
    const auto lower = std::find_if(queue_.begin(), queue_.end(),
                                    [&](const Batch* b) { return b->priority < batch.priority; });
    queue_.insert(lower, &batch);
    work_cv_.notify_all();
    done_cv_.wait(lock, [&] { return batch.finished == n; });
    if (batch.error) std::rethrow_exception(batch.error);
  }

 private:
  struct Batch {
    size_t n = 0;
    const std::function<void(size_t)>* fn = nullptr;
    size_t started = 0, finished = 0;
    int priority = 0;
    std::exception_ptr error;
  };

  static inline thread_local int submit_priority_ = 0;

  void work() {
    std::unique_lock lock(mutex_);
    for (;;) {
      work_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing left to start
      Batch& batch = *queue_.front();
      const size_t i = batch.started++;
      if (batch.started == batch.n) queue_.pop_front();
      const bool skip = bool(batch.error);
      lock.unlock();
      std::exception_ptr error;
      if (!skip) {
        try {
          (*batch.fn)(i);
        } catch (...) {
          error = std::current_exception();
        }
      }
      lock.lock();
      if (error && !batch.error) batch.error = error;
      if (++batch.finished == batch.n) done_cv_.notify_all();
    }
  }

  mutable std::mutex mutex_;
  std::condition_variable work_cv_, done_cv_;
  std::deque<Batch*> queue_;  // batches with tasks not yet started: highest priority, then oldest
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace cuzk
