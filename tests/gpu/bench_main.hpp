// The GPU benchmarks' main(): runs the benchmark and turns an exception (a CUDA error, a bad
// option) into one line on stderr and exit status 1. And a parser of "--name value" options, and
// the median of timings.
#pragma once

#include <algorithm>
#include <cstdio>
#include <exception>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace cuzk::gpu::bench {

inline int guarded_main(const char* name, int (*run)(int, char**), int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return 1;
  }
}

// "--name value" options: the setter of each name gets its value. False for an unknown name or a
// missing value.
using OptionSetters = std::vector<std::pair<std::string_view, std::function<void(const char*)>>>;
inline bool parse_options(int argc, char** argv, const OptionSetters& setters) {
  for (int i = 1; i < argc; ++i) {
    bool known = false;
    for (const auto& [name, set] : setters) {
      if (argv[i] != name || i + 1 >= argc) continue;
      set(argv[++i]);
      known = true;
      break;
    }
    if (!known) return false;
  }
  return true;
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace cuzk::gpu::bench
