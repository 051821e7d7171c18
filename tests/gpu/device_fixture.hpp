// Base fixture of the tests that need a CUDA device: they skip (not fail) where there is none, so
// the suite runs everywhere and CI without a GPU reports them as skipped.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::testing {

class DeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device (or driver) present";
  }
};

// The tests that fill the device's memory would fail other GPU tests running at the same time:
// they run when CUZK_GPU_OOM_TEST=1 only.
inline bool memory_tests_opted_in() {
  const char* opt_in = std::getenv("CUZK_GPU_OOM_TEST");
  return opt_in != nullptr && std::string(opt_in) == "1";
}
inline constexpr const char* kMemoryTestsOptIn =
    "set CUZK_GPU_OOM_TEST=1 to run (fills the GPU's memory)";

// A buffer of all the current device's free memory but the least power of two from 1 MiB that
// the allocator leaves (nullopt if none could be taken).
inline std::optional<DeviceBuffer<uint8_t>> hold_free_device_memory() {
  const size_t free_bytes = free_device_bytes();
  std::optional<DeviceBuffer<uint8_t>> hog;
  for (size_t keep = size_t(1) << 20; !hog && keep < free_bytes; keep *= 2) {
    try {
      hog.emplace(free_bytes - keep);
    } catch (const CudaError&) {
      (void)cudaGetLastError();
    }
  }
  return hog;
}

}  // namespace cuzk::gpu::testing
