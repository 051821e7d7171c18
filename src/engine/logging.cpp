// spdlog set-up: text or JSON lines on stdout, flushed per line (see logging.hpp).
#include "engine/logging.hpp"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace cuzk::engine {
namespace {

// %* : the message as the body of a JSON string (quotes, backslashes, control characters escaped).
class JsonMessageFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    static constexpr char kHex[] = "0123456789abcdef";
    for (char c : msg.payload) {
      switch (c) {
        case '"':
          dest.append(std::string_view("\\\""));
          break;
        case '\\':
          dest.append(std::string_view("\\\\"));
          break;
        case '\n':
          dest.append(std::string_view("\\n"));
          break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            const char esc[] = {'\\', 'u', '0', '0', kHex[(c >> 4) & 15], kHex[c & 15]};
            dest.append(esc, esc + sizeof(esc));
          } else {
            dest.push_back(c);
          }
      }
    }
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<JsonMessageFlag>();
  }
};

}  // namespace

std::optional<std::string> setup_logging(const std::string& level, const std::string& format) {
  const auto lvl = spdlog::level::from_str(level);
  if (lvl == spdlog::level::off && level != "off") return "unknown log level \"" + level + "\"";
  auto logger = std::make_shared<spdlog::logger>(
      "cuzk", std::make_shared<spdlog::sinks::stdout_color_sink_mt>());
  if (format == "json") {
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<JsonMessageFlag>('*').set_pattern(
        R"({"time":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","thread":%t,"msg":"%*"})");
    logger->set_formatter(std::move(formatter));
  } else if (format == "text") {
    logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%-5l%$ %v");
  } else {
    return "unknown log format \"" + format + "\" (text or json)";
  }
  logger->set_level(lvl);
  logger->flush_on(spdlog::level::trace);
  spdlog::set_default_logger(logger);
  return std::nullopt;
}

}  // namespace cuzk::engine
