// first_error_of: independent checks of items 0..n-1 (the sectors of a PoSt partition, say) on
// several threads, answering exactly what checking them one after the other would: the error of
// the lowest item that failed, or success. Every item is checked (errors are the rare case).
#pragma once

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
  parallel_for(n, threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
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
