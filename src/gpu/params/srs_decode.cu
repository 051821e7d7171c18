// The in-place decode of srs_decode.hpp: one thread per point reads its wire bytes (as 32-bit
// words), checks flags and canonical coordinates, converts them into Montgomery form (times R^2),
// checks y^2 = x^3 + b, writes the storage layout over the same bytes, and records the smallest
// failing index with an atomicMin.
#include <algorithm>

#include "gpu/arith/fields.cuh"
#include "gpu/params/srs_decode.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {
namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kFpWords = 12;  // 48 bytes
using FpParams = FpDevice::Params;

__device__ __forceinline__ uint32_t byte_swap(uint32_t w) {
  return __byte_perm(w, 0, 0x0123);
}

// The Fp component at word offset `at` of the wire words (big-endian bytes), as Montgomery limbs;
// false when it is not below p.
template <class Fp>  // FpDevice (G1) or Fp2Device::Base (G2)
__device__ bool component(const uint32_t* words, size_t at, Fp& out) {
  constexpr Words<kFpWords> p = FpParams::kModulus, r2_mod_p = FpParams::kR2;
  FpStorage s;
  CUZK_UNROLL
  for (size_t j = 0; j < kFpWords; ++j) s.limbs[j] = byte_swap(words[at + kFpWords - 1 - j]);
  bool below = false, decided = false;  // s < p, from the top limb down
  CUZK_UNROLL
  for (size_t k = 0; k < kFpWords; ++k) {
    const size_t j = kFpWords - 1 - k;
    if (!decided && s.limbs[j] != p.w[j]) {
      below = s.limbs[j] < p.w[j];
      decided = true;
    }
  }
  if (!below) return false;
  FpStorage r2;
  CUZK_UNROLL
  for (size_t j = 0; j < kFpWords; ++j) r2.limbs[j] = r2_mod_p.w[j];
  out = Fp::load(s) * Fp::load(r2);
  return true;
}

template <class C>
struct Decoded;
template <>
struct Decoded<curve::G1Config> {
  using F = FpDevice;
  static constexpr size_t kWords = 24;
  __device__ static bool coordinates(const uint32_t* w, F& x, F& y) {
    return component(w, 0, x) && component(w, 12, y);
  }
  __device__ static F b() { return F::one().dbl().dbl(); }  // 4
};
template <>
struct Decoded<curve::G2Config> {
  using F = Fp2Device;
  static constexpr size_t kWords = 48;
  __device__ static bool coordinates(const uint32_t* w, F& x, F& y) {  // c1 before c0 on the wire
    return component(w, 0, x.c1) && component(w, 12, x.c0) && component(w, 24, y.c1) &&
           component(w, 36, y.c0);
  }
  __device__ static F b() {  // 4 (1 + u)
    const F::Base four = F::Base::one().dbl().dbl();
    return {four, four};
  }
};

template <class C>
__global__ void __launch_bounds__(kThreads)
    decode_kernel(AffineStorageOf<C>* points, size_t n, unsigned long long* first_bad) {
  using D = Decoded<C>;
  const size_t i = size_t(blockIdx.x) * kThreads + threadIdx.x;
  if (i >= n) return;
  uint32_t w[D::kWords];
  const uint32_t* in = reinterpret_cast<const uint32_t*>(points + i);
  CUZK_UNROLL
  for (size_t k = 0; k < D::kWords; ++k) w[k] = in[k];
  typename D::F x, y;
  const bool flags_clear = (byte_swap(w[0]) >> 29) == 0;  // compression, infinity, sign
  bool ok = flags_clear && D::coordinates(w, x, y);
  ok = ok && y.square() == x.square() * x + D::b();
  if (!ok) {
    atomicMin(first_bad, static_cast<unsigned long long>(i));
    return;
  }
  points[i] = {x.store(), y.store()};
}

}  // namespace

template <class C>
size_t decode_points_in_place(AffineStorageOf<C>* points, size_t n, cudaStream_t stream) {
  if (n == 0) return 0;
  DeviceBuffer<unsigned long long> first_bad(1);
  const unsigned long long none = n;
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(first_bad.data(), &none, sizeof(none), cudaMemcpyHostToDevice, stream));
  const size_t blocks = (n + kThreads - 1) / kThreads;
  decode_kernel<C><<<unsigned(blocks), kThreads, 0, stream>>>(points, n, first_bad.data());
  CUZK_CUDA_CHECK(cudaGetLastError());
  unsigned long long bad = n;
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(&bad, first_bad.data(), sizeof(bad), cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  return size_t(std::min<unsigned long long>(bad, n));
}

template size_t decode_points_in_place<curve::G1Config>(G1AffineStorage*, size_t, cudaStream_t);
template size_t decode_points_in_place<curve::G2Config>(G2AffineStorage*, size_t, cudaStream_t);

}  // namespace cuzk::gpu
