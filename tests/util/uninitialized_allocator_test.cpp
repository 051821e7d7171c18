// UninitializedVector (util/uninitialized_allocator.hpp): resize leaves the values unwritten but
// usable once written, copies and growth keep them; from 64 MiB on the storage is 2 MiB-aligned
// (marked for transparent huge pages), below it the usual allocation.
#include "util/uninitialized_allocator.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace cuzk {
namespace {

TEST(UninitializedVector, LargeStorageIsHugePageAlignedAndHoldsItsValues) {
  constexpr size_t kCount = (size_t(96) << 20) / sizeof(uint64_t);  // 96 MiB
  UninitializedVector<uint64_t> v;
  v.resize(kCount);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(v.data()) % (size_t(2) << 20), 0u);
  for (size_t i = 0; i < kCount; ++i) v[i] = i * 0x9E3779B97F4A7C15ull;
  const UninitializedVector<uint64_t> copy = v;
  v.resize(kCount + 1000);  // grows: moves to a new huge allocation, values kept
  v[kCount] = 7;
  for (size_t i = 0; i < kCount; i += 4097) {
    ASSERT_EQ(v[i], i * 0x9E3779B97F4A7C15ull) << i;
    ASSERT_EQ(copy[i], v[i]) << i;
  }
  EXPECT_EQ(v[kCount], 7u);
  v.clear();
  v.shrink_to_fit();  // frees the huge allocation with its own deallocation
  EXPECT_EQ(v.capacity(), 0u);
}

TEST(UninitializedVector, SmallStorageIsAnOrdinaryAllocation) {
  UninitializedVector<uint64_t> v(1000);
  for (size_t i = 0; i < v.size(); ++i) v[i] = i;
  v.push_back(1000);
  for (size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], i);
  EXPECT_EQ(v.size(), 1001u);
}

}  // namespace
}  // namespace cuzk
