// The GPU MSM's phase timer (msm.cu, with GpuMsmT::set_profiling): events recorded at the phase
// boundaries of one call on its stream, read back after the call's sync into GpuMsmStats. Internal
// to the MSM driver.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

#include "gpu/msm/msm.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::msm_detail {

enum class Phase { kPrepare, kOnes, kDigits, kSort, kRuns, kReduce };

// Events at the phase boundaries of one call; the interval before mark(p) is charged to p.
class PhaseTimer {
 public:
  void start(bool on, cudaStream_t stream) {
    on_ = on;
    stream_ = stream;
    phases_.clear();
    if (on_) record();
  }
  bool on() const { return on_; }
  void mark(Phase finished) {
    if (!on_) return;
    phases_.push_back(finished);
    record();
  }
  // After the stream has synchronised.
  void collect(GpuMsmStats& stats) const {
    if (!on_) return;
    for (size_t i = 0; i < phases_.size(); ++i) {
      const float ms = Event::elapsed_ms(events_[i], events_[i + 1]);
      switch (phases_[i]) {
        case Phase::kPrepare:
          stats.prepare_ms += ms;
          break;
        case Phase::kOnes:
          stats.ones_ms += ms;
          break;
        case Phase::kDigits:
          stats.digits_ms += ms;
          break;
        case Phase::kSort:
          stats.sort_ms += ms;
          break;
        case Phase::kRuns:
          stats.runs_ms += ms;
          break;
        case Phase::kReduce:
          stats.reduce_ms += ms;
          break;
      }
    }
  }

 private:
  void record() {
    const size_t i = phases_.size();
    if (events_.size() <= i) events_.emplace_back();  // pooled across calls
    events_[i].record(stream_);
  }
  bool on_ = false;
  cudaStream_t stream_ = nullptr;
  std::vector<Event> events_;
  std::vector<Phase> phases_;
};

}  // namespace cuzk::gpu::msm_detail
