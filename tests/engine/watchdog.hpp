// A per-test watchdog for tests that could deadlock (fault and cancellation tests): armed when
// constructed, disarmed when destroyed; if the test is still running after `limit` it prints the
// test's name and aborts the process, so that a deadlock fails the test run instead of hanging it.
// Use it as a member of the test fixture.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace cuzk::engine::testing {

class Watchdog {
 public:
  explicit Watchdog(std::chrono::seconds limit = std::chrono::seconds(120)) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = info ? std::string(info->test_suite_name()) + "." + info->name() : "?";
    thread_ = std::thread([this, limit, name = std::move(name)] {
      std::unique_lock lock(mutex_);
      if (!cv_.wait_for(lock, limit, [&] { return disarmed_; })) {
        std::fprintf(stderr, "watchdog: %s still running after %lld s (deadlock?), aborting\n",
                     name.c_str(), static_cast<long long>(limit.count()));
        std::fflush(stderr);
        std::abort();
      }
    });
  }
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      disarmed_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool disarmed_ = false;
  std::thread thread_;
};

}  // namespace cuzk::engine::testing
