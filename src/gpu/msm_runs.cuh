// Bucket sums of the GPU MSM (msm_kernels.hpp's RunKernels<C>): one thread per chunk of sorted
// entries, running the sum_runs body of msm_buckets.hpp — mixed additions of the bases at the first
// level, full XYZZ additions of partial sums at the later ones. This is where the MSM spends its
// time (terms × windows mixed additions); 128 threads per block keep the register-heavy additions
// resident, and in G1 the first level gathers its bases through shared memory ahead of use
// (PrefetchingBaseLoader). Templated on the curve; msm_runs.cu (G1) and msm_runs_g2.cu (G2)
// instantiate it.
#pragma once

#include <cuda_pipeline.h>

#include <algorithm>
#include <cstdint>

#include "gpu/cuda_util.hpp"
#include "gpu/fields.cuh"
#include "gpu/msm_kernels.hpp"

namespace cuzk::gpu::msm_kernels {
namespace runs_detail {

constexpr unsigned kThreads = 128;

// The first level's loader on the device: while entry i is being added, the base of entry i + 1
// is already on its way into this thread's shared-memory slot (cp.async, no registers held), and
// the sorted value of entry i + 2 into a register — the gather's latency is off the critical path.
// (Holding the next point in registers instead cost the kernel 4 %: msm_buckets.hpp.) Entries come
// in order, one call each; an entry sum_runs skips (the skip bucket) breaks the chain and the next
// call loads directly. Two slots per thread, alternating, so a copy never lands in the slot being
// read. Shared memory is [slot][16-byte piece][thread]: a warp's accesses are consecutive.
template <class F>
struct PrefetchingBaseLoader {
  using Storage = AffineStorage<typename F::Storage>;
  static constexpr unsigned kPieces = sizeof(Storage) / 16;
  static_assert(sizeof(Storage) % 16 == 0, "bases are copied in 16-byte pieces");

  const uint32_t* values;
  const Storage* bases;
  uint4* smem;                      // 2 * kPieces * kThreads pieces
  unsigned lane;                    // threadIdx.x
  size_t end;                       // this chunk's entries end here
  mutable size_t ready = SIZE_MAX;  // the entry whose base is in flight
  mutable uint32_t ready_value = 0;
  mutable uint32_t ahead_value = 0;  // values[ready + 1] when ready + 1 < end

