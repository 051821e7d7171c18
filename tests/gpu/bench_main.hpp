// The GPU benchmarks' main(): runs the benchmark and turns an exception (a CUDA error, a bad
// option) into one line on stderr and exit status 1.
#pragma once

#include <cstdio>
#include <exception>

namespace cuzk::gpu::bench {

inline int guarded_main(const char* name, int (*run)(int, char**), int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return 1;
  }
}

}  // namespace cuzk::gpu::bench
