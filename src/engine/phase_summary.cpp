// Per-circuit phase medians and pace of the timing events (phase_summary.hpp).
#include "engine/phase_summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "util/latency.hpp"

namespace cuzk::engine {
namespace {

struct CircuitSamples {
  std::vector<std::string> order;  // phase names in the order the calls ran them
  std::map<std::string, std::vector<double>> phase_ms;
  std::vector<double> busy_ms;
  std::map<std::string, std::set<double>> prove_ends;  // per device
  std::vector<std::pair<std::string, size_t>> notices;
  size_t partitions = 0;
};

void add_notice(CircuitSamples& s, const std::string& name) {
  auto it = std::find_if(s.notices.begin(), s.notices.end(),
                         [&](const auto& n) { return n.first == name; });
  if (it == s.notices.end()) {
    s.notices.emplace_back(name, 1);
  } else {
    ++it->second;
  }
}

// One start/finish's phases (a batch's partitions share them, so they are added once).
void add_phases(CircuitSamples& s, const groth16::PhaseTimings& phases) {
  std::map<std::string, unsigned> seen;
  auto after = s.order.begin();  // a new phase is listed after this call's previous one
  for (const auto& [phase, ms] : phases) {
    if (groth16::is_notice_phase(phase)) {
      add_notice(s, phase.substr(groth16::kNoticePhasePrefix.size()));
      continue;
    }
    const unsigned n = ++seen[phase];
    const std::string name = n == 1 ? phase : fmt::format("{}#{}", phase, n);
    auto [it, added] = s.phase_ms.try_emplace(name);
    after = added ? s.order.insert(after, name) : std::find(s.order.begin(), s.order.end(), name);
    ++after;
    it->second.push_back(ms);
  }
  s.busy_ms.push_back(groth16::busy_ms(phases));
}

double median(std::vector<double> v) {
  return summarize_latencies(std::move(v)).p50;
}

}  // namespace

std::vector<CircuitPhases> summarize_phases(const std::vector<TimingEvent>& events) {
  std::vector<std::string> circuits;
  std::map<std::string, CircuitSamples> samples;
  std::set<std::tuple<std::string, double, double>> calls;  // (device, start, end) seen
  for (const auto& e : events) {
    const std::string circuit = e.circuit.empty() ? "?" : e.circuit;
    auto [it, added] = samples.try_emplace(circuit);
    if (added) circuits.push_back(circuit);
    CircuitSamples& s = it->second;
    ++s.partitions;
    s.prove_ends[e.backend].insert(e.prove_end_ms);
    if (calls.emplace(e.backend, e.prove_start_ms, e.prove_end_ms).second) add_phases(s, e.phases);
  }
  std::vector<CircuitPhases> out;
  for (const auto& circuit : circuits) {
    CircuitSamples& s = samples[circuit];
    CircuitPhases c;
    c.circuit = circuit;
    c.partitions = s.partitions;
    c.busy_p50_ms = median(s.busy_ms);
    std::vector<double> gaps;
    for (const auto& [device, ends] : s.prove_ends) {
      for (auto it = ends.begin(); it != ends.end() && std::next(it) != ends.end(); ++it) {
        gaps.push_back(*std::next(it) - *it);
      }
    }
    c.pace_gaps = gaps.size();
    c.pace_p50_ms = median(std::move(gaps));
    for (const auto& name : s.order) {
      const auto sum = summarize_latencies(std::move(s.phase_ms[name]));
      c.phases.push_back({name, sum.count, sum.p50, sum.p90, sum.max});
    }
    c.notices = std::move(s.notices);
    out.push_back(std::move(c));
  }
  return out;
}

SplitEvents split_at_first(const std::vector<TimingEvent>& events, const std::string& circuit) {
  SplitEvents split;
  for (const auto& e : events) {
    if (e.circuit == circuit && (!split.found || e.prove_start_ms < split.at_ms)) {
      split.found = true;
      split.at_ms = e.prove_start_ms;
    }
  }
  for (const auto& e : events) {
    const bool before = !split.found || (e.circuit != circuit && e.prove_end_ms <= split.at_ms);
    (before ? split.before : split.after).push_back(e);
  }
  return split;
}

std::string phase_summary_text(const std::vector<CircuitPhases>& circuits) {
  std::string out;
  for (const auto& c : circuits) {
    out += fmt::format("{}: {} partition(s), busy {:.1f} ms (median of the non-wait phases' sum)",
                       c.circuit, c.partitions, c.busy_p50_ms);
    if (c.pace_gaps > 0) {
      out += fmt::format(", a partition every {:.1f} ms (median of {} gaps between prove ends)",
                         c.pace_p50_ms, c.pace_gaps);
    }
    out += fmt::format("\n  {:<24} {:>6} {:>10} {:>10} {:>10}\n", "phase", "count", "p50 ms",
                       "p90 ms", "max ms");
    for (const auto& p : c.phases) {
      out += fmt::format("  {:<24} {:>6} {:>10.1f} {:>10.1f} {:>10.1f}\n", p.name, p.count,
                         p.p50_ms, p.p90_ms, p.max_ms);
    }
    for (const auto& [name, count] : c.notices) {
      out += fmt::format("  notice {} x{}\n", name, count);
    }
  }
  return out;
}

}  // namespace cuzk::engine
