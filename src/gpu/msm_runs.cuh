// Bucket sums of the GPU MSM (msm_kernels.hpp): one thread per chunk of sorted entries, running
// the sum_runs body of msm_buckets.hpp — mixed additions of the bases at the first level, full
// XYZZ additions of partial sums at the later ones. This is where the MSM spends its time
// (terms × windows mixed additions); 128 threads per block keep the register-heavy additions
// resident without spills.
#include <algorithm>

#include "gpu/cuda_util.hpp"
#include "gpu/fields.cuh"
#include "gpu/msm_kernels.hpp"

namespace cuzk::gpu::msm_kernels {
namespace {

constexpr unsigned kThreads = 128;

__global__ void __launch_bounds__(kThreads)
    base_runs_kernel(const uint32_t* keys, const uint32_t* values, size_t count, uint32_t chunk_len,
                     size_t chunks, const G1AffineStorage* bases, BucketKeys codec,
                     RunOutputs out) {
  const size_t chunk = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (chunk >= chunks) return;
  sum_runs<FpDevice>(chunk, chunk_len, count, keys, SortedBaseLoader<FpDevice>{values, bases},
                     codec, out);
}

__global__ void __launch_bounds__(kThreads)
    partial_runs_kernel(const uint32_t* keys, const G1XyzzStorage* sums, size_t count,
                        uint32_t chunk_len, size_t chunks, BucketKeys codec, RunOutputs out) {
  const size_t chunk = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (chunk >= chunks) return;
  sum_runs<FpDevice>(chunk, chunk_len, count, keys, PartialSumLoader<FpDevice>{sums}, codec, out);
}

}  // namespace

unsigned base_runs_threads_per_sm() {
  int blocks = 0;
  CUZK_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, base_runs_kernel, kThreads, 0));
  return unsigned(std::max(blocks, 1)) * kThreads;
}

void sum_base_runs(const uint32_t* keys, const uint32_t* values, size_t count, uint32_t chunk_len,
                   const G1AffineStorage* bases, const BucketKeys& codec, const RunOutputs& out,
                   cudaStream_t stream) {
  if (count == 0) return;
  const size_t chunks = (count + chunk_len - 1) / chunk_len;
  const unsigned blocks = unsigned((chunks + kThreads - 1) / kThreads);
  base_runs_kernel<<<blocks, kThreads, 0, stream>>>(keys, values, count, chunk_len, chunks, bases,
                                                    codec, out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

void sum_partial_runs(const uint32_t* keys, const G1XyzzStorage* sums, size_t count,
                      uint32_t chunk_len, const BucketKeys& codec, const RunOutputs& out,
                      cudaStream_t stream) {
  if (count == 0) return;
  const size_t chunks = (count + chunk_len - 1) / chunk_len;
  const unsigned blocks = unsigned((chunks + kThreads - 1) / kThreads);
  partial_runs_kernel<<<blocks, kThreads, 0, stream>>>(keys, sums, count, chunk_len, chunks, codec,
                                                       out);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu::msm_kernels
