// The device's choice between holding a parameter set and leaving it in its file
// (set_placement.hpp), on the figures measured on one H200 (139.8 GiB): the 32 GiB PoRep set
// (47.6 GiB) then the 32 GiB WindowPoSt set (60.6 GiB) — the second failed its proof for device
// memory when both were held.
#include <gtest/gtest.h>

#include "gpu/backend/set_placement.hpp"

namespace cuzk::gpu {
namespace {

constexpr size_t kGiB = size_t(1) << 30;
constexpr size_t kDevice = size_t(139.8 * double(kGiB));
constexpr size_t kPorep = size_t(47.55 * double(kGiB)), kWindow = size_t(60.64 * double(kGiB)),
                 kSnap = size_t(34.60 * double(kGiB));
constexpr size_t kDomain = size_t(1) << 27;
constexpr size_t kPorepVariables = 130'278'869, kWindowVariables = 126'934'338;
constexpr size_t kContext = kGiB;  // what the driver and the tables take before any set

SetPlacement placing(size_t set, size_t free, size_t variables) {
  return {.set_bytes = set, .free_bytes = free, .domain = kDomain, .variables = variables};
}

TEST(SetPlacement, OneThirtyTwoGiBSetAloneIsHeld) {
  EXPECT_FALSE(reason_to_leave_in_file(placing(kPorep, kDevice - kContext, kPorepVariables)));
  EXPECT_FALSE(reason_to_leave_in_file(placing(kWindow, kDevice - kContext, kWindowVariables)));
}

TEST(SetPlacement, WindowPostBesidePorepStaysInItsFile) {
  const auto why =
      reason_to_leave_in_file(placing(kWindow, kDevice - kContext - kPorep, kWindowVariables));
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("holding its 60.6 GiB would leave"), std::string::npos) << *why;
  EXPECT_NE(why->find("134217728 points"), std::string::npos) << *why;
}

// Measured through the daemon on an H100 80GB: 78.6 GiB free when the 44.1 GiB PoRep set was
// placed. It stays in its file (streamed at every proof) rather than leave one input slot's room.
TEST(SetPlacement, ThePorepSetOnAnEightyGigabyteCardStaysInItsFile) {
  const size_t free = size_t(78.6 * double(kGiB)), set = size_t(44.1 * double(kGiB));
  const auto why = reason_to_leave_in_file(placing(set, free, kPorepVariables));
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("would leave 34.5 GiB"), std::string::npos) << *why;
  EXPECT_LE(set + proof_workspace_estimate(kDomain, kPorepVariables, 1), free)
      << "one slot's estimate would have held it (the matrices then had no room)";
}

TEST(SetPlacement, SnapDealsBesidePorepIsHeld) {
  EXPECT_FALSE(
      reason_to_leave_in_file(placing(kSnap, kDevice - kContext - kPorep, kWindowVariables)));
}

TEST(SetPlacement, WorkspaceAllocatedAlreadyCountsAsRoom) {
  const size_t work = proof_workspace_estimate(kDomain, kWindowVariables, 2);
  SetPlacement p = placing(kSnap, kSnap + work / 2, kWindowVariables);
  EXPECT_TRUE(reason_to_leave_in_file(p));
  p.workspace_held = work / 2;
  EXPECT_FALSE(reason_to_leave_in_file(p)) << "half the workspace exists: half must still fit";
  p.workspace_held = 2 * work;
  p.free_bytes = kSnap;
  EXPECT_FALSE(reason_to_leave_in_file(p)) << "all of it exists: the set alone must fit";
  p.free_bytes = kSnap - 1;
  EXPECT_TRUE(reason_to_leave_in_file(p));
}

TEST(SetPlacement, TheEstimateGrowsWithTheSlotsAndTheDomain) {
  const size_t one = proof_workspace_estimate(kDomain, kPorepVariables, 1),
               two = proof_workspace_estimate(kDomain, kPorepVariables, 2);
  EXPECT_EQ(two - one, 32 * (3 * kDomain + kPorepVariables));
  EXPECT_LT(proof_workspace_estimate(kDomain / 2, kPorepVariables / 2, 2), two);
  EXPECT_GT(two, 40 * kGiB) << "a 2^27 proof's measured workspace is ~40-55 GiB";
}

}  // namespace
}  // namespace cuzk::gpu
