// Base fixture of the tests that need a CUDA device: they skip (not fail) where there is none, so
// the suite runs everywhere and CI without a GPU reports them as skipped.
#pragma once

#include <gtest/gtest.h>

#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::testing {

class DeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device (or driver) present";
  }
};

}  // namespace cuzk::gpu::testing
