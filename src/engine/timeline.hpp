// The timeline of partitions across synthesis workers and prover devices, built from the
// pipeline's timing events (timing_event.hpp): one lane per synthesis worker and one per device
// (backend name), overlapping bars stacked in rows, each lane's busy time, and the prover lanes'
// idle gaps, i.e. where the GPU waits. `cuzk-bench timeline` draws it (timeline_svg.hpp).
//
// The window is the first synthesis start to the last prove end. A prover lane is busy while any
// partition is between its start() call and its finish() return on that device; a synthesis lane
// while it synthesises. Busy % is the lanes' busy time over (lanes x window).
#pragma once

#include <string>
#include <vector>

#include "engine/timing_event.hpp"

namespace cuzk::engine {

struct Interval {
  double start = 0, end = 0;
  double length() const { return end - start; }
};

// The sorted union of the intervals: overlapping or touching ones merged, empty ones dropped.
std::vector<Interval> merge_intervals(std::vector<Interval> intervals);
// The parts of [from, to] that no interval of `merged` (sorted, disjoint) covers.
std::vector<Interval> gaps_within(const std::vector<Interval>& merged, double from, double to);

struct Lane {
  std::string name;            // "synthesis 0", "cuda:0"
  std::vector<size_t> events;  // indices into Timeline::events, by start time
  std::vector<unsigned> rows;  // per entry of `events`: its row (bars that overlap stack)
  unsigned row_count = 1;
  std::vector<Interval> busy;  // merged
  std::vector<Interval> gaps;  // the idle parts of the window
  double busy_ms = 0;
};

struct Timeline {
  std::vector<TimingEvent> events;
  double start_ms = 0, end_ms = 0;  // the window
  std::vector<Lane> synthesis;      // one per synthesis worker (idle ones too)
  std::vector<Lane> provers;        // one per device, by name
  std::vector<std::string> jobs;    // by first synthesis start (colour order)
  double synthesis_busy_pct = 0, prover_busy_pct = 0;
  Interval longest_gap;          // the longest idle gap of a prover lane; length 0 when none
  std::string longest_gap_lane;  // its lane's name

  double wall_ms() const { return end_ms - start_ms; }
  // Index of a job in `jobs`.
  size_t job_index(const std::string& job) const;
};

Timeline build_timeline(std::vector<TimingEvent> events);

// Two lines: window and counts; busy % and the longest GPU wait.
std::string timeline_summary(const Timeline& timeline);

}  // namespace cuzk::engine
