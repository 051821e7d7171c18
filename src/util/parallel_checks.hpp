// first_error_of: independent checks of items 0..n-1 (the sectors of a PoSt partition, say) on
// several threads, answering exactly what checking them one after the other would: the error of
// the lowest item that failed, or success. Every item is checked (errors are the rare case).
// Threads take the next unchecked item as they finish one, so a thread slowed by other work on
// the machine (a shared daemon host) holds back one item, not a fixed share of them.
#pragma once

#include <atomic>
#include <cstddef>
#include <optional>
#include <type_traits>
#include <vector>

#include "util/parallel.hpp"

namespace cuzk {

// check(i) returns a Result<bool, Code>; threads 0 = all cores.
template <class Check>
std::invoke_result_t<Check&, size_t> first_error_of(size_t n, unsigned threads, Check&& check) {
  using R = std::invoke_result_t<Check&, size_t>;
  std::vector<std::optional<R>> failed(n);
  std::atomic<size_t> next{0};
  const unsigned t = threads_for(n, 1, threads);
  parallel_chunks(t, t, t, [&](size_t, size_t, size_t) {
    for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
      R r = check(i);
      if (!r) failed[i].emplace(std::move(r));
    }
  });
  for (auto& f : failed) {
    if (f) return std::move(*f);
  }
  return R(true);
}

}  // namespace cuzk
