// The MSM scratch of a proving lane's phases (gpu/backend/msm_rooms.hpp): a phase steps down one
// level at each failed allocation and stays there, the others keep theirs, and the lane gives
// one notice per level, from the first phase to reach it.
#include <gtest/gtest.h>

#include "gpu/backend/msm_rooms.hpp"

namespace cuzk::gpu {
namespace {

TEST(MsmRooms, EveryPhaseStartsWithBothScratchesKept) {
  const MsmRooms rooms;
  for (size_t p = 0; p < kMsmPhases; ++p) EXPECT_EQ(rooms.room(MsmPhase(p)), MsmRoom::kBoth);
  EXPECT_EQ(rooms.lowest(), MsmRoom::kBoth);
}

// B in G2 fails first (an 80 GB card under a 32 GiB PoRep set: the G1 scratch still held), later
// msm_l twice; H keeps its one-at-a-time plan, msm_a and msm_b_g1 their full room.
TEST(MsmRooms, APhaseStepsDownAloneAndTheLaneSaysEachLevelOnce) {
  MsmRooms rooms;
  EXPECT_EQ(rooms.step_down(MsmPhase::kBG2), MsmRoom::kOneAtATime);  // the lane's first
  EXPECT_EQ(rooms.step_down(MsmPhase::kL), std::nullopt);            // that level said already
  EXPECT_EQ(rooms.step_down(MsmPhase::kH), std::nullopt);
  EXPECT_EQ(rooms.lowest(), MsmRoom::kOneAtATime);
  EXPECT_EQ(rooms.step_down(MsmPhase::kL), MsmRoom::kLean);  // the lane's first lean phase
  EXPECT_EQ(rooms.room(MsmPhase::kL), MsmRoom::kLean);
  EXPECT_EQ(rooms.room(MsmPhase::kH), MsmRoom::kOneAtATime);
  EXPECT_EQ(rooms.room(MsmPhase::kBG2), MsmRoom::kOneAtATime);
  EXPECT_EQ(rooms.room(MsmPhase::kA), MsmRoom::kBoth);
  EXPECT_EQ(rooms.room(MsmPhase::kBG1), MsmRoom::kBoth);
  EXPECT_EQ(rooms.lowest(), MsmRoom::kLean);
  EXPECT_EQ(rooms.step_down(MsmPhase::kA), std::nullopt);  // one at a time: said already
  EXPECT_EQ(rooms.step_down(MsmPhase::kA), std::nullopt);  // lean: said already
  EXPECT_EQ(rooms.room(MsmPhase::kA), MsmRoom::kLean);
}

TEST(MsmRooms, LeanIsTheLastLevel) {
  MsmRooms rooms;
  EXPECT_EQ(rooms.step_down(MsmPhase::kH), MsmRoom::kOneAtATime);
  EXPECT_EQ(rooms.step_down(MsmPhase::kH), MsmRoom::kLean);
  EXPECT_EQ(rooms.step_down(MsmPhase::kH), std::nullopt);
  EXPECT_EQ(rooms.room(MsmPhase::kH), MsmRoom::kLean);
  EXPECT_EQ(rooms.room(MsmPhase::kBG2), MsmRoom::kBoth);
}

}  // namespace
}  // namespace cuzk::gpu
