// Draws a partition timeline (timeline.hpp) as a self-contained SVG, or an HTML page holding it:
// a lane per synthesis worker and per device, a bar per partition coloured by job (prover bars:
// solid while start() runs, lighter until finish() returns), the prover lanes' idle gaps in red,
// a time axis in seconds, a legend of the jobs and the summary. Tooltips (<title>) give each
// bar's numbers. No script, no external resource.
#pragma once

#include <string>

#include "engine/timeline.hpp"

namespace cuzk::engine {

struct TimelineSvgOptions {
  double width = 1200;    // pixels
  double min_gap_ms = 1;  // shorter prover idle gaps are not highlighted (still counted)
  std::string title = "cuzk partition timeline";
};

std::string timeline_svg(const Timeline& timeline, const TimelineSvgOptions& options = {});
std::string timeline_html(const Timeline& timeline, const TimelineSvgOptions& options = {});

// `text` with &, <, >, " and ' escaped for XML, other control characters than tab and newline
// replaced by "?".
std::string xml_escape(const std::string& text);

}  // namespace cuzk::engine
