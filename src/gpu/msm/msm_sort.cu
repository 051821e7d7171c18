// Sort entries of the GPU MSM (msm_kernels.hpp): every term's signed digits in a group of windows
// as (key, value) pairs (encoding in msm_digits.hpp), then a CUB radix sort on the key's low bits,
// which groups each bucket's terms into one run.
#include <cub/device/device_radix_sort.cuh>
#include <stdexcept>

#include "gpu/msm/msm_kernels.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::msm_kernels {
namespace {

constexpr unsigned kThreads = 256;

// One thread per term: the words of its shifted scalar that the group's windows span are read
// (coalesced over the terms), and its gw digits written coalesced, one array of t keys and one of
// t values per window.
__global__ void digits_kernel(ShiftedScalars shifted, const uint32_t* base_idx, size_t t,
                              DigitCodec digits, BucketKeys codec, uint32_t first, uint32_t gw,
                              uint32_t* keys, uint32_t* values) {
  const size_t k = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= t) return;
  const uint32_t base = base_idx != nullptr ? base_idx[k] : uint32_t(k);
  write_term_entries(digits, codec, shifted, base, k, t, first, gw, keys, values);
}

}  // namespace

void compute_digits(const ShiftedScalars& shifted, const uint32_t* base_idx, size_t t,
                    const DigitCodec& digits, const BucketKeys& keys_codec, uint32_t first,
                    uint32_t gw, uint32_t* keys, uint32_t* values, cudaStream_t stream) {
  if (t == 0) return;
  const unsigned blocks = unsigned((t + kThreads - 1) / kThreads);
  digits_kernel<<<blocks, kThreads, 0, stream>>>(shifted, base_idx, t, digits, keys_codec, first,
                                                 gw, keys, values);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

size_t sort_temp_bytes(size_t entries, int bits) {
  cub::DoubleBuffer<uint32_t> keys(nullptr, nullptr), values(nullptr, nullptr);
  size_t bytes = 0;
  CUZK_CUDA_CHECK(
      cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys, values, uint32_t(entries), 0, bits));
  return bytes;
}

int sort_entries(void* temp, size_t temp_bytes, uint32_t* keys[2], uint32_t* values[2],
                 size_t entries, int bits, cudaStream_t stream) {
  cub::DoubleBuffer<uint32_t> k(keys[0], keys[1]), v(values[0], values[1]);
  CUZK_CUDA_CHECK(
      cub::DeviceRadixSort::SortPairs(temp, temp_bytes, k, v, uint32_t(entries), 0, bits, stream));
  // Keys and values flip buffers together, pass by pass.
  if (k.selector != v.selector) throw std::logic_error("msm sort: key and value buffers differ");
  return k.selector;
}

}  // namespace cuzk::gpu::msm_kernels
