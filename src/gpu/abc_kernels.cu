// Kernel behind abc_kernels.hpp: one thread per row computes its three sparse dot products.
// Coefficients one and minus one (table indices 0 and 1; most entries of a PoRep circuit) cost
// an addition or a subtraction; the others one Fr multiplication.
#include <algorithm>

#include "gpu/abc_kernels.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/fields.cuh"

namespace cuzk::gpu {
namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kMaxBlocks = size_t(1) << 20;

__device__ FrDevice row_dot(const DeviceCsrView& m, size_t r, const FrStorage* coeffs,
                            const FrStorage* z) {
  FrDevice acc = FrDevice::zero();
  for (uint64_t k = m.row_ptr[r], end = m.row_ptr[r + 1]; k < end; ++k) {
    const FrDevice v = FrDevice::load(z[m.cols[k]]);
    const uint32_t i = m.coeff_index[k];
    if (i == 0) {
      acc += v;
    } else if (i == 1) {
      acc -= v;
    } else {
      acc += FrDevice::load(coeffs[i]) * v;
    }
  }
  return acc;
}

__global__ void abc_kernel(AbcMatrices mx, const FrStorage* z, FrStorage* a, FrStorage* b,
                           FrStorage* c, size_t m) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t r = size_t(blockIdx.x) * blockDim.x + threadIdx.x; r < m; r += stride) {
    if (r < mx.rows) {
      a[r] = row_dot(mx.a, r, mx.coeffs, z).store();
      b[r] = row_dot(mx.b, r, mx.coeffs, z).store();
      c[r] = row_dot(mx.c, r, mx.coeffs, z).store();
    } else {
      const FrStorage zero = FrDevice::zero().store();
      a[r] = zero;
      b[r] = zero;
      c[r] = zero;
    }
  }
}

}  // namespace

void evaluate_abc(const AbcMatrices& matrices, const FrStorage* z, FrStorage* a, FrStorage* b,
                  FrStorage* c, size_t m, cudaStream_t stream) {
  if (m == 0) return;
  const size_t blocks = std::min((m + kThreads - 1) / kThreads, kMaxBlocks);
  abc_kernel<<<unsigned(blocks), kThreads, 0, stream>>>(matrices, z, a, b, c, m);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu
