// Whether a device holds a parameter set or leaves it in its file, streamed to the device at every
// proof. A device holds each set it is given while that leaves room for the proofs' work beside
// the sets it holds; a second large set may not: a 32 GiB PoRep set (47.6 GiB) and a 32 GiB
// WindowPoSt set (60.6 GiB) take 108 of an H200's 139.8 GiB, and a 2^27 proof's input slots, MSM
// scratch and tables take ~40-55 GiB (measured: the WindowPoSt then failed for device memory).
// Such a set stays in its file and each of its proofs streams it (SectionMsm, decoded on the
// device): slower, but every proof runs. So does a first set on an 80 GB card (the 32 GiB PoRep
// set: 44.1 of 78.6 GiB free). The set placed first stays held, so the order of [srs] preload
// says which one that is. Plain C++: the policy, tested on the host.
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
};

// The input slots the estimate gives the proofs: a second overlaps one proof's upload with the
// kernels of another. Held by one slot's estimate instead, a 32 GiB PoRep set on an 80 GB card
// left its circuit's matrices no room (their a/b/c fell back to the CPU: 37.8 s a C2, against
// 28.6 s with the set streamed; docs/perf/gpu.md, "An 80 GB card").
inline constexpr size_t kPlacementSlots = 2;

// nullopt: hold the set; else why it is left in its file.
inline std::optional<std::string> reason_to_leave_in_file(const SetPlacement& p) {
  const size_t work = proof_workspace_estimate(p.domain, p.variables, kPlacementSlots);
  const size_t still_needed = work > p.workspace_held ? work - p.workspace_held : 0;
  if (p.set_bytes + still_needed <= p.free_bytes) return std::nullopt;
  const auto gib = [](size_t bytes) { return double(bytes) / double(size_t(1) << 30); };
  char text[240];
  std::snprintf(text, sizeof text,
                "holding its %.1f GiB would leave %.1f GiB of free device memory, and proofs over "
                "%zu points need ~%.1f GiB more beside the parameter sets",
                gib(p.set_bytes), gib(p.free_bytes - std::min(p.free_bytes, p.set_bytes)), p.domain,
                gib(still_needed));
  return std::string(text);
}

}  // namespace cuzk::gpu
