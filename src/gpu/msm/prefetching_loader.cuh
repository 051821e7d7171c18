// PrefetchingBaseLoader: the affine bases of an MSM kernel's loop, gathered ahead of use through
// shared memory (the bucket sums' first level in msm_runs.cuh, the batch addition of the scalar-1
// bases in msm_reduce.cuh). Device code only.
#pragma once

#include <cuda_pipeline.h>

#include <cstddef>
#include <cstdint>

#include "gpu/arith/affine.hpp"
#include "gpu/arith/point_storage.hpp"
#include "gpu/msm/msm_buckets.hpp"
#include "gpu/msm/msm_digits.hpp"

namespace cuzk::gpu {

// Step i of a thread's loop reads base values[i * stride] (sign bit: negate it). While step i's
// point is being added, the base of step i + 1 is already on its way into this thread's
// shared-memory slot (cp.async, no registers held), and the value of step i + 2 into a register —
// the gather's latency is off the critical path. (Holding the next point in registers instead
// cost the bucket kernel 4 %: msm_buckets.hpp.) Steps come in order, one call each; a step the
// caller skips (sum_runs' skip bucket) breaks the chain and the next call loads directly. Two
// slots per thread, alternating, so a copy never lands in the slot being read. Shared memory is
// [slot][16-byte piece][thread] for kThreads threads: a warp's accesses are consecutive. The bases
// must be 16-byte aligned (GpuMsm checks it).
template <class F, unsigned kThreads>
struct PrefetchingBaseLoader {
  using Storage = AffineStorage<typename F::Storage>;
  static constexpr unsigned kPieces = sizeof(Storage) / 16;
  static_assert(sizeof(Storage) % 16 == 0, "bases are copied in 16-byte pieces");

  static constexpr size_t kSmemPieces = 2 * kPieces * kThreads;  // the caller's __shared__ uint4s

  const uint32_t* values;
  size_t stride;
  const Storage* bases;
  uint4* smem;              // kSmemPieces pieces
  unsigned lane;            // threadIdx.x
  size_t end;               // steps [0 or the chunk's first, end)
  size_t ready = SIZE_MAX;  // the step whose base is in flight
  uint32_t ready_value = 0;
  uint32_t ahead_value = 0;  // the value of step ready + 1 when ready + 1 < end

  __device__ uint4* piece(size_t i, unsigned k) const {
    return smem + (size_t(i & 1) * kPieces + k) * kThreads + lane;
  }
  __device__ void issue(size_t i, uint32_t v) const {
    const uint4* src = reinterpret_cast<const uint4*>(bases + (v & ~kSignBit));
#pragma unroll
    for (unsigned k = 0; k < kPieces; ++k) __pipeline_memcpy_async(piece(i, k), src + k, 16);
    __pipeline_commit();
  }
  __device__ Affine<F> operator()(size_t i) {
    Storage st;
    uint32_t v, next;
    if (ready == i) {
      __pipeline_wait_prior(0);
      uint4* words = reinterpret_cast<uint4*>(&st);
#pragma unroll
      for (unsigned k = 0; k < kPieces; ++k) words[k] = *piece(i, k);
      v = ready_value;
      next = ahead_value;
    } else {
      __pipeline_wait_prior(0);  // a copy for a skipped step may still be in flight
      v = values[i * stride];
      st = bases[v & ~kSignBit];
      next = i + 1 < end ? values[(i + 1) * stride] : 0;
    }
    if (i + 1 < end) {
      issue(i + 1, next);
      ready = i + 1;
      ready_value = next;
      if (i + 2 < end) ahead_value = values[(i + 2) * stride];
    } else {
      ready = SIZE_MAX;
    }
    return signed_base<F>(st, v);
  }
};

}  // namespace cuzk::gpu
