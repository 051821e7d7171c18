// Stopwatch: wall-clock phase timing in milliseconds (steady clock). Timings are part of the
// product: every stage reports how long it took.
#pragma once

#include <chrono>

namespace cuzk {

class Stopwatch {
 public:
  Stopwatch() : start_(Clock::now()), lap_(start_) {}

  // Milliseconds since the last lap (or construction), and starts a new lap.
  double lap_ms() {
    auto now = Clock::now();
    double ms = std::chrono::duration<double, std::milli>(now - lap_).count();
    lap_ = now;
    return ms;
  }
  // Milliseconds since construction.
  double total_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
  }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_, lap_;
};

}  // namespace cuzk
