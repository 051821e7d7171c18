// Histogram: a Prometheus-style cumulative histogram (fixed upper bounds, sum, count), thread-safe.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

namespace cuzk::engine {

class Histogram {
 public:
  // `bounds`: increasing upper bounds; an implicit +Inf bucket follows.
  explicit Histogram(std::vector<double> bounds)
      : bounds_(std::move(bounds)), counts_(bounds_.size() + 1, 0) {}

  void observe(double value) {
    std::lock_guard lock(mutex_);
    size_t i = 0;
    while (i < bounds_.size() && value > bounds_[i]) ++i;
    ++counts_[i];
    sum_ += value;
    ++count_;
  }

  struct Snapshot {
    std::vector<double> bounds;
    std::vector<uint64_t> cumulative;  // bounds.size() + 1 entries, the last is +Inf (= count)
    double sum = 0;
    uint64_t count = 0;
  };
  Snapshot snapshot() const {
    std::lock_guard lock(mutex_);
    Snapshot s{bounds_, {}, sum_, count_};
    uint64_t running = 0;
    for (uint64_t c : counts_) s.cumulative.push_back(running += c);
    return s;
  }

 private:
  const std::vector<double> bounds_;
  mutable std::mutex mutex_;
  std::vector<uint64_t> counts_;
  double sum_ = 0;
  uint64_t count_ = 0;
};

}  // namespace cuzk::engine
