// Whether a device holds a parameter set or leaves it in its file, streamed to the device at every
// proof. What the proofs need beside the sets comes in two sizes: their full workspace (two input
// slots, so one proof's upload overlaps another's kernels, and each MSM's default scratch) and
// the least they run in (one input slot; the lanes step their MSM scratch down to fit, MsmRoom).
// A device holds the first set it is given whenever the least still fits beside it: streaming
// the only large set costs each of its proofs far more than stepping down does (a 32 GiB C2
// through the daemon on an 80 GB card, docs/perf/gpu.md: 28.6 s streamed, 12.9-13.1 s held).
// A set given beside sets already held is held only when that takes no room from the proofs: it
// stays in its file when holding it would cost them their full workspace (a 32 GiB WindowPoSt
// set, 60.6 GiB, beside the PoRep set, 47.6 GiB, on a 139.8 GiB H200: its proof failed for
// device memory when both were held) or leave them less than the least. The order of
// [srs] preload says which set is first. Plain C++: the policy, tested on the host.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>

namespace cuzk::gpu {

// Device bytes proofs over a domain of m points and `variables` variables take besides the
// parameters, an estimate: `slots` input slots (a, b, c and the assignment: 32-byte scalars),
// the MSM scratch and a margin for the NTT tables and the buckets.
constexpr size_t proof_workspace_estimate(size_t m, size_t variables, size_t slots) {
  return slots * 32 * (3 * m + variables) + 40 * std::max(m, variables) + (size_t(6) << 30);
}

struct SetPlacement {
  size_t set_bytes = 0;       // the set's points on the device
  size_t free_bytes = 0;      // free device memory now
  size_t workspace_held = 0;  // workspace the device has allocated already (it counts as room)
  size_t domain = 0;          // of the largest proofs: this set's or a held set's
  size_t variables = 0;       // likewise
  bool holds_a_set = false;   // the device holds another set already
};

// What proofs with `slots` input slots need beyond the workspace the device has already.
inline size_t workspace_still_needed(const SetPlacement& p, size_t slots) {
  const size_t work = proof_workspace_estimate(p.domain, p.variables, slots);
  return work > p.workspace_held ? work - p.workspace_held : 0;
}

// The room the largest proofs have in some free memory.
enum class ProofRoom { kNone, kLeast, kFull };  // kLeast: one input slot, the MSMs stepped down
inline ProofRoom proof_room(const SetPlacement& p, size_t free) {
  return free >= workspace_still_needed(p, 2)   ? ProofRoom::kFull
         : free >= workspace_still_needed(p, 1) ? ProofRoom::kLeast
                                                : ProofRoom::kNone;
}

// nullopt: hold the set; else why it is left in its file.
inline std::optional<std::string> reason_to_leave_in_file(const SetPlacement& p) {
  const auto gib = [](size_t bytes) { return double(bytes) / double(size_t(1) << 30); };
  char text[300];
  if (p.set_bytes > p.free_bytes) {
    std::snprintf(text, sizeof text, "its %.1f GiB exceed the %.1f GiB of free device memory",
                  gib(p.set_bytes), gib(p.free_bytes));
    return std::string(text);
  }
  const ProofRoom before = proof_room(p, p.free_bytes),
                  beside = proof_room(p, p.free_bytes - p.set_bytes);
  if (beside == ProofRoom::kFull) return std::nullopt;
  // The least: enough for the first set, and for one beside held sets that leaves the proofs
  // the room they had.
  if (beside == ProofRoom::kLeast && (before == ProofRoom::kLeast || !p.holds_a_set))
    return std::nullopt;
  const size_t slots = beside == ProofRoom::kNone ? 1 : 2;
  std::snprintf(text, sizeof text,
                "holding its %.1f GiB would leave %.1f GiB of free device memory, and proofs over "
                "%zu points need ~%.1f GiB more beside the parameter sets (%s)",
                gib(p.set_bytes), gib(p.free_bytes - p.set_bytes), p.domain,
                gib(workspace_still_needed(p, slots)),
                slots == 1 ? "the least they run in: one input slot"
                           : "their full workspace, which they have beside the sets held now");
  return std::string(text);
}

}  // namespace cuzk::gpu
