// Reductions of the GPU MSM (msm_kernels.hpp): the weighted bucket reduction (one thread per
// segment of buckets, body in msm_buckets.hpp), block sums of XYZZ points (one block per group,
// a shared-memory tree), and the batch addition of the bases whose scalar is 1 (spec §4.5: every
// thread mixed-adds its strided share of the list; sum_groups then adds the threads' sums).
#include <algorithm>

#include "gpu/cuda_util.hpp"
#include "gpu/fields.cuh"
#include "gpu/msm_kernels.hpp"

namespace cuzk::gpu::msm_kernels {
namespace {

constexpr unsigned kThreads = kBatchAddThreads;  // 128 XYZZ points of shared memory: 24 KiB

// Sum of every thread's `acc` over the block (the result is valid in thread 0).
__device__ G1XyzzDevice block_sum(G1XyzzDevice acc) {
  __shared__ G1XyzzStorage partial[kThreads];
  acc.store(partial[threadIdx.x]);
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    __syncthreads();
    if (threadIdx.x < stride) {
      acc += G1XyzzDevice::load(partial[threadIdx.x + stride]);
      acc.store(partial[threadIdx.x]);
    }
  }
  return acc;
}

__global__ void __launch_bounds__(kThreads)
    segments_kernel(const G1XyzzStorage* buckets, uint32_t windows, uint32_t buckets_per_window,
                    uint32_t segment_len, G1XyzzStorage* out) {
  const uint32_t segments = buckets_per_window / segment_len;
  const size_t id = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (id >= size_t(windows) * segments) return;
  const size_t w = id / segments;
  const uint32_t s = uint32_t(id % segments);
  weighted_segment_sum<FpDevice>(buckets + w * buckets_per_window, s, segment_len).store(out[id]);
}

__global__ void __launch_bounds__(kThreads)
    sum_groups_kernel(const G1XyzzStorage* in, size_t per_group, G1XyzzStorage* out) {
  const G1XyzzStorage* group = in + size_t(blockIdx.x) * per_group;
  G1XyzzDevice acc = G1XyzzDevice::identity();
  for (size_t i = threadIdx.x; i < per_group; i += kThreads) acc += G1XyzzDevice::load(group[i]);
  acc = block_sum(acc);
  if (threadIdx.x == 0) acc.store(out[blockIdx.x]);
}

// No block reduction here: its full additions would raise the register count of the mixed-add
// loop (and so lower occupancy); sum_groups adds the per-thread sums.
__global__ void __launch_bounds__(kThreads)
    batch_add_kernel(const G1AffineStorage* bases, const uint32_t* idx, size_t m,
                     G1XyzzStorage* thread_sums) {
  const size_t stride = size_t(gridDim.x) * kThreads;
  const size_t id = size_t(blockIdx.x) * kThreads + threadIdx.x;
  G1XyzzDevice acc = G1XyzzDevice::identity();
  if (id < m) {
    G1AffineDevice next = G1AffineDevice::load(bases[idx[id]]);
    for (size_t k = id; k < m; k += stride) {
      const G1AffineDevice p = next;
      if (k + stride < m) next = G1AffineDevice::load(bases[idx[k + stride]]);  // prefetch
      acc += p;
    }
  }
  acc.store(thread_sums[id]);
}

}  // namespace

void reduce_segments(const G1XyzzStorage* buckets, uint32_t windows, uint32_t buckets_per_window,
                     uint32_t segment_len, G1XyzzStorage* out, cudaStream_t stream) {
  const size_t threads = size_t(windows) * (buckets_per_window / segment_len);
  if (threads == 0) return;
  const unsigned blocks = unsigned((threads + kThreads - 1) / kThreads);
  segments_kernel<<<blocks, kThreads, 0, stream>>>(buckets, windows, buckets_per_window,
                                                   segment_len, out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

void sum_groups(const G1XyzzStorage* in, uint32_t groups, size_t per_group, G1XyzzStorage* out,
                cudaStream_t stream) {
  if (groups == 0) return;
  sum_groups_kernel<<<groups, kThreads, 0, stream>>>(in, per_group, out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

uint32_t batch_add_blocks(int sm_count) {
  int per_sm = 0;  // exactly one wave: a partial second wave would idle most of the GPU
  CUZK_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, batch_add_kernel, kThreads, 0));
  return uint32_t(std::max(sm_count, 1)) * uint32_t(std::max(per_sm, 1));
}

void batch_add(const G1AffineStorage* bases, const uint32_t* idx, size_t m, uint32_t blocks,
               G1XyzzStorage* thread_sums, cudaStream_t stream) {
  batch_add_kernel<<<blocks, kThreads, 0, stream>>>(bases, idx, m, thread_sums);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu::msm_kernels
