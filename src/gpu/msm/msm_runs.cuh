// Bucket sums of the GPU MSM (msm_kernels.hpp's RunKernels<C>): one thread per chunk of sorted
// entries, running the sum_runs body of msm_buckets.hpp — mixed additions of the bases at the first
// level, full XYZZ additions of partial sums at the later ones. This is where the MSM spends its
// time (terms × windows mixed additions); 128 threads per block keep the register-heavy additions
// resident, and in G1 the first level gathers its bases through shared memory ahead of use
// (PrefetchingBaseLoader). Templated on the curve; msm_runs.cu (G1) and msm_runs_g2.cu (G2)
// instantiate it.
#pragma once

#include <algorithm>
#include <cstdint>

#include "gpu/arith/fields.cuh"
#include "gpu/msm/msm_kernels.hpp"
#include "gpu/msm/prefetching_loader.cuh"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::msm_kernels {
namespace runs_detail {

constexpr unsigned kThreads = 128;

// Bases are prefetched in G1 (24 KiB of shared memory per block); G2's kernel keeps the plain
// loader (its points are twice as large, its additions three times as long).
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
  using Loader = PrefetchingBaseLoader<F, kThreads>;
  __shared__ uint4 smem[Loader::kSmemPieces];
  const size_t chunk = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (chunk >= chunks) return;
  const size_t end = chunk * chunk_len + chunk_len < count ? chunk * chunk_len + chunk_len : count;
  Loader load{values, 1, bases, smem, threadIdx.x, end};
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

// The first level's kernel of curve C (both have one signature).
template <class C>
constexpr auto first_level_kernel() {
  if constexpr (kPrefetchBases<C>) {
    return &prefetching_base_runs_kernel<C>;
  } else {
    return &base_runs_kernel<C>;
  }
}

}  // namespace runs_detail

template <class C>
unsigned RunKernels<C>::base_runs_threads_per_sm() {
  int blocks = 0;
  CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks, runs_detail::first_level_kernel<C>(), runs_detail::kThreads, 0));
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
  runs_detail::first_level_kernel<C>()<<<blocks, kThreads, 0, stream>>>(
      keys, values, count, chunk_len, chunks, bases, codec, out);
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
  runs_detail::partial_runs_kernel<C>
      <<<blocks, kThreads, 0, stream>>>(keys, sums, count, chunk_len, chunks, codec, out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu::msm_kernels
