// The device's choice of precompiled circuits to free for another's matrices
// (gpu/backend/circuit_eviction.hpp): least recently used first, only as many as make room,
// none when they fit, nothing at all when even every one would not make room.
#include <gtest/gtest.h>

#include <string>

#include "gpu/backend/circuit_eviction.hpp"

namespace cuzk::gpu {
namespace {

using Resident = std::vector<ResidentCircuit<std::string>>;

TEST(CircuitEviction, NothingWhenTheMatricesFit) {
  const auto evict = circuits_to_evict<std::string>({{"porep", 8, 1}}, 10, 10);
  ASSERT_TRUE(evict.has_value());
  EXPECT_TRUE(evict->empty());
}

TEST(CircuitEviction, TheLeastRecentlyUsedFirstAndNoMoreThanNeeded) {
  const Resident resident = {{"wpost", 12, 7}, {"porep", 8, 3}, {"snap", 6, 5}};
  EXPECT_EQ(*circuits_to_evict(resident, 10, 4), (std::vector<std::string>{"porep"}));
  EXPECT_EQ(*circuits_to_evict(resident, 14, 4), (std::vector<std::string>{"porep", "snap"}));
  EXPECT_EQ(*circuits_to_evict(resident, 30, 4),
            (std::vector<std::string>{"porep", "snap", "wpost"}));
}

TEST(CircuitEviction, NoneWhenEvenAllWouldNotMakeRoom) {
  EXPECT_FALSE(circuits_to_evict<std::string>({{"porep", 8, 1}, {"snap", 6, 2}}, 20, 5));
  EXPECT_FALSE(circuits_to_evict<std::string>({}, 20, 5));
}

}  // namespace
}  // namespace cuzk::gpu
