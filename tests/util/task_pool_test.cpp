// TaskPool: every task runs once, batches are served in submission order (a higher priority
// first), errors reach the caller, and several callers can share one pool.
#include "util/task_pool.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace cuzk {
namespace {

TEST(TaskPool, RunsEveryTaskOnceAndReturnsWhenAllHaveRun) {
  TaskPool pool(4);
  EXPECT_EQ(pool.threads(), 4u);
  std::vector<std::atomic<int>> runs(1000);
  pool.run(runs.size(), [&](size_t i) { runs[i]++; });
  for (size_t i = 0; i < runs.size(); ++i) ASSERT_EQ(runs[i].load(), 1) << i;
  pool.run(0, [](size_t) { FAIL() << "a task of an empty batch ran"; });
}

TEST(TaskPool, WorkersRunAtTheNiceValueAsked) {
  errno = 0;
  const int process = ::getpriority(PRIO_PROCESS, 0);
  ASSERT_EQ(errno, 0);
  for (int nice : {0, 10}) {
    TaskPool pool(2, nice);
    std::vector<int> seen(8);
    pool.run(seen.size(), [&](size_t i) { seen[i] = ::getpriority(PRIO_PROCESS, 0); });
    for (int p : seen) EXPECT_EQ(p, std::max(process, nice)) << "asked " << nice;
  }
  EXPECT_EQ(::getpriority(PRIO_PROCESS, 0), process);  // the caller's thread is left as it was
}

TEST(TaskPool, ZeroThreadsMeansAllCores) {
  TaskPool pool(0);
  EXPECT_EQ(pool.threads(), std::max(1u, std::thread::hardware_concurrency()));
}

// One worker, held by the first task of a batch of three (recorded as 0, 1, 2) until release():
// batches submitted meanwhile queue behind that batch's tasks 1 and 2.
struct HeldPool {
  TaskPool pool{1};
  std::mutex mutex;
  std::condition_variable cv;
  bool started = false, released = false;
  std::vector<int> order;
  std::vector<std::thread> callers;

  HeldPool() {
    callers.emplace_back([this] {
      pool.run(3, [this](size_t i) {
        std::unique_lock lock(mutex);
        if (i == 0) {
          started = true;
          cv.notify_all();
          cv.wait(lock, [this] { return released; });
        }
        order.push_back(int(i));
      });
    });
    std::unique_lock lock(mutex);
    cv.wait(lock, [this] { return started; });
  }
  // A batch of n tasks recorded as base + i, from a caller of its own at `priority`; returns once
  // it is queued.
  void submit(size_t n, int base, int priority) {
    const size_t queued = pool.queued_batches();
    callers.emplace_back([this, n, base, priority] {
      const TaskPool::PriorityScope scope(priority);
      pool.run(n, [this, base](size_t i) {
        std::lock_guard lock(mutex);
        order.push_back(base + int(i));
      });
    });
    while (pool.queued_batches() < queued + 1) std::this_thread::yield();
  }
  // Lets the first task end, waits for every batch; the order the tasks ran in.
  std::vector<int> release() {
    {
      std::lock_guard lock(mutex);
      released = true;
    }
    cv.notify_all();
    for (auto& c : callers) c.join();
    return order;
  }
};

// A batch submitted while another is running starts only after every task of the first has
// started: the order of the tasks is the order of the batches.
TEST(TaskPool, ServesBatchesInSubmissionOrder) {
  HeldPool held;
  held.submit(2, 100, 0);
  EXPECT_EQ(held.release(), (std::vector<int>{0, 1, 2, 100, 101}));
}

// A batch of the same priority queued after the held one waits for all of its tasks; one of a
// higher priority (PriorityScope), queued last, goes ahead of the tasks not yet started.
TEST(TaskPool, AHigherPriorityBatchGoesAheadOfTasksNotStarted) {
  HeldPool held;
  held.submit(2, 100, 0);
  held.submit(2, 200, 4);
  EXPECT_EQ(held.release(), (std::vector<int>{0, 200, 201, 1, 2, 100, 101}));
}

TEST(TaskPool, RethrowsTheFirstErrorAndSkipsTasksNotStarted) {
  TaskPool pool(1);
  std::atomic<int> ran{0};
  EXPECT_THROW(pool.run(10,
                        [&](size_t i) {
                          ran++;
                          if (i == 2) throw std::invalid_argument("task 2");
                        }),
               std::invalid_argument);
  EXPECT_EQ(ran.load(), 3);  // one worker: tasks 0, 1, 2, then the rest skipped
  // The pool is still usable.
  std::atomic<int> after{0};
  pool.run(5, [&](size_t) { after++; });
  EXPECT_EQ(after.load(), 5);
}

TEST(TaskPool, SeveralCallersShareThePool) {
  TaskPool pool(3);
  constexpr int kCallers = 6, kTasks = 200;
  std::vector<std::vector<int>> out(kCallers, std::vector<int>(kTasks, -1));
  std::vector<std::thread> callers;
  for (int c = 0; c < kCallers; ++c) {
    callers.emplace_back(
        [&, c] { pool.run(kTasks, [&](size_t i) { out[c][i] = c * kTasks + int(i); }); });
  }
  for (auto& t : callers) t.join();
  for (int c = 0; c < kCallers; ++c)
    for (int i = 0; i < kTasks; ++i) ASSERT_EQ(out[c][i], c * kTasks + i);
}

}  // namespace
}  // namespace cuzk
