// Reductions of the GPU MSM (msm_kernels.hpp's ReduceKernels<C>): the weighted bucket reduction
// (one thread per segment of buckets, body in msm_buckets.hpp), block sums of XYZZ points (one
// block per group, a shared-memory tree), and the batch addition of the bases whose scalar is 1
// (spec §4.5: every thread mixed-adds its strided share of the list; sum_groups then adds the
// threads' sums). Templated on the curve; msm_reduce.cu (G1) and msm_reduce_g2.cu (G2) instantiate
// it.
#pragma once

#include <algorithm>

#include "gpu/arith/fields.cuh"
#include "gpu/msm/msm_kernels.hpp"
#include "gpu/msm/prefetching_loader.cuh"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::msm_kernels {
namespace reduce_detail {

constexpr unsigned kThreads = kBatchAddThreads;

// Sum of every thread's `acc` over the block (the result is valid in thread 0). At each level the
// upper half of the active threads hands its sums to the lower half through shared memory, so the
// buffer holds kThreads / 2 points: 12 KiB in G1, 24 KiB in G2.
template <class C>
__device__ Xyzz<DeviceField<C>> block_sum(Xyzz<DeviceField<C>> acc) {
  using P = Xyzz<DeviceField<C>>;
  __shared__ XyzzStorageOf<C> partial[kThreads / 2];
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    __syncthreads();  // the previous level's readers are done with partial[]
    if (threadIdx.x >= stride && threadIdx.x < 2 * stride) acc.store(partial[threadIdx.x - stride]);
    __syncthreads();
    if (threadIdx.x < stride) acc = reduction_add(acc, P::load(partial[threadIdx.x]));
  }
  return acc;
}

template <class C>
__global__ void __launch_bounds__(kThreads)
    segments_kernel(const XyzzStorageOf<C>* buckets, uint32_t windows, uint32_t buckets_per_window,
                    uint32_t segment_len, XyzzStorageOf<C>* out) {
  const uint32_t segments = buckets_per_window / segment_len;
  const size_t id = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (id >= size_t(windows) * segments) return;
  const size_t w = id / segments;
  const uint32_t s = uint32_t(id % segments);
  weighted_segment_sum<DeviceField<C>>(buckets + w * buckets_per_window, s, segment_len)
      .store(out[id]);
}

template <class C>
__global__ void __launch_bounds__(kThreads)
    sum_groups_kernel(const XyzzStorageOf<C>* in, size_t per_group, XyzzStorageOf<C>* out) {
  using P = Xyzz<DeviceField<C>>;
  const XyzzStorageOf<C>* group = in + size_t(blockIdx.x) * per_group;
  P acc = P::identity();
  for (size_t i = threadIdx.x; i < per_group; i += kThreads) {
    acc = reduction_add(acc, P::load(group[i]));
  }
  acc = block_sum<C>(acc);
  if (threadIdx.x == 0) acc.store(out[blockIdx.x]);
}

// No block reduction here: its full additions would raise the register count of the mixed-add
// loop (and so lower occupancy); sum_groups adds the per-thread sums.
template <class C>
__global__ void __launch_bounds__(kThreads)
    batch_add_kernel(const AffineStorageOf<C>* bases, const uint32_t* idx, size_t m,
                     XyzzStorageOf<C>* thread_sums) {
  using F = DeviceField<C>;
  const size_t stride = size_t(gridDim.x) * kThreads;
  const size_t id = size_t(blockIdx.x) * kThreads + threadIdx.x;
  using Loader = PrefetchingBaseLoader<F, kThreads>;
  __shared__ uint4 smem[Loader::kSmemPieces];
  Xyzz<F> acc = Xyzz<F>::identity();
  if (id < m) {
    const size_t steps = (m - id + stride - 1) / stride;
    Loader load{idx + id, stride, bases, smem, threadIdx.x, steps};
    for (size_t j = 0; j < steps; ++j) acc += load(j);
  }
  acc.store(thread_sums[id]);
}

}  // namespace reduce_detail

template <class C>
void ReduceKernels<C>::reduce_segments(const Sums* buckets, uint32_t windows,
                                       uint32_t buckets_per_window, uint32_t segment_len, Sums* out,
                                       cudaStream_t stream) {
  constexpr unsigned kThreads = reduce_detail::kThreads;
  const size_t threads = size_t(windows) * (buckets_per_window / segment_len);
  if (threads == 0) return;
  const unsigned blocks = unsigned((threads + kThreads - 1) / kThreads);
  reduce_detail::segments_kernel<C>
      <<<blocks, kThreads, 0, stream>>>(buckets, windows, buckets_per_window, segment_len, out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

template <class C>
void ReduceKernels<C>::sum_groups(const Sums* in, uint32_t groups, size_t per_group, Sums* out,
                                  cudaStream_t stream) {
  if (groups == 0) return;
  reduce_detail::sum_groups_kernel<C>
      <<<groups, reduce_detail::kThreads, 0, stream>>>(in, per_group, out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

// Exactly one wave (a partial second wave would idle most of the GPU) of at most two blocks per SM:
// the G1 kernel fits three (166 registers), but ran 13-24 % slower so (an H100, the 2^27 Filecoin
// mix's 47 M scalar-1 bases: 16.9 ms at two blocks, 19.1-21.0 at three, where two run at the bare
// mixed-addition chain's rate).
template <class C>
uint32_t ReduceKernels<C>::batch_add_blocks(int sm_count) {
  constexpr int kMaxBlocksPerSm = 2;
  int per_sm = 0;
  CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, reduce_detail::batch_add_kernel<C>, reduce_detail::kThreads, 0));
  return uint32_t(std::max(sm_count, 1)) * uint32_t(std::clamp(per_sm, 1, kMaxBlocksPerSm));
}

template <class C>
void ReduceKernels<C>::batch_add(const Bases* bases, const uint32_t* idx, size_t m, uint32_t blocks,
                                 Sums* thread_sums, cudaStream_t stream) {
  reduce_detail::batch_add_kernel<C>
      <<<blocks, reduce_detail::kThreads, 0, stream>>>(bases, idx, m, thread_sums);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu::msm_kernels
