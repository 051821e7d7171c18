// SVG and HTML drawing of the partition timeline (timeline_svg.hpp), by plain string building.
#include "engine/timeline_svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace cuzk::engine {
namespace {

constexpr double kLeft = 150, kRight = 20, kTop = 72, kRowHeight = 16, kLanePad = 4;
constexpr double kSectionGap = 12, kAxisHeight = 34, kLegendRow = 18, kLegendColumn = 280;
constexpr size_t kLegendMax = 48;
constexpr const char* kPalette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd",
                                    "#8c564b", "#e377c2", "#17becf", "#bcbd22",
                                    "#7f7f7f", "#393b79", "#ad494a", "#637939"};

std::string colour(size_t job_index) {
  return kPalette[job_index % std::size(kPalette)];
}

// 1, 2 or 5 times a power of ten, about a tenth of the span.
double tick_step(double span) {
  if (!(span > 0)) return 1;
  const double raw = span / 10, unit = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (raw <= m * unit) return m * unit;
  }
  return 10 * unit;
}

std::string short_id(const std::string& id) {
  return id.size() > 12 ? id.substr(0, 8) + "…" : id;
}

class Drawing {
 public:
  Drawing(const Timeline& t, const TimelineSvgOptions& o)
      : t_(t),
        o_(o),
        plot_width_(std::max(100.0, o.width - kLeft - kRight)),
        wall_(t.wall_ms() > 0 ? t.wall_ms() : 1) {}

