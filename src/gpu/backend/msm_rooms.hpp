// How much MSM scratch each MSM phase of a proving lane keeps (MsmRoom, msm_plan.hpp). A phase
// whose allocation fails steps down one level and stays there; the other phases keep theirs. The
// phases need different room: on an 80 GB card under a 32 GiB PoRep set, msm_l (its trivial-term
// split's index arrays) needs ~1 GB more than msm_h, and once the deadline lane holds its ~0.6 GB
// only msm_l's one-at-a-time plan no longer fits. Stepping the whole lane down with it cost every
// later msm_h its lean plan (782 instead of 745 ms on an H100: c = 20 and one sort buffer set),
// while msm_l's lean plan costs it nothing measurable. The lane tells an operator once per level
// (the first phase to reach it). Plain C++: the policy, tested on the host.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "gpu/msm/msm_plan.hpp"

namespace cuzk::gpu {

// The MSM phases of a proof, in the order a proof runs them.
enum class MsmPhase : uint8_t { kL, kA, kBG1, kBG2, kH };
inline constexpr size_t kMsmPhases = 5;

class MsmRooms {
 public:
  MsmRoom room(MsmPhase phase) const { return rooms_[size_t(phase)]; }

  // phase's allocation failed: it steps down one level (none below kLean: the caller rethrows).
  // Returns the new level when no phase of the lane had reached it before — the notice to give —
  // and nullopt otherwise. Called by the lane's one proving thread at a time.
  std::optional<MsmRoom> step_down(MsmPhase phase) {
    MsmRoom& room = rooms_[size_t(phase)];
    if (room == MsmRoom::kLean) return std::nullopt;
    room = room == MsmRoom::kBoth ? MsmRoom::kOneAtATime : MsmRoom::kLean;
    if (room <= lowest_.load()) return std::nullopt;
    lowest_ = room;
    return room;
  }

  // The lowest level any phase has stepped to (kBoth: none stepped). Any thread.
  MsmRoom lowest() const { return lowest_.load(); }

 private:
  std::array<MsmRoom, kMsmPhases> rooms_{};  // value-initialised: kBoth
  std::atomic<MsmRoom> lowest_ = MsmRoom::kBoth;
};

}  // namespace cuzk::gpu
