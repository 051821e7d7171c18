// Per-circuit statistics of the pipeline's timing events (timing_event.hpp): for each circuit,
// every backend phase's median / p90 / max over its partitions, the median sum of the busy
// (non-wait) phases, and the pace — the median time between two consecutive partitions' prove
// ends on one device — which is what two builds are compared by (docs/perf/deadline.md).
// `cuzk-bench timeline` prints it under the timeline's summary.
//
// A phase that a partition ran more than once (a borrowed input slot waits for the device twice)
// is counted per occurrence: the second "wait_device" of a partition is "wait_device#2". Notices
// ("notice:…", no time) are counted, not timed.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "engine/timing_event.hpp"

namespace cuzk::engine {

struct PhaseStats {
  std::string name;  // "msm_h", "wait_device#2"
  size_t count = 0;  // start/finish calls that ran it (a batch's partitions share one)
  double p50_ms = 0, p90_ms = 0, max_ms = 0;
};

struct CircuitPhases {
  std::string circuit;  // "porep-32g"; events without one are grouped under "?"
  size_t partitions = 0;
  double busy_p50_ms = 0;          // median over start/finish calls of the non-wait phases' sum
  size_t pace_gaps = 0;            // consecutive prove ends on one device (partitions - devices)
  double pace_p50_ms = 0;          // their median distance; 0 when there is none
  std::vector<PhaseStats> phases;  // in the order the calls ran them
  std::vector<std::pair<std::string, size_t>> notices;  // name without "notice:", how often
};

// One entry per circuit, in the order of each circuit's first event.
std::vector<CircuitPhases> summarize_phases(const std::vector<TimingEvent>& events);

// A text table per circuit: a header line (partitions, pace, busy), then one line per phase.
std::string phase_summary_text(const std::vector<CircuitPhases>& circuits);

// The events cut where the first partition of `circuit` started proving: `before` holds the
// partitions that had ended by then, `after` the rest (that circuit's all). A deadline lane's first
// proof can change the main lane's phases for the rest of a run (docs/perf/deadline.md), so a
// summary over the whole run mixes two states. found: whether `circuit` proved at all (if not,
// every event is in `before`).
struct SplitEvents {
  bool found = false;
  double at_ms = 0;  // that partition's prove_start_ms
  std::vector<TimingEvent> before, after;
};
SplitEvents split_at_first(const std::vector<TimingEvent>& events, const std::string& circuit);

}  // namespace cuzk::engine
