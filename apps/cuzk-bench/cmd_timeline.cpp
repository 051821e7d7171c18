// cuzk-bench timeline: draws the daemon's partitions across synthesis workers and devices.
//   timeline --log daemon.log --out timeline.svg [--html] [--job ID]... [--width PX]
//            [--min-gap-ms MS] [--title TEXT] [--split-at-first CIRCUIT]
// Reads the `timing {json}` lines of a daemon log (text or JSON lines; engine/timing_event.hpp),
// writes a self-contained SVG (or an HTML page holding it, --html) and prints the summary: wall
// time, GPU / prover busy %, synthesis busy %, the longest GPU wait; then per circuit the pace
// (a partition every … ms) and each phase's median / p90 / max (engine/phase_summary.hpp);
// --split-at-first: the same again for the partitions that ended before the first partition of
// CIRCUIT started proving, and for the rest (engine::split_at_first).
// Unreadable timing lines are reported on stderr and skipped; exit 1 when no event is left.
#include <algorithm>
#include <fstream>
#include <iostream>

#include "commands.hpp"
#include "engine/phase_summary.hpp"
#include "engine/timeline_svg.hpp"

namespace cuzk::bench {

namespace {

void print_split(const std::vector<engine::TimingEvent>& events, const std::string& circuit) {
  const engine::SplitEvents split = engine::split_at_first(events, circuit);
  if (!split.found) {
    std::cout << "no " << circuit << " partition: nothing to split at\n";
    return;
  }
  std::cout << "before the first " << circuit << " (prove start at " << split.at_ms << " ms):\n"
            << engine::phase_summary_text(engine::summarize_phases(split.before))
            << "from the first " << circuit << " on:\n"
            << engine::phase_summary_text(engine::summarize_phases(split.after));
}

}  // namespace

void add_timeline_command(CLI::App& app) {
  struct Options {
    std::string log, out = "timeline.svg";
    bool html = false;
    std::vector<std::string> jobs;
    std::string split_circuit;
    engine::TimelineSvgOptions svg;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("timeline",
                                 "SVG / HTML timeline of partitions across synthesis "
                                 "workers and devices, from the daemon's log");
  cmd->add_option("--log", opt->log, "Daemon log (text or JSON lines) with `timing` lines")
      ->required();
  cmd->add_option("--out", opt->out, "Output file")->capture_default_str();
  cmd->add_flag("--html", opt->html, "Write an HTML page holding the SVG and the summary");
  cmd->add_option("--job", opt->jobs, "Only these job ids (repeatable)");
  cmd->add_option("--width", opt->svg.width, "Width in pixels")->capture_default_str();
  cmd->add_option("--min-gap-ms", opt->svg.min_gap_ms,
                  "Highlight prover idle gaps from this length")
      ->capture_default_str();
  cmd->add_option("--title", opt->svg.title, "Title")->capture_default_str();
  cmd->add_option("--split-at-first", opt->split_circuit,
                  "Also summarise the partitions before the first partition of this circuit "
                  "(e.g. winning-32g) and those from it on");
  cmd->callback([opt] {
    std::ifstream in(opt->log);
    if (!in) throw std::runtime_error("cannot read " + opt->log);
    auto log = engine::read_timing_log(in);
    for (const auto& error : log.errors) std::cerr << opt->log << ": " << error << "\n";
    if (!opt->jobs.empty()) {
      std::erase_if(log.events, [&](const engine::TimingEvent& e) {
        return std::find(opt->jobs.begin(), opt->jobs.end(), e.job) == opt->jobs.end();
      });
    }
    if (log.events.empty()) {
      std::cerr << "timeline: no timing events in " << opt->log << " (" << log.lines << " lines, "
                << log.errors.size() << " unreadable timing lines)\n";
      throw CLI::RuntimeError(1);
    }
    const auto timeline = engine::build_timeline(std::move(log.events));
    const std::string doc = opt->html ? engine::timeline_html(timeline, opt->svg)
                                      : engine::timeline_svg(timeline, opt->svg);
    std::ofstream out(opt->out, std::ios::binary);
    out << doc;
    if (!out.flush()) throw std::runtime_error("cannot write " + opt->out);
    std::cout << engine::timeline_summary(timeline) << "wrote " << opt->out << " (" << doc.size()
              << " bytes";
    if (!log.errors.empty()) std::cout << "; " << log.errors.size() << " timing lines skipped";
    std::cout << ")\n" << engine::phase_summary_text(engine::summarize_phases(timeline.events));
    if (!opt->split_circuit.empty()) print_split(timeline.events, opt->split_circuit);
  });
}

}  // namespace cuzk::bench
