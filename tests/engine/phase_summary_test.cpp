// Per-circuit phase statistics of timing events (engine/phase_summary.hpp): medians and pace of a
// hand-made log with known answers, a repeated phase counted per occurrence, notices counted, a
// batch's shared phases added once, circuits and devices kept apart.
#include "engine/phase_summary.hpp"

#include <gtest/gtest.h>

namespace cuzk::engine {
namespace {

TimingEvent proof(std::string circuit, std::string device, double start, double end,
                  groth16::PhaseTimings phases) {
  TimingEvent e;
  e.job = "j";
  e.circuit = std::move(circuit);
  e.backend = std::move(device);
  e.prove_start_ms = start;
  e.start_done_ms = e.finish_start_ms = e.prove_end_ms = end;
  e.phases = std::move(phases);
  return e;
}

const PhaseStats* find(const CircuitPhases& c, const std::string& name) {
  for (const auto& p : c.phases) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

TEST(PhaseSummary, MediansPaceAndRepeatedPhasesOfAKnownLog) {
  // Three partitions on cuda:0 ending at 1000, 2200, 3300 (gaps 1200, 1100); the second waited
  // for the device twice and noted that its lane stepped down.
  const std::vector<TimingEvent> events = {
      proof("porep-32g", "cuda:0", 0, 1000, {{"upload", 100}, {"wait_device", 5}, {"msm_h", 700}}),
      proof("porep-32g", "cuda:0", 900, 2200,
            {{"upload", 300},
             {"wait_device", 7},
             {"notice:msm_scratch_lean_plans", 0},
             {"wait_device", 30},
             {"msm_h", 800}}),
      proof("porep-32g", "cuda:0", 2000, 3300,
            {{"upload", 200}, {"wait_device", 9}, {"msm_h", 750}})};
  const auto circuits = summarize_phases(events);
  ASSERT_EQ(circuits.size(), 1u);
  const CircuitPhases& c = circuits[0];
  EXPECT_EQ(c.circuit, "porep-32g");
  EXPECT_EQ(c.partitions, 3u);
  EXPECT_EQ(c.pace_gaps, 2u);
  EXPECT_DOUBLE_EQ(c.pace_p50_ms, 1100);  // nearest rank of {1100, 1200}
  EXPECT_DOUBLE_EQ(c.busy_p50_ms, 950);   // busy sums 800, 1100, 950
  ASSERT_EQ(c.phases.size(), 4u);
  EXPECT_EQ(c.phases[0].name, "upload");
  EXPECT_EQ(c.phases[1].name, "wait_device");
  EXPECT_EQ(c.phases[2].name, "wait_device#2");
  EXPECT_EQ(c.phases[3].name, "msm_h");
  EXPECT_DOUBLE_EQ(find(c, "upload")->p50_ms, 200);
  EXPECT_DOUBLE_EQ(find(c, "upload")->max_ms, 300);
  EXPECT_EQ(find(c, "wait_device")->count, 3u);
  EXPECT_DOUBLE_EQ(find(c, "wait_device")->p50_ms, 7);
  EXPECT_EQ(find(c, "wait_device#2")->count, 1u);
  EXPECT_DOUBLE_EQ(find(c, "wait_device#2")->p50_ms, 30);
  EXPECT_DOUBLE_EQ(find(c, "msm_h")->p90_ms, 800);
  ASSERT_EQ(c.notices.size(), 1u);
  EXPECT_EQ(c.notices[0].first, "msm_scratch_lean_plans");
  EXPECT_EQ(c.notices[0].second, 1u);

  const std::string text = phase_summary_text(circuits);
  EXPECT_NE(text.find("porep-32g: 3 partition(s), busy 950.0 ms"), std::string::npos) << text;
  EXPECT_NE(text.find("a partition every 1100.0 ms (median of 2 gaps"), std::string::npos) << text;
  EXPECT_NE(text.find("wait_device#2"), std::string::npos) << text;
  EXPECT_NE(text.find("notice msm_scratch_lean_plans x1"), std::string::npos) << text;
}

TEST(PhaseSummary, CircuitsAndDevicesApartAndABatchCountedOnce) {
  const std::vector<TimingEvent> events = {
      proof("porep-32g", "cuda:0", 0, 1000, {{"msm_h", 700}}),
      proof("winning-32g", "cuda:0", 500, 560, {{"msm_h", 10}}),
      proof("porep-32g", "cuda:1", 0, 1500, {{"msm_h", 710}}),
      proof("porep-32g", "cuda:0", 1000, 2300, {{"msm_h", 720}}),
      proof("porep-32g", "cuda:1", 1500, 2700, {{"msm_h", 730}}),
      // a batch of two on cuda:1: one start/finish, its phases in both events
      proof("winning-32g", "cuda:1", 3000, 3100, {{"msm_h", 20}}),
      proof("winning-32g", "cuda:1", 3000, 3100, {{"msm_h", 20}}), proof("", "cpu", 0, 1, {})};
  const auto circuits = summarize_phases(events);
  ASSERT_EQ(circuits.size(), 3u);
  EXPECT_EQ(circuits[0].circuit, "porep-32g");
  EXPECT_EQ(circuits[1].circuit, "winning-32g");
  EXPECT_EQ(circuits[2].circuit, "?");
  // porep: gaps 1300 on cuda:0 and 1200 on cuda:1, never across devices or circuits
  EXPECT_EQ(circuits[0].partitions, 4u);
  EXPECT_EQ(circuits[0].pace_gaps, 2u);
  EXPECT_DOUBLE_EQ(circuits[0].pace_p50_ms, 1200);
  EXPECT_DOUBLE_EQ(circuits[0].busy_p50_ms, 710);
  // winning: three partitions, two calls; one prove end per device, so no pace
  EXPECT_EQ(circuits[1].partitions, 3u);
  EXPECT_EQ(circuits[1].pace_gaps, 0u);
  ASSERT_EQ(circuits[1].phases.size(), 1u);
  EXPECT_EQ(circuits[1].phases[0].count, 2u);
  EXPECT_EQ(phase_summary_text({circuits[1]}).find("a partition every"), std::string::npos);
  EXPECT_TRUE(circuits[2].phases.empty());
  EXPECT_DOUBLE_EQ(circuits[2].busy_p50_ms, 0);
}

TEST(PhaseSummary, NoEventsNoCircuits) {
  EXPECT_TRUE(summarize_phases({}).empty());
  EXPECT_EQ(phase_summary_text({}), "");
}

// A main lane's partitions cut at the deadline circuit's first partition: the one still running
// when it started goes after, with every partition of that circuit.
TEST(PhaseSummary, SplitAtTheFirstPartitionOfACircuit) {
  const std::vector<TimingEvent> events = {
      proof("porep-32g", "cuda:0", 0, 1000, {{"msm_h", 745}}),
      proof("porep-32g", "cuda:0", 900, 2200, {{"msm_h", 746}}),
      proof("winning-32g", "cuda:0", 2500, 2560, {{"msm_h", 7}}),
      proof("porep-32g", "cuda:0", 2100, 3400, {{"msm_h", 783}}),
      proof("winning-32g", "cuda:0", 5000, 5050, {{"msm_h", 7}}),
      proof("porep-32g", "cuda:0", 3300, 4600, {{"msm_h", 782}})};
  const SplitEvents split = split_at_first(events, "winning-32g");
  EXPECT_TRUE(split.found);
  EXPECT_DOUBLE_EQ(split.at_ms, 2500);
  ASSERT_EQ(split.before.size(), 2u);
  ASSERT_EQ(split.after.size(), 4u);
  const auto before = summarize_phases(split.before);
  ASSERT_EQ(before.size(), 1u);
  EXPECT_DOUBLE_EQ(find(before[0], "msm_h")->max_ms, 746);
  EXPECT_DOUBLE_EQ(before[0].pace_p50_ms, 1200);
  const auto after = summarize_phases(split.after);
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after[0].circuit, "winning-32g");
  EXPECT_EQ(after[1].circuit, "porep-32g");
  EXPECT_EQ(after[1].partitions, 2u);
  EXPECT_DOUBLE_EQ(find(after[1], "msm_h")->p50_ms, 782);  // nearest rank of {782, 783}
  EXPECT_DOUBLE_EQ(after[1].pace_p50_ms, 1200);

  const SplitEvents none = split_at_first(events, "wpost-32g");
  EXPECT_FALSE(none.found);
  EXPECT_EQ(none.before.size(), events.size());
  EXPECT_TRUE(none.after.empty());
}

}  // namespace
}  // namespace cuzk::engine
