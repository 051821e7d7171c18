// The device's choice between holding a parameter set and leaving it in its file
// (set_placement.hpp), on the figures measured on one H200 (139.8 GiB): the 32 GiB PoRep set
// (47.6 GiB) then the 32 GiB WindowPoSt set (60.6 GiB) — the second failed its proof for device
// memory when both were held —, and on an H100 (78.6 GiB free when the daemon placed the PoRep
// set's 44.1 GiB: held with the least workspace, 12.9-13.1 s a C2; streamed before, 28.6 s).
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

constexpr size_t kH100Free = size_t(78.6 * double(kGiB)), kH100Porep = size_t(44.1 * double(kGiB)),
                 kWinning = size_t(0.19 * double(kGiB));

SetPlacement placing(size_t set, size_t free, size_t variables, bool beside = false) {
  return {.set_bytes = set,
          .free_bytes = free,
          .domain = kDomain,
          .variables = variables,
          .holds_a_set = beside};
}

TEST(SetPlacement, OneThirtyTwoGiBSetAloneIsHeld) {
  EXPECT_FALSE(reason_to_leave_in_file(placing(kPorep, kDevice - kContext, kPorepVariables)));
  EXPECT_FALSE(reason_to_leave_in_file(placing(kWindow, kDevice - kContext, kWindowVariables)));
}

TEST(SetPlacement, WindowPostBesidePorepStaysInItsFile) {
  const auto p = placing(kWindow, kDevice - kContext - kPorep, kWindowVariables, true);
  EXPECT_EQ(proof_room(p, p.free_bytes - kWindow), ProofRoom::kLeast)
      << "the least would fit beside both";
  const auto why = reason_to_leave_in_file(p);
  ASSERT_TRUE(why) << "but the PoRep proofs would lose their full workspace";
  EXPECT_NE(why->find("holding its 60.6 GiB would leave"), std::string::npos) << *why;
  EXPECT_NE(why->find("134217728 points"), std::string::npos) << *why;
  EXPECT_NE(why->find("full workspace"), std::string::npos) << *why;
}

TEST(SetPlacement, SnapDealsBesidePorepIsHeld) {
  EXPECT_FALSE(
      reason_to_leave_in_file(placing(kSnap, kDevice - kContext - kPorep, kWindowVariables, true)));
}

TEST(SetPlacement, TheFirstSetOnAnEightyGigabyteCardIsHeldWithTheLeastWorkspace) {
  const auto p = placing(kH100Porep, kH100Free, kPorepVariables);
  EXPECT_EQ(proof_room(p, kH100Free), ProofRoom::kFull);
  EXPECT_EQ(proof_room(p, kH100Free - kH100Porep), ProofRoom::kLeast)
      << "one input slot, MSMs stepped down";
  EXPECT_FALSE(reason_to_leave_in_file(p));
}

TEST(SetPlacement, BesideItASmallSetIsHeldAndALargeOneIsNot) {
  const size_t free = kH100Free - kH100Porep;
  EXPECT_FALSE(reason_to_leave_in_file(placing(kWinning, free, kPorepVariables, true)))
      << "the proofs keep the room they have";
  const auto why = reason_to_leave_in_file(placing(kSnap / 2, free, kPorepVariables, true));
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("one input slot"), std::string::npos) << *why;
}

TEST(SetPlacement, ASetTheLeastWorkspaceCannotRunBesideIsNotHeldEvenFirst) {
  const auto why = reason_to_leave_in_file(placing(kWindow, kH100Free, kWindowVariables));
  ASSERT_TRUE(why) << "60.6 of 78.6 GiB leaves less than one input slot's proofs need";
  EXPECT_NE(why->find("the least they run in"), std::string::npos) << *why;
  const auto too_large = reason_to_leave_in_file(placing(kWindow, kWindow - 1, kWindowVariables));
  ASSERT_TRUE(too_large);
  EXPECT_NE(too_large->find("exceed"), std::string::npos) << *too_large;
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
