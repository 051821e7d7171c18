// Log set-up of the daemon and the tools: spdlog's default logger on stdout, as text or as one
// JSON object per line, flushed after every line (so timings reach a file or journald at once,
// in order, even if the process dies).
#pragma once

#include <optional>
#include <string>

namespace cuzk::engine {

// level: trace | debug | info | warn | error | critical | off; format: text | json.
// Returns an error message for an unknown level or format.
std::optional<std::string> setup_logging(const std::string& level, const std::string& format);

}  // namespace cuzk::engine
