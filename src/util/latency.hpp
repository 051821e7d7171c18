// Latency summaries of the bench's client commands and the load tests: nearest-rank percentiles
// of a sample (milliseconds, say).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace cuzk {

// The nearest-rank p-th percentile (0 < p <= 100) of ascending `sorted`; 0 when it is empty.
inline double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const size_t rank = size_t(std::ceil(p / 100 * double(sorted.size())));
  return sorted[std::clamp<size_t>(rank, 1, sorted.size()) - 1];
}

struct LatencySummary {
  size_t count = 0;
  double p50 = 0, p90 = 0, p99 = 0, max = 0;
};

inline LatencySummary summarize_latencies(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  return {samples.size(), percentile(samples, 50), percentile(samples, 90), percentile(samples, 99),
          samples.empty() ? 0.0 : samples.back()};
}

}  // namespace cuzk
