// Partition timing events and the timeline (engine/timing_event.hpp, timeline.hpp,
// timeline_svg.hpp): reading a fixed daemon log (text and JSON lines, malformed lines reported
// and skipped), busy % and idle gaps of a hand-made timeline with known answers, the SVG's
// bars / lanes / gaps, and the pipeline's own `timing` lines from a real engine run.
#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <sstream>

#include "engine/timeline_svg.hpp"
#include "engine_fixture.hpp"

namespace cuzk::engine {
namespace {

TimingEvent event(std::string job, unsigned partition, unsigned synth_worker, double s0, double s1,
                  std::string backend, double p0, double p1) {
  TimingEvent e;
  e.job = std::move(job);
  e.kind = "porep_seal_commit";
  e.circuit = "porep-2k";
  e.partition = partition;
  e.partitions = 2;
  e.synthesis_worker = synth_worker;
  e.synthesis_workers = 2;
  e.synthesis_start_ms = s0;
  e.synthesis_end_ms = s1;
  e.backend = std::move(backend);
  e.prove_start_ms = p0;
  e.start_done_ms = (p0 + p1) / 2;
  e.finish_start_ms = (p0 + p1) / 2;
  e.prove_end_ms = p1;
  return e;
}

// Window [0, 700]. Device cuda:0 busy [100, 500] and [650, 700]: 450 ms, idle [0, 100] and
// [500, 650]. Synthesis worker 0 busy [0, 650], worker 1 [0, 150]: 800 of 1400 ms.
std::vector<TimingEvent> hand_made() {
  return {event("A", 0, 0, 0, 100, "cuda:0", 100, 300),
          event("A", 1, 1, 0, 150, "cuda:0", 300, 500),
          event("B", 0, 0, 100, 650, "cuda:0", 650, 700)};
}

TEST(TimingEvent, JsonRoundTrip) {
  TimingEvent e = event("job-1", 1, 1, 10.25, 20.5, "cuda:1", 21, 40);
  e.attempt = 1;
  e.prover_worker = 3;
  e.prover_workers = 4;
  e.batch = 2;
  e.phases = {{"ntt_h", 4.5}, {"msm_h", 9.25}};
  const std::string line = timing_event_json(e);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_TRUE(line.starts_with("{\"job\":\"job-1\",\"kind\":\"porep_seal_commit\"")) << line;
  std::istringstream in("2024-05-01T10:00:00.000+00:00 INFO  timing " + line + "\n");
  const auto log = read_timing_log(in);
  ASSERT_TRUE(log.errors.empty()) << log.errors[0];
  ASSERT_EQ(log.events.size(), 1u);
  const TimingEvent& r = log.events[0];
  EXPECT_EQ(r.job, "job-1");
  EXPECT_EQ(r.circuit, "porep-2k");
  EXPECT_EQ(r.partition, 1u);
  EXPECT_EQ(r.partitions, 2u);
  EXPECT_EQ(r.attempt, 1u);
  EXPECT_EQ(r.synthesis_worker, 1u);
  EXPECT_EQ(r.prover_worker, 3u);
  EXPECT_EQ(r.prover_workers, 4u);
  EXPECT_EQ(r.backend, "cuda:1");
  EXPECT_EQ(r.batch, 2u);
  EXPECT_DOUBLE_EQ(r.synthesis_start_ms, 10.25);
  EXPECT_DOUBLE_EQ(r.start_done_ms, 30.5);
  EXPECT_DOUBLE_EQ(r.prove_end_ms, 40);
  EXPECT_EQ(r.phases, e.phases);
}

TEST(TimingEvent, ReadsTextAndJsonLogsAndReportsBadLines) {
  const std::string good =
      R"({"job":"a1","kind":"porep_seal_commit","circuit":"porep-2k","partition":0,"partitions":2,)"
      R"("synthesis_worker":0,"synthesis_workers":2,"synthesis_start_ms":5,"synthesis_end_ms":9,)"
      R"("prover_worker":0,"backend":"cpu","prove_start_ms":9.5,"prove_end_ms":30})";
  std::string escaped;  // as the JSON log format writes the message
  for (char c : good) escaped += c == '"' ? std::string("\\\"") : std::string(1, c);
  auto with = [&](const std::string& from, const std::string& to) {
    return std::string(good).replace(good.find(from), from.size(), to);
  };
  const std::vector<std::string> lines = {
      "2024-05-01T10:00:00.000+00:00 INFO  cuzk starting",          // 1: skipped
      "2024-05-01T10:00:01.000+00:00 INFO  timing " + good + "\r",  // 2: event
      R"({"time":"2024-05-01T10:00:02","level":"info","msg":"timing )" + escaped + "\"}",  // 3
      good,                                                          // 4: a bare event
      "",                                                            // 5: skipped
      "2024-05-01T10:00:03.000+00:00 INFO  timing {\"job\":\"x\",",  // 6: bad JSON
      "2024-05-01T10:00:03.000+00:00 INFO  timing {\"job\":\"x\",\"partition\":0}",  // 7
      "timing " + with("\"prove_start_ms\":9.5", "\"prove_start_ms\":1"),            // 8: order
      "timing " + with("\"partition\":0", "\"partition\":-1"),                       // 9: type
      R"({"time":"2024-05-01T10:00:04","msg":"timing {\"job\":)",                    // 10: cut
      R"({"time":"2024-05-01T10:00:04","msg":"job a1: completed"})",                 // 11: skipped
  };
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  std::istringstream in(text);
  const auto log = read_timing_log(in);
  EXPECT_EQ(log.lines, 11u);
  ASSERT_EQ(log.events.size(), 3u);
  for (const auto& e : log.events) {
    EXPECT_EQ(e.job, "a1");
    EXPECT_DOUBLE_EQ(e.prove_end_ms, 30);
    EXPECT_DOUBLE_EQ(e.start_done_ms, 30);  // absent: prove end
    EXPECT_EQ(e.batch, 1u);
  }
  ASSERT_EQ(log.errors.size(), 5u);
  EXPECT_TRUE(log.errors[0].starts_with("line 6: ")) << log.errors[0];
  EXPECT_TRUE(log.errors[1].starts_with("line 7: missing field \"synthesis_worker\""))
      << log.errors[1];
  EXPECT_TRUE(log.errors[2].starts_with("line 8: times out of order")) << log.errors[2];
  EXPECT_TRUE(log.errors[3].starts_with("line 9: \"partition\" is not")) << log.errors[3];
  EXPECT_TRUE(log.errors[4].starts_with("line 10: ")) << log.errors[4];
}

TEST(Timeline, IntervalsMergeAndGaps) {
  const auto merged = merge_intervals({{5, 7}, {0, 2}, {1, 3}, {3, 4}, {9, 9}});
  ASSERT_EQ(merged.size(), 2u);
  EXPECT_DOUBLE_EQ(merged[0].start, 0);
  EXPECT_DOUBLE_EQ(merged[0].end, 4);
  EXPECT_DOUBLE_EQ(merged[1].start, 5);
  const auto gaps = gaps_within(merged, -1, 10);
  ASSERT_EQ(gaps.size(), 3u);
  EXPECT_DOUBLE_EQ(gaps[0].length(), 1);  // [-1, 0]
  EXPECT_DOUBLE_EQ(gaps[1].start, 4);     // [4, 5]
  EXPECT_DOUBLE_EQ(gaps[2].start, 7);     // [7, 10]
  EXPECT_TRUE(gaps_within(merged, 0, 4).empty());
  EXPECT_EQ(gaps_within({}, 0, 4).size(), 1u);
}

TEST(Timeline, BusyPercentAndIdleGapsOfAKnownTimeline) {
  const Timeline t = build_timeline(hand_made());
  EXPECT_DOUBLE_EQ(t.start_ms, 0);
  EXPECT_DOUBLE_EQ(t.wall_ms(), 700);
  ASSERT_EQ(t.synthesis.size(), 2u);
  ASSERT_EQ(t.provers.size(), 1u);
  EXPECT_EQ(t.provers[0].name, "cuda:0");
  EXPECT_DOUBLE_EQ(t.provers[0].busy_ms, 450);
  EXPECT_NEAR(t.prover_busy_pct, 100.0 * 450 / 700, 1e-9);
  EXPECT_NEAR(t.synthesis_busy_pct, 100.0 * 800 / 1400, 1e-9);
  ASSERT_EQ(t.provers[0].gaps.size(), 2u);
  EXPECT_DOUBLE_EQ(t.provers[0].gaps[0].length(), 100);
  EXPECT_DOUBLE_EQ(t.longest_gap.start, 500);
  EXPECT_DOUBLE_EQ(t.longest_gap.end, 650);
  EXPECT_EQ(t.longest_gap_lane, "cuda:0");
  EXPECT_EQ(t.jobs, (std::vector<std::string>{"A", "B"}));
  const std::string summary = timeline_summary(t);
  EXPECT_NE(summary.find("wall 0.70 s"), std::string::npos) << summary;
  EXPECT_NE(summary.find("GPU/prover busy 64.3 %"), std::string::npos) << summary;
  EXPECT_NE(summary.find("synthesis busy 57.1 %"), std::string::npos) << summary;
  EXPECT_NE(summary.find("longest GPU wait 0.150 s on cuda:0 at 0.50 s"), std::string::npos)
      << summary;
}

TEST(Timeline, OverlappingProofsStackAndDevicesGetTheirOwnLanes) {
  auto events = hand_made();
  events.push_back(event("B", 1, 1, 150, 200, "cuda:0", 200, 260));  // overlaps A/0 and A/1
  events.push_back(event("C", 0, 1, 200, 260, "cuda:1", 260, 700));
  const Timeline t = build_timeline(events);
  ASSERT_EQ(t.provers.size(), 2u);
  EXPECT_EQ(t.provers[0].row_count, 2u);
  EXPECT_EQ(t.provers[1].row_count, 1u);
  EXPECT_EQ(t.synthesis[1].row_count, 1u);
  EXPECT_DOUBLE_EQ(t.provers[0].busy_ms, 450);  // inside [100, 500] already
  EXPECT_NEAR(t.prover_busy_pct, 100.0 * (450 + 440) / 1400, 1e-9);
  EXPECT_DOUBLE_EQ(t.longest_gap.length(), 260);  // cuda:1 idle [0, 260]
  EXPECT_EQ(t.longest_gap_lane, "cuda:1");
}

TEST(TimelineSvg, OneBarPerPartitionStageAndOneLanePerWorkerAndDevice) {
  const Timeline t = build_timeline(hand_made());
  const std::string svg = timeline_svg(t);
  EXPECT_TRUE(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")) << svg.substr(0, 80);
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  EXPECT_EQ(testing::count(svg, "class=\"lane\""), 3u);
  EXPECT_EQ(testing::count(svg, "class=\"bar synthesis\""), 3u);
  EXPECT_EQ(testing::count(svg, "class=\"bar prove\""), 3u);
  EXPECT_EQ(testing::count(svg, "class=\"gap\""), 2u);
  EXPECT_EQ(testing::count(svg, "class=\"legend\""), 2u);
  EXPECT_EQ(testing::count(svg, "<g"), testing::count(svg, "</g>"));
  EXPECT_EQ(testing::count(svg, "<text"), testing::count(svg, "</text>"));
  EXPECT_NE(svg.find(">0.5 s</text>"), std::string::npos);  // ticks every 0.1 s
  EXPECT_NE(svg.find("longest wait 0.15 s"), std::string::npos);
  EXPECT_NE(svg.find("GPU/prover busy 64.3 %"), std::string::npos);
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  TimelineSvgOptions options;
  options.min_gap_ms = 120;  // only the 150 ms gap
  EXPECT_EQ(testing::count(timeline_svg(t, options), "class=\"gap\""), 1u);
  const std::string html = timeline_html(t, options);
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(testing::count(html, "<svg"), 1u);
}

TEST(TimelineSvg, LogTextIsEscaped) {
  auto events = hand_made();
  events[2].job = "<b>&\"x\x01";
  const std::string svg = timeline_svg(build_timeline(events));
  EXPECT_EQ(svg.find("<b>"), std::string::npos);
  EXPECT_NE(svg.find("&lt;b&gt;&amp;&quot;x?"), std::string::npos);
  EXPECT_EQ(xml_escape("a'b"), "a&apos;b");
}

TEST(TimelineSvg, EmptyTimelineStillDraws) {
  const Timeline t = build_timeline({});
  EXPECT_DOUBLE_EQ(t.wall_ms(), 0);
  EXPECT_NE(timeline_summary(t).find("longest GPU wait none"), std::string::npos);
  const std::string svg = timeline_svg(t);
  EXPECT_EQ(testing::count(svg, "class=\"bar"), 0u);
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
}

// The pipeline logs one `timing` line per proven partition, readable back, with consistent times.
TEST(Timeline, PipelineLogsOneTimingLinePerPartition) {
  std::optional<testing::LogCapture> capture(std::in_place, spdlog::level::info);
  std::string id;
  {
    testing::TestJobs jobs;
    jobs.add("three", testing::TestJobSpec(testing::kSmallCircuit, 3, 3));
    auto options = testing::test_engine_options(testing::shared_param_dir());
    options.pipeline.synthesis_workers = 2;
    Engine engine(options, jobs.factory());
    id = testing::submit_ok(engine, testing::test_request("three"));
    EXPECT_EQ(testing::await_end(engine, id).state, JobState::kCompleted);
  }
  const std::string captured = capture->text();
  capture.reset();
  std::istringstream in(captured);
  const auto log = read_timing_log(in);
  EXPECT_TRUE(log.errors.empty()) << log.errors[0];
  ASSERT_EQ(log.events.size(), 3u) << captured;
  std::set<unsigned> partitions;
  for (const auto& e : log.events) {
    partitions.insert(e.partition);
    EXPECT_EQ(e.job, id);
    EXPECT_EQ(e.kind, "porep_seal_commit");
    EXPECT_EQ(e.circuit, "chain-64");
    EXPECT_EQ(e.partitions, 3u);
    EXPECT_EQ(e.synthesis_workers, 4u);  // the two, and the deadline lane's two
    EXPECT_EQ(e.prover_workers, 3u);     // one, and the deadline lane's two
    EXPECT_EQ(e.backend, "cpu");
    EXPECT_FALSE(e.phases.empty());
    EXPECT_GT(e.synthesis_start_ms, 0);
    EXPECT_GT(e.prove_end_ms, e.prove_start_ms);
  }
  EXPECT_EQ(partitions, (std::set<unsigned>{0, 1, 2}));
  EXPECT_EQ(build_timeline(log.events).jobs.size(), 1u);
}

}  // namespace
}  // namespace cuzk::engine
