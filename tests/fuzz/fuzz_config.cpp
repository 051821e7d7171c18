// Fuzzes the daemon's TOML config loader from a string (engine::parse_config; load_config reads
// the file and calls it) and the value parsers it uses (parse_byte_size, parse_duration) on the
// raw input. Beyond "no crash": every error and every warning starts with "FILE:LINE:COLUMN: "
// (LINE and COLUMN positive), as config.hpp promises; parsing is deterministic.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/config.hpp"
#include "engine/config_values.hpp"
#include "fuzz_check.hpp"

using namespace cuzk::engine;

namespace {

constexpr std::string_view kFile = "fuzz.toml";

// Consumes a positive decimal number and the character after it, which must be `end`.
bool positive_then(std::string_view& s, char end) {
  size_t n = 0;
  while (n < s.size() && std::isdigit(static_cast<unsigned char>(s[n]))) ++n;
  if (n == 0 || s[0] == '0' || n == s.size() || s[n] != end) return false;
  s.remove_prefix(n + 1);
  return true;
}

bool has_position(std::string_view message) {
  if (!message.starts_with(kFile) || message.size() == kFile.size() ||
      message[kFile.size()] != ':') {
    return false;
  }
  message.remove_prefix(kFile.size() + 1);
  return positive_then(message, ':') && positive_then(message, ':') && message.starts_with(' ');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)parse_byte_size(text);
  (void)parse_duration(text);

  auto config = parse_config(text, kFile);
  auto again = parse_config(text, kFile);
  FUZZ_CHECK(config.ok() == again.ok());
  if (!config) {
    FUZZ_CHECK(config.code() == ConfigError::kInvalid);
    FUZZ_CHECK(has_position(config.error().message));
    FUZZ_CHECK(config.error().message == again.error().message);
    return 0;
  }
  for (const std::string& w : config->warnings) FUZZ_CHECK(has_position(w));
  FUZZ_CHECK(config->warnings == again->warnings);
  return 0;
}
