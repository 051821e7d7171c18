// Lanes, busy time and idle gaps of the partition timeline (timeline.hpp).
#include "engine/timeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace cuzk::engine {
namespace {

// Sorts the lane's events by start time, stacks overlapping ones in rows, and sums its busy time.
void finish_lane(Lane& lane, const std::vector<TimingEvent>& events, bool prover,
                 const Timeline& t) {
  auto span = [&](size_t i) {
    const auto& e = events[i];
    return prover ? Interval{e.prove_start_ms, e.prove_end_ms}
                  : Interval{e.synthesis_start_ms, e.synthesis_end_ms};
  };
  std::stable_sort(lane.events.begin(), lane.events.end(),
                   [&](size_t a, size_t b) { return span(a).start < span(b).start; });
  std::vector<double> row_end;  // per row: where its last bar ends
  std::vector<Interval> spans;
  for (size_t i : lane.events) {
    const Interval s = span(i);
    spans.push_back(s);
    size_t row = 0;
    while (row < row_end.size() && row_end[row] > s.start) ++row;
    if (row == row_end.size()) row_end.push_back(s.end);
    row_end[row] = s.end;
    lane.rows.push_back(unsigned(row));
  }
  lane.row_count = unsigned(std::max<size_t>(1, row_end.size()));
  lane.busy = merge_intervals(std::move(spans));
  for (const auto& b : lane.busy) lane.busy_ms += b.length();
  lane.gaps = gaps_within(lane.busy, t.start_ms, t.end_ms);
}

double busy_pct(const std::vector<Lane>& lanes, double wall_ms) {
  if (lanes.empty() || wall_ms <= 0) return 0;
  double busy = 0;
  for (const auto& lane : lanes) busy += lane.busy_ms;
  return 100 * busy / (double(lanes.size()) * wall_ms);
}

}  // namespace

std::vector<Interval> merge_intervals(std::vector<Interval> intervals) {
  std::erase_if(intervals, [](const Interval& i) { return !(i.end > i.start); });
  std::sort(intervals.begin(), intervals.end(),
            [](const Interval& a, const Interval& b) { return a.start < b.start; });
  std::vector<Interval> merged;
  for (const auto& i : intervals) {
    if (!merged.empty() && i.start <= merged.back().end) {
      merged.back().end = std::max(merged.back().end, i.end);
    } else {
      merged.push_back(i);
    }
  }
  return merged;
}

std::vector<Interval> gaps_within(const std::vector<Interval>& merged, double from, double to) {
  std::vector<Interval> gaps;
  double at = from;
  for (const auto& b : merged) {
    if (b.start > at) gaps.push_back({at, std::min(b.start, to)});
    at = std::max(at, b.end);
    if (at >= to) break;
  }
  if (at < to) gaps.push_back({at, to});
  std::erase_if(gaps, [](const Interval& g) { return !(g.end > g.start); });
  return gaps;
}

size_t Timeline::job_index(const std::string& job) const {
  return size_t(std::find(jobs.begin(), jobs.end(), job) - jobs.begin());
}

Timeline build_timeline(std::vector<TimingEvent> events) {
  Timeline t;
  t.events = std::move(events);
  if (t.events.empty()) return t;
  t.start_ms = t.events.front().synthesis_start_ms;
  t.end_ms = t.events.front().prove_end_ms;
  unsigned synthesis_lanes = 0;
  std::map<std::string, size_t> device_lane;
  for (const auto& e : t.events) {
    t.start_ms = std::min(t.start_ms, e.synthesis_start_ms);
    t.end_ms = std::max(t.end_ms, e.prove_end_ms);
    synthesis_lanes = std::max({synthesis_lanes, e.synthesis_workers, e.synthesis_worker + 1});
    device_lane.emplace(e.backend, 0);
  }
  t.synthesis.resize(synthesis_lanes);
  for (unsigned w = 0; w < synthesis_lanes; ++w)
    t.synthesis[w].name = "synthesis " + std::to_string(w);
  for (auto& [name, index] : device_lane) {
    index = t.provers.size();
    t.provers.emplace_back().name = name;
  }
  std::vector<size_t> by_start(t.events.size());
  for (size_t i = 0; i < t.events.size(); ++i) {
    by_start[i] = i;
    t.synthesis[t.events[i].synthesis_worker].events.push_back(i);
    t.provers[device_lane[t.events[i].backend]].events.push_back(i);
  }
  std::stable_sort(by_start.begin(), by_start.end(), [&](size_t a, size_t b) {
    return t.events[a].synthesis_start_ms < t.events[b].synthesis_start_ms;
  });
  for (size_t i : by_start) {
    if (t.job_index(t.events[i].job) == t.jobs.size()) t.jobs.push_back(t.events[i].job);
  }
  for (auto& lane : t.synthesis) finish_lane(lane, t.events, false, t);
  for (auto& lane : t.provers) {
    finish_lane(lane, t.events, true, t);
    for (const auto& g : lane.gaps) {
      if (g.length() > t.longest_gap.length()) {
        t.longest_gap = g;
        t.longest_gap_lane = lane.name;
      }
    }
  }
  t.synthesis_busy_pct = busy_pct(t.synthesis, t.wall_ms());
  t.prover_busy_pct = busy_pct(t.provers, t.wall_ms());
  return t;
}

std::string timeline_summary(const Timeline& t) {
  std::string devices;
  for (const auto& lane : t.provers) {
    devices += fmt::format("{}{} {:.1f} %", devices.empty() ? "" : ", ", lane.name,
                           t.wall_ms() > 0 ? 100 * lane.busy_ms / t.wall_ms() : 0.0);
  }
  std::string out = fmt::format(
      "wall {:.2f} s (daemon clock {:.2f} s to {:.2f} s): {} partition(s) of {} job(s), {} "
      "synthesis worker(s), {} device(s)\n",
      t.wall_ms() / 1000, t.start_ms / 1000, t.end_ms / 1000, t.events.size(), t.jobs.size(),
      t.synthesis.size(), t.provers.size());
  out += fmt::format("GPU/prover busy {:.1f} % ({}), synthesis busy {:.1f} %, longest GPU wait ",
                     t.prover_busy_pct, devices, t.synthesis_busy_pct);
  if (t.longest_gap.length() > 0) {
    out += fmt::format("{:.3f} s on {} at {:.2f} s\n", t.longest_gap.length() / 1000,
                       t.longest_gap_lane, (t.longest_gap.start - t.start_ms) / 1000);
  } else {
    out += "none\n";
  }
  return out;
}

}  // namespace cuzk::engine
