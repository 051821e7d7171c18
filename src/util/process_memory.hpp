// This process's memory as the kernel counts it (/proc/self/status): the resident set now
// (VmRSS), its high-water mark (VmHWM) and resetting that mark — for tools that report the peak
// memory of each stage of a long computation. Linux only; 0 where the file cannot be read.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>

namespace cuzk {

namespace process_memory_detail {
inline uint64_t status_kb(std::string_view key) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.size() > key.size() && line.compare(0, key.size(), key) == 0 &&
        line[key.size()] == ':') {
      return std::stoull(line.substr(key.size() + 1));
    }
  }
  return 0;
}
}  // namespace process_memory_detail

// Resident set now, in bytes.
inline uint64_t resident_bytes() {
  return process_memory_detail::status_kb("VmRSS") << 10;
}
// Peak resident set since the process started or the last reset_peak_resident(), in bytes.
inline uint64_t peak_resident_bytes() {
  return process_memory_detail::status_kb("VmHWM") << 10;
}
// Starts a new high-water mark at the current resident set.
inline void reset_peak_resident() {
  std::ofstream("/proc/self/clear_refs") << "5";
}

}  // namespace cuzk
