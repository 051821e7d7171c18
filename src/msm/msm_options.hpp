// Options of the CPU MSM, with their defaults (validated by make_plan / msm()).
#pragma once

namespace cuzk::msm {

// How a window's buckets are accumulated (msm_plan.hpp has the measured trade-off).
enum class Accumulator {
  kAuto,         // the planner's choice by size
  kXyzz,         // XYZZ buckets, one mixed addition per point (xyzz_buckets.hpp)
  kBatchAffine,  // affine buckets, batched additions sharing one inversion (affine_buckets.hpp)
};

struct MsmOptions {
  // Worker threads; 0 = all hardware threads.
  unsigned threads = 0;
  // Pippenger window size c in bits; 0 = chosen by the cost model (msm_plan.hpp).
  unsigned window_bits = 0;
  // Bit/tail split: scalars 0 are skipped and bases with scalar 1 summed by plain additions
  // before Pippenger sees the rest (the Filecoin witness is ~70% zeros and ones). The result is
  // identical either way; off, zeros and ones go through the windows like any scalar.
  bool split_trivial = true;
  Accumulator accumulator = Accumulator::kAuto;
};

}  // namespace cuzk::msm
