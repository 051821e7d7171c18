// Byte sizes and durations of the config file (see config_values.hpp).
#include "engine/config_values.hpp"

#include <cctype>
#include <charconv>
#include <string>
#include <utility>

namespace cuzk::engine {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Leading decimal digits (with an optional fraction) of `s`; advances it.
std::optional<double> take_number(std::string_view& s) {
  size_t n = 0;
  while (n < s.size() && (std::isdigit(static_cast<unsigned char>(s[n])) || s[n] == '.')) ++n;
  if (n == 0) return std::nullopt;
  double v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + n, v);
  if (ec != std::errc() || end != s.data() + n) return std::nullopt;
  s.remove_prefix(n);
  return v;
}

// `ms` as a duration, or nullopt beyond kMaxDuration (checked before the conversion, which
// would overflow).
std::optional<std::chrono::milliseconds> bounded_ms(double ms) {
  if (ms > double(std::chrono::milliseconds(kMaxDuration).count())) return std::nullopt;
  return std::chrono::milliseconds(int64_t(ms));
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<uint64_t> parse_byte_size(std::string_view text) {
  std::string_view s = trim(text);
  auto value = take_number(s);
  if (!value) return std::nullopt;
  const std::string unit = lower(trim(s));
  double scale = 0;
  if (unit.empty() || unit == "b")
    scale = 1;
  else if (unit == "kib")
    scale = 1024.0;
  else if (unit == "mib")
    scale = 1024.0 * 1024;
  else if (unit == "gib")
    scale = 1024.0 * 1024 * 1024;
  else if (unit == "tib")
    scale = 1024.0 * 1024 * 1024 * 1024;
  else if (unit == "kb")
    scale = 1e3;
  else if (unit == "mb")
    scale = 1e6;
  else if (unit == "gb")
    scale = 1e9;
  else if (unit == "tb")
    scale = 1e12;
  else
    return std::nullopt;
  const double bytes = *value * scale;
  if (bytes >= 18e18) return std::nullopt;
  return uint64_t(bytes);
}

std::optional<std::chrono::milliseconds> parse_duration(std::string_view text) {
  std::string_view s = trim(text);
  if (s.empty()) return std::nullopt;
  double total_ms = 0;
  bool bare = true;
  while (!s.empty()) {
    auto value = take_number(s);
    if (!value) return std::nullopt;
    size_t n = 0;
    while (n < s.size() && std::isalpha(static_cast<unsigned char>(s[n]))) ++n;
    const std::string unit = lower(s.substr(0, n));
    s.remove_prefix(n);
    if (unit.empty()) {
      if (!bare || !s.empty()) return std::nullopt;  // a bare number only on its own
      return bounded_ms(*value * 1000);
    }
    bare = false;
    if (unit == "ms")
      total_ms += *value;
    else if (unit == "s")
      total_ms += *value * 1e3;
    else if (unit == "m")
      total_ms += *value * 60e3;
    else if (unit == "h")
      total_ms += *value * 3600e3;
    else
      return std::nullopt;
  }
  return bounded_ms(total_ms);
}

std::string format_byte_size(uint64_t bytes) {
  static constexpr std::pair<uint64_t, const char*> kUnits[] = {{uint64_t(1) << 40, "TiB"},
                                                                {uint64_t(1) << 30, "GiB"},
                                                                {uint64_t(1) << 20, "MiB"},
                                                                {uint64_t(1) << 10, "KiB"}};
  for (const auto& [scale, unit] : kUnits) {
    if (bytes != 0 && bytes % scale == 0) return std::to_string(bytes / scale) + unit;
  }
  return std::to_string(bytes) + "B";
}

std::string format_duration(std::chrono::milliseconds duration) {
  static constexpr std::pair<int64_t, const char*> kUnits[] = {
      {3600000, "h"}, {60000, "m"}, {1000, "s"}};
  const int64_t ms = duration.count();
  for (const auto& [scale, unit] : kUnits) {
    if (ms != 0 && ms % scale == 0) return std::to_string(ms / scale) + unit;
  }
  return std::to_string(ms) + "ms";
}

}  // namespace cuzk::engine
