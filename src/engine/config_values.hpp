// Parsers for the human-written values of the config file: byte sizes and durations. They return
// nullopt on anything malformed; the config reader turns that into a file:line error.
//   sizes:     "256GiB", "5 GiB", "512MiB", "64KiB", "1TiB" (powers of 1024), "10GB", "500MB",
//              "1TB", "1kB" (powers of 1000), "123" or "123B" (bytes)
//   durations: "5m", "300s", "1h", "250ms", "1h30m", or a bare integer of seconds; at most
//              kMaxDuration (longer is nullopt too)
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cuzk::engine {

// The longest duration a config value may give: 100 years, so that adding one to a clock's
// time point (nanoseconds in 64 bits, ~292 years) cannot overflow.
inline constexpr std::chrono::hours kMaxDuration{24 * 365 * 100};

std::optional<uint64_t> parse_byte_size(std::string_view text);
std::optional<std::chrono::milliseconds> parse_duration(std::string_view text);

// The inverse, for printing a configuration: the largest unit that divides exactly ("128MiB",
// "5GiB", "123B"; "5m", "30s", "250ms").
std::string format_byte_size(uint64_t bytes);
std::string format_duration(std::chrono::milliseconds duration);

}  // namespace cuzk::engine
