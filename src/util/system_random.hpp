// SystemRandom: a UniformRandomBitGenerator over the kernel's CSPRNG (getrandom(2)): the only
// source of the randomness that protects a proof — its blinding values r, s and the batch
// verifier's weights — and of the daemon's job ids. Seeded generators are for tests and test
// data only. Buffered: one syscall per 64 words; not thread-safe (one per thread or per call).
#pragma once

#include <sys/random.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace cuzk {

class SystemRandom {
 public:
  using result_type = uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  result_type operator()() {
    if (next_ == buffer_.size()) refill();
    return buffer_[next_++];
  }

 private:
  void refill() {
    auto* p = reinterpret_cast<uint8_t*>(buffer_.data());
    size_t want = sizeof(buffer_), got = 0;
    while (got < want) {
      ssize_t n = ::getrandom(p + got, want - got, 0);
      if (n < 0) {
        if (errno == EINTR) continue;
        throw std::runtime_error("getrandom failed");
      }
      got += size_t(n);
    }
    next_ = 0;
  }

  std::array<uint64_t, 64> buffer_{};
  size_t next_ = buffer_.size();
};

}  // namespace cuzk
