// The vocabulary of the engine: proof kinds, priorities and job states, with their names as they
// appear in logs, metrics labels and the status page. The numeric values are the wire values of
// cuzk.v1 (proto/cuzk/v1/proving.proto), so the server converts by a range check and a cast.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace cuzk::engine {

enum class ProofKind : int {
  kPorepSealCommit = 1,
  kSnapDealsUpdate = 2,
  kWindowPostPartition = 3,
  kWinningPost = 4,
};
inline constexpr std::array<ProofKind, 4> kProofKinds = {
    ProofKind::kPorepSealCommit, ProofKind::kSnapDealsUpdate, ProofKind::kWindowPostPartition,
    ProofKind::kWinningPost};

enum class Priority : int { kLow = 1, kNormal = 2, kHigh = 3, kCritical = 4 };
inline constexpr int kPriorityLevels = 4;

enum class JobState { kQueued, kRunning, kCompleted, kFailed, kCancelled };

// "porep_seal_commit", "snap_deals_update", "window_post_partition", "winning_post".
std::string_view to_string(ProofKind kind);
// "LOW", "NORMAL", "HIGH", "CRITICAL" (the proto enum names).
std::string_view to_string(Priority priority);
// "queued", "running", "completed", "failed", "cancelled".
std::string_view to_string(JobState state);

std::optional<ProofKind> proof_kind_from_wire(int value);
std::optional<Priority> priority_from_wire(int value);

// WinningPoSt CRITICAL (it must land within its epoch), WindowPoSt HIGH, PoRep / SnapDeals NORMAL.
Priority default_priority(ProofKind kind);
// PoRep and SnapDeals jobs of one circuit may be collected into a batch; PoSt never waits.
bool is_batchable(ProofKind kind);

// A job with money at stake on a deadline (WindowPoSt HIGH, WinningPoSt CRITICAL, or any job
// submitted at those priorities): it enters the pipeline whether or not it has room, and the
// pipeline keeps synthesis and prover workers for such jobs alone (pipeline.hpp).
inline bool is_deadline(Priority p) {
  return p >= Priority::kHigh;
}

inline bool is_final(JobState s) {
  return s == JobState::kCompleted || s == JobState::kFailed || s == JobState::kCancelled;
}

}  // namespace cuzk::engine
