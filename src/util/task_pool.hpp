// TaskPool: long-lived worker threads shared by several callers, each of which submits a batch of
// independent tasks and waits for it. Batches are served in submission order: every task of a
// batch is started before any task of a later batch. With two callers on one pool the older
// batch therefore finishes first, at the speed of the whole pool, where two fork-join loops of
// half the cores each (or the OS sharing all cores fairly between them) would finish both late.
//
// Used for the challenges of PoRep partitions' witnesses (engine/porep_job.cpp): a C2's first
// partition gets every core, so the GPU starts on it sooner; later partitions queue behind it.
// Its workers can run at a lower scheduling priority (a nice value), so that work feeding the GPU
// (a partition's upload) is not slowed by the next partitions' synthesis.
// Tasks must not call run() on the pool they run on (a worker would wait for itself).
#pragma once

#include <sys/resource.h>

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

  // Runs fn(i) for every i in [0, n) on the pool's workers, after the tasks of the batches
  // submitted before this one have started, and returns when all have run. After a task throws,
  // the batch's tasks not yet started are skipped and the first exception is rethrown here.
  void run(size_t n, const std::function<void(size_t)>& fn) {
    if (n == 0) return;
    Batch batch;
    batch.n = n;
    batch.fn = &fn;
    std::unique_lock lock(mutex_);
    queue_.push_back(&batch);
    work_cv_.notify_all();
    done_cv_.wait(lock, [&] { return batch.finished == n; });
    if (batch.error) std::rethrow_exception(batch.error);
  }

 private:
  struct Batch {
    size_t n = 0;
    const std::function<void(size_t)>* fn = nullptr;
    size_t started = 0, finished = 0;
    std::exception_ptr error;
  };

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
  std::deque<Batch*> queue_;  // batches with tasks not yet started, oldest first
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace cuzk
