// MemoryBudget: one byte budget shared by everything big the engine holds — loaded parameter sets
// (SRS) and synthesised partitions (witness, a/b/c and the prover's working set).
//
// A consumer asks for its estimated size up front with try_reserve(); it starts only when that
// fits, and gives the bytes back when the returned Reservation is destroyed (RAII, movable). A
// consumer that does not fit waits for a release with wait_for_release() — the generation counter
// makes that race-free: read generation(), try, and if it failed wait until it changes. There is
// no blocking reserve on purpose: the caller decides what to do while waiting (re-check
// priorities, evict idle parameters, notice shutdown).
//
// reserve_regardless() is for memory that exists whatever the budget says (a precompiled
// circuit's matrices, already built when they are counted): it always succeeds, possibly taking
// `used` past the limit, and then everything else waits until enough is released. pinned() is
// the sum of those reservations: a consumer larger than limit() - pinned() can never start.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace cuzk::engine {

class MemoryBudget {
 public:
  class Reservation {
   public:
    Reservation() = default;
    Reservation(Reservation&& o) noexcept;
    Reservation& operator=(Reservation&& o) noexcept;
    Reservation(const Reservation&) = delete;
    Reservation& operator=(const Reservation&) = delete;
    ~Reservation() { release(); }

    uint64_t bytes() const { return bytes_; }
    void release();

   private:
    friend class MemoryBudget;
    Reservation(MemoryBudget* budget, uint64_t bytes, bool pinned)
        : budget_(budget), bytes_(bytes), pinned_(pinned) {}
    MemoryBudget* budget_ = nullptr;
    uint64_t bytes_ = 0;
    bool pinned_ = false;  // from reserve_regardless
  };

  explicit MemoryBudget(uint64_t limit_bytes) : limit_(limit_bytes) {}
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;

  std::optional<Reservation> try_reserve(uint64_t bytes);
  Reservation reserve_regardless(uint64_t bytes);

  uint64_t limit() const { return limit_; }
  uint64_t used() const;
  uint64_t available() const;  // 0 while used exceeds the limit
  uint64_t pinned() const;
  // Why `bytes` can never be reserved — more than the limit, or than the limit less what is
  // pinned ("more than the whole memory budget (...)") — or empty when it can.
  std::string never_fits(uint64_t bytes) const;

  // Incremented by every release.
  uint64_t generation() const;
  // True when a release happened since `seen_generation`; false on timeout.
  bool wait_for_release(uint64_t seen_generation, std::chrono::milliseconds timeout);

 private:
  void give_back(uint64_t bytes, bool pinned);

  const uint64_t limit_;
  mutable std::mutex mutex_;
  std::condition_variable released_;
  uint64_t used_ = 0;
  uint64_t pinned_ = 0;
  uint64_t generation_ = 0;
};

// MemTotal of /proc/meminfo in bytes; nullopt when it cannot be read.
std::optional<uint64_t> system_memory_bytes();

}  // namespace cuzk::engine
