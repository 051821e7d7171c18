// Term preparation for the GPU MSM (msm_kernels.hpp): which scalar indices are terms (density
// bitmap), which of them are trivial (0 dropped, 1 batch-added), their compaction — one CUB
// three-way partition over the indices, stable so that every list stays in increasing order — and
// the gather of the remaining scalars, out of Montgomery form where needed, checked canonical and
// shifted for the window digits (msm_digits.hpp's ShiftedScalars).
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>

#include <cstring>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_scan.cuh>

#include "gpu/arith/fields.cuh"
#include "gpu/msm/msm_kernels.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::msm_kernels {
namespace {

constexpr unsigned kThreads = 256;

unsigned blocks_for(size_t n) {
  return unsigned((n + kThreads - 1) / kThreads);
}

__device__ __forceinline__ bool density_bit(const uint64_t* density, uint32_t i) {
  return density == nullptr || ((density[i >> 6] >> (i & 63)) & 1) != 0;
}

__device__ __forceinline__ uint32_t base_index(const BaseIndexMap& map, uint32_t i) {
  if (map.density == nullptr) return i;
  const uint32_t w = i >> 6;
  const uint64_t below = map.density[w] & ((uint64_t(1) << (i & 63)) - 1);
  return map.word_rank[w] + uint32_t(__popcll(below));
}

// 0, 1 or anything else, for canonical limbs or Montgomery form (1 is then R mod r).
enum class Kind { kZero, kOne, kOther };
__device__ __forceinline__ Kind classify(const ScalarWords& k, bool montgomery) {
  constexpr Words<8> r_mont = Mont32Params<ff::FrConfig>::kR;
  const uint64_t one0 = montgomery ? (uint64_t(r_mont.w[0]) | uint64_t(r_mont.w[1]) << 32) : 1;
  const uint64_t one1 = montgomery ? (uint64_t(r_mont.w[2]) | uint64_t(r_mont.w[3]) << 32) : 0;
  const uint64_t one2 = montgomery ? (uint64_t(r_mont.w[4]) | uint64_t(r_mont.w[5]) << 32) : 0;
  const uint64_t one3 = montgomery ? (uint64_t(r_mont.w[6]) | uint64_t(r_mont.w[7]) << 32) : 0;
  if ((k.w[0] | k.w[1] | k.w[2] | k.w[3]) == 0) return Kind::kZero;
  if (k.w[0] == one0 && k.w[1] == one1 && k.w[2] == one2 && k.w[3] == one3) return Kind::kOne;
  return Kind::kOther;
}

struct IsTail {
  PartitionSpec spec;
  __device__ bool operator()(uint32_t i) const {
    if (!density_bit(spec.density, i)) return false;
    return !spec.split || classify(spec.scalars[i], spec.montgomery) == Kind::kOther;
  }
};
struct IsOne {
  PartitionSpec spec;
  __device__ bool operator()(uint32_t i) const {
    return spec.split && density_bit(spec.density, i) &&
           classify(spec.scalars[i], spec.montgomery) == Kind::kOne;
  }
};

cudaError_t run_partition(void* temp, size_t& temp_bytes, const PartitionSpec& spec, size_t n,
                          uint32_t* tail, uint32_t* ones, int64_t* counts, cudaStream_t stream) {
  return cub::DevicePartition::If(temp, temp_bytes, thrust::counting_iterator<uint32_t>(0), tail,
                                  ones, thrust::make_discard_iterator(), counts, int64_t(n),
                                  IsTail{spec}, IsOne{spec}, stream);
}

__global__ void popcount_words(const uint64_t* density, size_t n, size_t words,
                               uint32_t* word_rank) {
  const size_t w = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (w > words) return;
  if (w == words) {
    word_rank[w] = 0;
    return;
  }
  uint64_t x = density[w];
  if ((w + 1) * 64 > n) x &= (uint64_t(1) << (n % 64)) - 1;  // bits >= n are not terms
  word_rank[w] = uint32_t(__popcll(x));
}

__device__ __forceinline__ ScalarWords from_montgomery(const ScalarWords& s) {
  FrStorage m;
  memcpy(&m, &s, sizeof(m));
  const FrStorage out = FrDevice::load(m).to_canonical();
  ScalarWords r;
  memcpy(&r, &out, sizeof(r));
  return r;
}

template <bool kMontgomery>
__global__ void gather_kernel(const ScalarWords* scalars, uint32_t* idx, BaseIndexMap map, size_t t,
                              DigitCodec digits, ShiftedScalars shifted, uint32_t* noncanonical) {
  const size_t k = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= t) return;
  const uint32_t i = idx != nullptr ? idx[k] : uint32_t(k);
  ScalarWords x = scalars[i];
  if constexpr (kMontgomery) x = from_montgomery(x);
  if (!is_canonical_scalar(x)) atomicOr(noncanonical, 1u);  // the driver throws
  uint64_t s[4];
  digits.shift(x, s);
  shifted.store(k, s);
  if (idx != nullptr) idx[k] = base_index(map, i);
}

__global__ void map_kernel(uint32_t* idx, size_t m, BaseIndexMap map) {
  const size_t k = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < m) idx[k] = base_index(map, idx[k]);
}

}  // namespace

size_t density_ranks_temp_bytes(size_t n) {
  size_t bytes = 0;
  CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, static_cast<uint32_t*>(nullptr),
                                                int64_t((n + 63) / 64 + 1)));
  return bytes;
}

void density_ranks(void* temp, size_t temp_bytes, const uint64_t* density, size_t n,
                   uint32_t* word_rank, cudaStream_t stream) {
  const size_t words = (n + 63) / 64;
  popcount_words<<<blocks_for(words + 1), kThreads, 0, stream>>>(density, n, words, word_rank);
  CUZK_CUDA_CHECK(cudaGetLastError());
  CUZK_CUDA_CHECK(
      cub::DeviceScan::ExclusiveSum(temp, temp_bytes, word_rank, int64_t(words + 1), stream));
}

size_t partition_temp_bytes(size_t n) {
  size_t bytes = 0;
  CUZK_CUDA_CHECK(
      run_partition(nullptr, bytes, PartitionSpec{}, n, nullptr, nullptr, nullptr, nullptr));
  return bytes;
}

void partition_terms(void* temp, size_t temp_bytes, const PartitionSpec& spec, size_t n,
                     uint32_t* tail, uint32_t* ones, int64_t* counts, cudaStream_t stream) {
  CUZK_CUDA_CHECK(run_partition(temp, temp_bytes, spec, n, tail, ones, counts, stream));
}

void gather_shifted(const ScalarWords* scalars, bool montgomery, uint32_t* idx, BaseIndexMap map,
                    size_t t, const DigitCodec& digits, const ShiftedScalars& shifted,
                    uint32_t* noncanonical, cudaStream_t stream) {
  if (t == 0) return;
  if (montgomery) {
    gather_kernel<true><<<blocks_for(t), kThreads, 0, stream>>>(scalars, idx, map, t, digits,
                                                                shifted, noncanonical);
  } else {
    gather_kernel<false><<<blocks_for(t), kThreads, 0, stream>>>(scalars, idx, map, t, digits,
                                                                 shifted, noncanonical);
  }
  CUZK_CUDA_CHECK(cudaGetLastError());
}

void map_base_indices(uint32_t* idx, size_t m, BaseIndexMap map, cudaStream_t stream) {
  if (m == 0 || map.density == nullptr) return;
  map_kernel<<<blocks_for(m), kThreads, 0, stream>>>(idx, m, map);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu::msm_kernels
