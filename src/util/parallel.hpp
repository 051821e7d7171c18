// Fork-join parallelism for the math floors: split an index range over T threads.
//
// Deliberately minimal: the math floors (NTT, MSM, setup) run a few large data-parallel loops per
// call, so starting T-1 std::threads per call (tens of microseconds) is noise next to the work.
// Long-lived threads shared by several callers are util/task_pool.hpp. The thread count is
// always an explicit parameter (0 = all hardware threads) so results can be checked identical
// across counts.
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace cuzk {

inline unsigned resolve_threads(unsigned threads) {
  if (threads != 0) return threads;
  unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}

// The threads worth starting for n elements: `threads` (0 = all), but at least min_per_thread
// elements each (below that, starting a thread costs more than it saves), and at least one.
inline unsigned threads_for(size_t n, size_t min_per_thread, unsigned threads) {
  const size_t cap = std::max<size_t>(1, n / min_per_thread);
  return unsigned(std::min<size_t>(resolve_threads(threads), cap));
}

// Runs fn(chunk_index, begin, end) for `chunks` contiguous, nearly equal pieces of [0, n), on up
// to `threads` threads (the caller runs one). The first exception thrown is rethrown here.
template <class Fn>
void parallel_chunks(size_t n, size_t chunks, unsigned threads, Fn&& fn) {
  if (n == 0 || chunks == 0) return;
  chunks = std::min(chunks, n);
  threads = std::min<size_t>(resolve_threads(threads), chunks);
  auto run_chunk = [&](size_t c) {
    size_t begin = n * c / chunks, end = n * (c + 1) / chunks;
    fn(c, begin, end);
  };
  if (threads <= 1) {
    for (size_t c = 0; c < chunks; ++c) run_chunk(c);
    return;
  }
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&](unsigned t) {
    try {
      for (size_t c = t; c < chunks; c += threads) run_chunk(c);
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

// Runs fn(begin, end) over [0, n) split into one chunk per thread.
template <class Fn>
void parallel_for(size_t n, unsigned threads, Fn&& fn) {
  unsigned t = resolve_threads(threads);
  parallel_chunks(n, t, t, [&](size_t, size_t b, size_t e) { fn(b, e); });
}

}  // namespace cuzk
