// The GPU benchmarks' main(): runs the benchmark and turns an exception (a CUDA error, a bad
// option) into one line on stderr and exit status 1. And parsers of "--name value" options and of
// comma-separated lists, the median of timings and the splitmix64 generator of host-made inputs.
// Standard headers only: the sppark harness (bench/sppark) includes it too.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
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

// "20,24,27": the unsigned numbers of a comma-separated list; std::invalid_argument for anything
// else (`what` names the option).
inline std::vector<unsigned> parse_list(const char* text, const char* what) {
  std::vector<unsigned> out;
  for (const char* p = text; *p != '\0';) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(p, &end, 10);
    if (end == p || (*end != ',' && *end != '\0'))
      throw std::invalid_argument(std::string(what) + ": not a list of numbers: " + text);
    out.push_back(unsigned(v));
    p = *end == ',' ? end + 1 : end;
  }
  if (out.empty()) throw std::invalid_argument(std::string(what) + ": an empty list");
  return out;
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// splitmix64: the next value of the generator `state` (device_msm_inputs.cuh hashes one word).
inline uint64_t splitmix64_next(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace cuzk::gpu::bench
