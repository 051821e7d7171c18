// How much MSM scratch each MSM phase of a proving lane keeps (MsmRoom, msm_plan.hpp). A phase
// whose allocation fails from no scratch of its curve steps down one level and stays there (one
// that fails with scratch an earlier phase left first runs again from none: ProveLane::with_room);
// the other phases keep their level. The phases need different room: on an 80 GB card under a
// 32 GiB PoRep set, once the deadline lane holds its ~0.6 GB, msm_l no longer fits beside the
// scratch the last msm_h left, while msm_h still fits at one MSM's scratch at a time. Stepping
// the whole lane down with msm_l cost every later msm_h its full plan (782 instead of 745 ms on an
// H100: lean plans are c = 20 and one sort buffer set). The lane tells an operator once per level
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
