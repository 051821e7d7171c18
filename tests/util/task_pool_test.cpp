// TaskPool: every task runs once, batches are served in submission order, errors reach the
// caller, and several callers can share one pool.
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

// With one worker, a batch submitted while another is running starts only after every task of
// the first has started: the order of the tasks is the order of the batches.
TEST(TaskPool, ServesBatchesInSubmissionOrder) {
  TaskPool pool(1);
  std::mutex mutex;
  std::condition_variable cv;
  bool first_started = false, release = false;
  std::vector<int> order;
  std::thread first([&] {
    pool.run(3, [&](size_t i) {
      std::unique_lock lock(mutex);
      if (i == 0) {  // hold the only worker until the second batch is queued
        first_started = true;
        cv.notify_all();
        cv.wait(lock, [&] { return release; });
      }
      order.push_back(int(i));
    });
  });
  {
    std::unique_lock lock(mutex);
    cv.wait(lock, [&] { return first_started; });
  }
  std::thread second([&] {
    pool.run(2, [&](size_t i) {
      std::lock_guard lock(mutex);
      order.push_back(100 + int(i));
    });
  });
  // Once the second batch is queued behind the first's tasks 1 and 2, the worker is released.
  while (pool.queued_batches() < 2) std::this_thread::yield();
  {
    std::lock_guard lock(mutex);
    release = true;
  }
  cv.notify_all();
  first.join();
  second.join();
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 100, 101}));
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