  __device__ uint4* piece(size_t i, unsigned k) const {
    return smem + (size_t(i & 1) * kPieces + k) * kThreads + lane;
  }
  __device__ void issue(size_t i, uint32_t v) const {
    const uint4* src = reinterpret_cast<const uint4*>(bases + (v & ~kSignBit));
#pragma unroll
    for (unsigned k = 0; k < kPieces; ++k) __pipeline_memcpy_async(piece(i, k), src + k, 16);
    __pipeline_commit();
  }
  __device__ Affine<F> operator()(size_t i) const {
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
      __pipeline_wait_prior(0);  // a copy for a skipped entry may still be in flight
      v = values[i];
      st = bases[v & ~kSignBit];
      next = i + 1 < end ? values[i + 1] : 0;
    }
    if (i + 1 < end) {
      issue(i + 1, next);
      ready = i + 1;
      ready_value = next;
      if (i + 2 < end) ahead_value = values[i + 2];
    } else {
      ready = SIZE_MAX;
    }
    Affine<F> p = Affine<F>::load(st);
    if (v & kSignBit) p.y = -p.y;  // -(0, 0) = (0, 0)
    return p;
  }
};

// Bases are prefetched where both slots of every thread fit static shared memory (G1: 24 KiB per
// block; G2's points are twice as large) and the base array allows 16-byte copies.
template <class C>
inline constexpr bool kPrefetchBases = 2 * sizeof(AffineStorageOf<C>) * kThreads <= 24 * 1024;

template <class C>
__global__ void __launch_bounds__(kThreads)
    base_runs_kernel(const uint32_t* keys, const uint32_t* values, size_t count, uint32_t chunk_len,
                     size_t chunks, const AffineStorageOf<C>* bases, BucketKeys codec,
                     RunOutputs<FieldStorageOf<C>> out) {
  using F = DeviceField<C>;
  const size_t chunk = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (chunk >= chunks) return;
  sum_runs<F>(chunk, chunk_len, count, keys, SortedBaseLoader<F>{values, bases}, codec, out);
}

template <class C>
__global__ void __launch_bounds__(kThreads)
    prefetching_base_runs_kernel(const uint32_t* keys, const uint32_t* values, size_t count,
                                 uint32_t chunk_len, size_t chunks, const AffineStorageOf<C>* bases,
                                 BucketKeys codec, RunOutputs<FieldStorageOf<C>> out) {
  using F = DeviceField<C>;
  using Loader = PrefetchingBaseLoader<F>;
  __shared__ uint4 smem[2 * Loader::kPieces * kThreads];
  const size_t chunk = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (chunk >= chunks) return;
  const size_t end = chunk * chunk_len + chunk_len < count ? chunk * chunk_len + chunk_len : count;
  const Loader load{values, bases, smem, threadIdx.x, end};
  sum_runs<F>(chunk, chunk_len, count, keys, load, codec, out);
  __pipeline_wait_prior(0);  // nothing in flight into shared memory when the thread leaves
}

template <class C>
__global__ void __launch_bounds__(kThreads)
    partial_runs_kernel(const uint32_t* keys, const XyzzStorageOf<C>* sums, size_t count,
                        uint32_t chunk_len, size_t chunks, BucketKeys codec,
                        RunOutputs<FieldStorageOf<C>> out) {
  using F = DeviceField<C>;
  const size_t chunk = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (chunk >= chunks) return;
  sum_runs<F>(chunk, chunk_len, count, keys, PartialSumLoader<F>{sums}, codec, out);
}

}  // namespace runs_detail

template <class C>
unsigned RunKernels<C>::base_runs_threads_per_sm() {
  int blocks = 0;
  if constexpr (runs_detail::kPrefetchBases<C>) {
    CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &blocks, runs_detail::prefetching_base_runs_kernel<C>, runs_detail::kThreads, 0));
  } else {
    CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &blocks, runs_detail::base_runs_kernel<C>, runs_detail::kThreads, 0));
  }
  return unsigned(std::max(blocks, 1)) * runs_detail::kThreads;
}

template <class C>
void RunKernels<C>::sum_base_runs(const uint32_t* keys, const uint32_t* values, size_t count,
                                  uint32_t chunk_len, const Bases* bases, const BucketKeys& codec,
                                  const Outputs& out, cudaStream_t stream) {
  if (count == 0) return;
  constexpr unsigned kThreads = runs_detail::kThreads;
  const size_t chunks = (count + chunk_len - 1) / chunk_len;
  const unsigned blocks = unsigned((chunks + kThreads - 1) / kThreads);
  if constexpr (runs_detail::kPrefetchBases<C>) {
    if (reinterpret_cast<uintptr_t>(bases) % 16 == 0) {
      runs_detail::prefetching_base_runs_kernel<C><<<blocks, kThreads, 0, stream>>>(
          keys, values, count, chunk_len, chunks, bases, codec, out);
      CUZK_CUDA_CHECK(cudaGetLastError());
      return;
    }
  }
  runs_detail::base_runs_kernel<C><<<blocks, kThreads, 0, stream>>>(keys, values, count, chunk_len,
                                                                    chunks, bases, codec, out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

template <class C>
void RunKernels<C>::sum_partial_runs(const uint32_t* keys, const Sums* sums, size_t count,
                                     uint32_t chunk_len, const BucketKeys& codec,
                                     const Outputs& out, cudaStream_t stream) {
  if (count == 0) return;
  constexpr unsigned kThreads = runs_detail::kThreads;
  const size_t chunks = (count + chunk_len - 1) / chunk_len;
  const unsigned blocks = unsigned((chunks + kThreads - 1) / kThreads);
  runs_detail::partial_runs_kernel<C><<<blocks, kThreads, 0, stream>>>(keys, sums, count, chunk_len,
                                                                       chunks, codec, out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu::msm_kernels