  std::string svg() {
    double y = kTop;
    const double lanes_top = y;
    for (size_t i = 0; i < t_.synthesis.size(); ++i) y = lane(t_.synthesis[i], false, i, y);
    y += kSectionGap;
    for (size_t i = 0; i < t_.provers.size(); ++i) y = lane(t_.provers[i], true, i, y);
    axis(lanes_top, y);
    y = legend(y + kAxisHeight);
    std::string head = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" "
        "viewBox=\"0 0 {0:.0f} {1:.0f}\">\n<style>text{{font:12px sans-serif;fill:#222}}"
        ".title{{font-size:15px;font-weight:bold}}.label{{text-anchor:end}}"
        ".tick{{text-anchor:middle;fill:#555}}</style>\n"
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        "<text class=\"title\" x=\"10\" y=\"20\">{2}</text>\n",
        o_.width, y + 10, xml_escape(o_.title));
    double line_y = 40;
    std::string summary = timeline_summary(t_);
    for (size_t at = 0; at < summary.size();) {
      size_t end = summary.find('\n', at);
      if (end == std::string::npos) end = summary.size();
      head += fmt::format("<text class=\"summary\" x=\"10\" y=\"{:.0f}\">{}</text>\n", line_y,
                          xml_escape(summary.substr(at, end - at)));
      line_y += 16;
      at = end + 1;
    }
    return head + body_ + "</svg>\n";
  }

 private:
  double x(double ms) const { return kLeft + (ms - t_.start_ms) / wall_ * plot_width_; }

  void rect(double x0, double x1, double y, double h, const std::string& fill, double opacity) {
    body_ += fmt::format(
        "<rect x=\"{:.2f}\" y=\"{:.1f}\" width=\"{:.2f}\" height=\"{:.1f}\" fill=\"{}\"{}/>", x0, y,
        std::max(0.5, x1 - x0), h, fill,
        opacity < 1 ? fmt::format(" fill-opacity=\"{:.2f}\"", opacity) : "");
  }

  // Draws one lane from y down; returns the y below it.
  double lane(const Lane& lane, bool prover, size_t index, double y) {
    const double height = lane.row_count * kRowHeight + 2 * kLanePad;
    body_ += fmt::format(
        "<g class=\"lane\"><rect x=\"{:.0f}\" y=\"{:.1f}\" width=\"{:.0f}\" "
        "height=\"{:.1f}\" fill=\"{}\"/>",
        kLeft, y, plot_width_, height, index % 2 ? "#f4f4f4" : "#eaeaea");
    body_ +=
        fmt::format("<text class=\"label\" x=\"{:.0f}\" y=\"{:.1f}\">{}{}</text></g>\n", kLeft - 8,
                    y + height / 2 + 4, prover ? "prover " : "", xml_escape(lane.name));
    if (prover) gaps(lane, y, height);
    for (size_t k = 0; k < lane.events.size(); ++k) {
      const TimingEvent& e = t_.events[lane.events[k]];
      const double bar_y = y + kLanePad + lane.rows[k] * kRowHeight + 1;
      const std::string fill = colour(t_.job_index(e.job));
      body_ += fmt::format("<g class=\"bar {}\"><title>{}</title>", prover ? "prove" : "synthesis",
                           xml_escape(prover ? prove_tooltip(e) : synthesis_tooltip(e)));
      if (prover) {  // lighter from start() to finish()'s return, solid while start() runs
        rect(x(e.prove_start_ms), x(e.prove_end_ms), bar_y, kRowHeight - 2, fill, 0.45);
        rect(x(e.prove_start_ms), x(e.start_done_ms), bar_y, kRowHeight - 2, fill, 1);
      } else {
        rect(x(e.synthesis_start_ms), x(e.synthesis_end_ms), bar_y, kRowHeight - 2, fill, 1);
      }
      body_ += "</g>\n";
    }
    return y + height + 2;
  }

  void gaps(const Lane& lane, double y, double height) {
    for (const auto& g : lane.gaps) {
      if (g.length() < o_.min_gap_ms) continue;
      body_ += fmt::format("<g class=\"gap\"><title>{} idle {:.1f} ms, from {:.3f} s</title>",
                           xml_escape(lane.name), g.length(), (g.start - t_.start_ms) / 1000);
      rect(x(g.start), x(g.end), y, height, "#d62728", 0.22);
      body_ += "</g>\n";
      const bool longest = lane.name == t_.longest_gap_lane && g.start == t_.longest_gap.start;
      if (longest && x(g.end) - x(g.start) > 90) {
        body_ += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#a00\">longest wait "
            "{:.2f} s</text>\n",
            x(g.start) + 3, y + height / 2 + 4, g.length() / 1000);
      }
    }
  }

  std::string synthesis_tooltip(const TimingEvent& e) const {
    return fmt::format(
        "job {} partition {}/{} ({}): synthesis {:.1f} ms on worker {}, {:.3f} s "
        "to {:.3f} s",
        e.job, e.partition, e.partitions, e.circuit, e.synthesis_end_ms - e.synthesis_start_ms,
        e.synthesis_worker, (e.synthesis_start_ms - t_.start_ms) / 1000,
        (e.synthesis_end_ms - t_.start_ms) / 1000);
  }

  std::string prove_tooltip(const TimingEvent& e) const {
    std::string phases;
    for (const auto& [name, ms] : e.phases) {
      phases += fmt::format("{}{} {:.1f}", phases.empty() ? "" : ", ", name, ms);
    }
    return fmt::format(
        "job {} partition {}/{} ({}) on {} by prover worker {} (batch of {}, "
        "attempt {}): waited {:.1f} ms after synthesis, start() {:.1f} ms, "
        "finish() {:.1f} ms after {:.1f} ms, {:.3f} s to {:.3f} s [{}]",
        e.job, e.partition, e.partitions, e.circuit, e.backend, e.prover_worker, e.batch, e.attempt,
        e.prove_start_ms - e.synthesis_end_ms, e.start_done_ms - e.prove_start_ms,
        e.prove_end_ms - e.finish_start_ms, e.finish_start_ms - e.start_done_ms,
        (e.prove_start_ms - t_.start_ms) / 1000, (e.prove_end_ms - t_.start_ms) / 1000, phases);
  }

  void axis(double top, double bottom) {
    const double step = tick_step(wall_ / 1000);
    body_ += fmt::format(
        "<line x1=\"{0:.0f}\" y1=\"{1:.1f}\" x2=\"{2:.0f}\" y2=\"{1:.1f}\" "
        "stroke=\"#444\"/>\n",
        kLeft, bottom + 2, kLeft + plot_width_);
    for (int k = 0; k * step <= wall_ / 1000 + 1e-9; ++k) {
      const double s = k * step, tx = kLeft + s * 1000 / wall_ * plot_width_;
      body_ += fmt::format(
          "<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" "
          "y2=\"{2:.1f}\" stroke=\"#bbb\" stroke-width=\"0.5\"/>"
          "<text class=\"tick\" x=\"{0:.1f}\" y=\"{3:.1f}\">{4:g} s</text>\n",
          tx, top, bottom + 6, bottom + 18, s);
    }
  }

  // The jobs' colours; returns the y below.
  double legend(double y) {
    const size_t per_row = std::max<size_t>(1, size_t((o_.width - 20) / kLegendColumn));
    const size_t shown = std::min(t_.jobs.size(), kLegendMax);
    for (size_t j = 0; j < shown; ++j) {
      const double lx = 10 + double(j % per_row) * kLegendColumn;
      const double ly = y + double(j / per_row) * kLegendRow;
      std::string circuit;
      for (const auto& e : t_.events) {
        if (e.job != t_.jobs[j]) continue;
        circuit = e.circuit;
        if (e.partitions > 1) circuit += ", " + std::to_string(e.partitions) + " partitions";
      }
      body_ += fmt::format(
          "<g class=\"legend\"><rect x=\"{:.0f}\" y=\"{:.0f}\" width=\"12\" "
          "height=\"12\" fill=\"{}\"/><text x=\"{:.0f}\" y=\"{:.0f}\">job {} "
          "({})</text></g>\n",
          lx, ly, colour(j), lx + 16, ly + 10, xml_escape(short_id(t_.jobs[j])),
          xml_escape(circuit));
    }
    y += double((shown + per_row - 1) / per_row) * kLegendRow;
    if (t_.jobs.size() > shown) {
      body_ += fmt::format("<text x=\"10\" y=\"{:.0f}\">… and {} more jobs</text>\n", y + 10,
                           t_.jobs.size() - shown);
      y += kLegendRow;
    }
    body_ += fmt::format(
        "<text x=\"10\" y=\"{:.0f}\" fill=\"#555\">bars: synthesis; prover "
        "solid while start() runs, light until finish() returns; red: prover "
        "idle (GPU waits)</text>\n",
        y + 10);
    return y + kLegendRow;
  }

  const Timeline& t_;
  const TimelineSvgOptions& o_;
  const double plot_width_, wall_;
  std::string body_;
};

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:  // XML 1.0 has no other control characters
        out += (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') ? '?' : c;
    }
  }
  return out;
}

std::string timeline_svg(const Timeline& timeline, const TimelineSvgOptions& options) {
  return Drawing(timeline, options).svg();
}

std::string timeline_html(const Timeline& timeline, const TimelineSvgOptions& options) {
  return fmt::format(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{0}</title>"
      "</head>\n<body style=\"font-family:sans-serif\">\n<h1>{0}</h1>\n<pre>{1}"
      "</pre>\n{2}</body></html>\n",
      xml_escape(options.title), xml_escape(timeline_summary(timeline)),
      timeline_svg(timeline, options));
}

}  // namespace cuzk::engine
