// Names and defaults of the engine vocabulary (see types.hpp).
#include "engine/types.hpp"

namespace cuzk::engine {

std::string_view to_string(ProofKind kind) {
  switch (kind) {
    case ProofKind::kPorepSealCommit:
      return "porep_seal_commit";
    case ProofKind::kSnapDealsUpdate:
      return "snap_deals_update";
    case ProofKind::kWindowPostPartition:
      return "window_post_partition";
    case ProofKind::kWinningPost:
      return "winning_post";
  }
  return "unknown";
}

std::string_view to_string(Priority priority) {
  switch (priority) {
    case Priority::kLow:
      return "LOW";
    case Priority::kNormal:
      return "NORMAL";
    case Priority::kHigh:
      return "HIGH";
    case Priority::kCritical:
      return "CRITICAL";
  }
  return "UNKNOWN";
}

std::string_view to_string(JobState state) {
  switch (state) {
    case JobState::kQueued:
      return "queued";
    case JobState::kRunning:
      return "running";
    case JobState::kCompleted:
      return "completed";
    case JobState::kFailed:
      return "failed";
    case JobState::kCancelled:
      return "cancelled";
  }
  return "unknown";
}

std::optional<ProofKind> proof_kind_from_wire(int value) {
  if (value < 1 || value > 4) return std::nullopt;
  return static_cast<ProofKind>(value);
}

std::optional<Priority> priority_from_wire(int value) {
  if (value < 1 || value > kPriorityLevels) return std::nullopt;
  return static_cast<Priority>(value);
}

Priority default_priority(ProofKind kind) {
  switch (kind) {
    case ProofKind::kWinningPost:
      return Priority::kCritical;
    case ProofKind::kWindowPostPartition:
      return Priority::kHigh;
    case ProofKind::kPorepSealCommit:
    case ProofKind::kSnapDealsUpdate:
      return Priority::kNormal;
  }
  return Priority::kNormal;
}

bool is_batchable(ProofKind kind) {
  return kind == ProofKind::kPorepSealCommit || kind == ProofKind::kSnapDealsUpdate;
}

}  // namespace cuzk::engine
