// Kernel behind abc_kernels.hpp. Coefficients one and minus one (table indices 0 and 1; most
// entries of a PoRep circuit) cost an addition or a subtraction; the others one Fr multiplication.
//
// Rows are short (a 32 GiB PoRep partition: ~1.9 entries per row and matrix) but for a few long
// ones (packings of bits with coefficients 2^i: dozens to hundreds of entries). With one thread
// per row, a warp waited for its longest row, one general multiplication at a time, its other
// lanes idle (ncu on the 2 KiB circuit: 2.4 active threads per warp). So each lane sums its own
// row when that has at most kShortRow entries, and the warp then takes its long rows one after the
// other, all 32 lanes over one row's entries, the partial sums added across the lanes.
#include <algorithm>

#include "gpu/arith/fields.cuh"
#include "gpu/backend/abc_kernels.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {
namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kMaxBlocks = size_t(1) << 20;
constexpr unsigned kWarp = 32;
constexpr unsigned kFullWarp = 0xffffffffu;
constexpr uint64_t kShortRow = 8;

__device__ FrDevice entry_value(const DeviceCsrView& m, uint64_t k, const FrStorage* coeffs,
                                const FrStorage* z) {
  const FrDevice v = FrDevice::load(z[m.cols[k]]);
  const uint32_t i = m.coeff_index[k];
  if (i == 0) return v;
  if (i == 1) return -v;
  return FrDevice::load(coeffs[i]) * v;
}

// The entries begin, begin + step, ... below end of one row, summed.
__device__ FrDevice partial_dot(const DeviceCsrView& m, uint64_t begin, uint64_t end, unsigned step,
                                const FrStorage* coeffs, const FrStorage* z) {
  FrDevice acc = FrDevice::zero();
  for (uint64_t k = begin; k < end; k += step) acc += entry_value(m, k, coeffs, z);
  return acc;
}

// The sum of x over the warp's lanes, in every lane (butterfly of shuffles).
__device__ FrDevice warp_sum(FrDevice x) {
  for (unsigned mask = kWarp / 2; mask > 0; mask >>= 1) {
    const FrStorage mine = x.store();
    FrStorage other;
    for (size_t j = 0; j < FrStorage::kLimbs; ++j)
      other.limbs[j] = __shfl_xor_sync(kFullWarp, mine.limbs[j], mask);
    x += FrDevice::load(other);
  }
  return x;
}

// <M_row, z> for this lane's row, 0 for rows <= row. Every lane of the warp must call it.
__device__ FrDevice row_dot(const DeviceCsrView& m, size_t row, size_t rows,
                            const FrStorage* coeffs, const FrStorage* z) {
  uint64_t begin = 0, end = 0;
  if (row < rows) {
    begin = m.row_ptr[row];
    end = m.row_ptr[row + 1];
  }
  const bool is_long = end - begin > kShortRow;
  FrDevice mine = is_long ? FrDevice::zero() : partial_dot(m, begin, end, 1, coeffs, z);
  const unsigned lane = threadIdx.x % kWarp;
  for (unsigned longs = __ballot_sync(kFullWarp, is_long); longs != 0; longs &= longs - 1) {
    const unsigned owner = __ffs(int(longs)) - 1;
    const uint64_t b = __shfl_sync(kFullWarp, begin, owner);
    const uint64_t e = __shfl_sync(kFullWarp, end, owner);
    const FrDevice sum = warp_sum(partial_dot(m, b + lane, e, kWarp, coeffs, z));
    if (lane == owner) mine = sum;
  }
  return mine;
}

__global__ void abc_kernel(AbcMatrices mx, const FrStorage* z, FrStorage* a, FrStorage* b,
                           FrStorage* c, size_t m) {
  // Every round takes whole warps (row_dot needs all lanes): the stride is a multiple of the warp
  // and the loop runs to m rounded up to one.
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  const size_t warps_end = (m + kWarp - 1) / kWarp * kWarp;
  for (size_t r = size_t(blockIdx.x) * blockDim.x + threadIdx.x; r < warps_end; r += stride) {
    const FrDevice av = row_dot(mx.a, r, mx.rows, mx.coeffs, z);
    const FrDevice bv = row_dot(mx.b, r, mx.rows, mx.coeffs, z);
    const FrDevice cv = row_dot(mx.c, r, mx.rows, mx.coeffs, z);
    if (r < m) {  // rows <= r < m: the domain's padding, zero
      a[r] = av.store();
      b[r] = bv.store();
      c[r] = cv.store();
    }
  }
}

}  // namespace

void evaluate_abc(const AbcMatrices& matrices, const FrStorage* z, FrStorage* a, FrStorage* b,
                  FrStorage* c, size_t m, cudaStream_t stream) {
  if (m == 0) return;
  static_assert(kThreads % kWarp == 0, "blocks of whole warps");
  const size_t blocks = std::min((m + kThreads - 1) / kThreads, kMaxBlocks);
  abc_kernel<<<unsigned(blocks), kThreads, 0, stream>>>(matrices, z, a, b, c, m);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu
