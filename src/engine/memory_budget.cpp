// The shared memory budget (see memory_budget.hpp).
#include "engine/memory_budget.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

namespace cuzk::engine {

MemoryBudget::Reservation::Reservation(Reservation&& o) noexcept
    : budget_(std::exchange(o.budget_, nullptr)),
      bytes_(std::exchange(o.bytes_, 0)),
      pinned_(std::exchange(o.pinned_, false)) {}

MemoryBudget::Reservation& MemoryBudget::Reservation::operator=(Reservation&& o) noexcept {
  if (this != &o) {
    release();
    budget_ = std::exchange(o.budget_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
    pinned_ = std::exchange(o.pinned_, false);
  }
  return *this;
}

void MemoryBudget::Reservation::release() {
  if (budget_) budget_->give_back(bytes_, pinned_);
  budget_ = nullptr;
  bytes_ = 0;
  pinned_ = false;
}

std::optional<MemoryBudget::Reservation> MemoryBudget::try_reserve(uint64_t bytes) {
  std::lock_guard lock(mutex_);
  if (used_ > limit_ || bytes > limit_ - used_) return std::nullopt;
  used_ += bytes;
  return Reservation(this, bytes, false);
}

MemoryBudget::Reservation MemoryBudget::reserve_regardless(uint64_t bytes) {
  std::lock_guard lock(mutex_);
  used_ += bytes;
  pinned_ += bytes;
  return Reservation(this, bytes, true);
}

uint64_t MemoryBudget::used() const {
  std::lock_guard lock(mutex_);
  return used_;
}

uint64_t MemoryBudget::available() const {
  std::lock_guard lock(mutex_);
  return used_ >= limit_ ? 0 : limit_ - used_;
}

uint64_t MemoryBudget::pinned() const {
  std::lock_guard lock(mutex_);
  return pinned_;
}

std::string MemoryBudget::never_fits(uint64_t bytes) const {
  std::lock_guard lock(mutex_);
  const uint64_t pinned = std::min(pinned_, limit_);
  if (bytes <= limit_ - pinned) return {};
  std::string why = "more than the whole memory budget (" + std::to_string(limit_) + " bytes";
  if (pinned > 0) why += ", " + std::to_string(pinned) + " of them held regardless of the limit";
  return why + ")";
}

uint64_t MemoryBudget::generation() const {
  std::lock_guard lock(mutex_);
  return generation_;
}

bool MemoryBudget::wait_for_release(uint64_t seen_generation, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return released_.wait_for(lock, timeout, [&] { return generation_ != seen_generation; });
}

void MemoryBudget::give_back(uint64_t bytes, bool pinned) {
  {
    std::lock_guard lock(mutex_);
    used_ -= bytes;
    if (pinned) pinned_ -= bytes;
    ++generation_;
  }
  released_.notify_all();
}

std::optional<uint64_t> system_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("MemTotal:", 0) != 0) continue;
    std::istringstream fields(line.substr(9));
    uint64_t kib = 0;
    if (fields >> kib) return kib * 1024;
  }
  return std::nullopt;
}

}  // namespace cuzk::engine
