// Kernels behind elementwise.hpp: one grid-stride kernel template, for_each_index, runs a small
// functor per element; each functor loads its operands from storage into the register types
// (fields.cuh), applies one operation and stores the result.
#include <algorithm>

#include "gpu/arith/fields.cuh"
#include "gpu/ntt/elementwise.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {
namespace {

constexpr unsigned kThreadsPerBlock = 256;
constexpr size_t kMaxBlocks = size_t(1) << 20;  // grid-stride beyond 2^28 elements

template <class Fn>
__global__ void for_each_index(Fn fn, size_t n) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) fn(i);
}

template <class Fn>
void launch(const Fn& fn, size_t n, cudaStream_t stream) {
  if (n == 0) return;
  const size_t blocks = std::min((n + kThreadsPerBlock - 1) / kThreadsPerBlock, kMaxBlocks);
  for_each_index<<<unsigned(blocks), kThreadsPerBlock, 0, stream>>>(fn, n);
  CUZK_CUDA_CHECK(cudaGetLastError());
}

template <class F, FieldOp Op>
struct FieldOpFn {
  using S = typename F::Storage;
  const S* a;
  const S* b;
  S* out;
  __device__ void operator()(size_t i) const {
    const F x = F::load(a[i]);
    F r;
    if constexpr (Op == FieldOp::kSquare) {
      r = x.square();
    } else if constexpr (Op == FieldOp::kNeg) {
      r = -x;
    } else if constexpr (Op == FieldOp::kDouble) {
      r = x.dbl();
    } else {
      const F y = F::load(b[i]);
      if constexpr (Op == FieldOp::kAdd) r = x + y;
      if constexpr (Op == FieldOp::kSub) r = x - y;
      if constexpr (Op == FieldOp::kMul) r = x * y;
    }
    out[i] = r.store();
  }
};

template <class F>
void launch_field_op(FieldOp op, const typename F::Storage* a, const typename F::Storage* b,
                     typename F::Storage* out, size_t n, cudaStream_t stream) {
  switch (op) {
    case FieldOp::kAdd:
      return launch(FieldOpFn<F, FieldOp::kAdd>{a, b, out}, n, stream);
    case FieldOp::kSub:
      return launch(FieldOpFn<F, FieldOp::kSub>{a, b, out}, n, stream);
    case FieldOp::kMul:
      return launch(FieldOpFn<F, FieldOp::kMul>{a, b, out}, n, stream);
    case FieldOp::kSquare:
      return launch(FieldOpFn<F, FieldOp::kSquare>{a, b, out}, n, stream);
    case FieldOp::kNeg:
      return launch(FieldOpFn<F, FieldOp::kNeg>{a, b, out}, n, stream);
    case FieldOp::kDouble:
      return launch(FieldOpFn<F, FieldOp::kDouble>{a, b, out}, n, stream);
  }
}

struct ExpandSplitFn {
  const FrStorage* hi;
  const FrStorage* lo;
  unsigned lo_bits;
  FrStorage* out;
  __device__ void operator()(size_t k) const {
    const size_t mask = (size_t(1) << lo_bits) - 1;
    out[k] = (FrDevice::load(hi[k >> lo_bits]) * FrDevice::load(lo[k & mask])).store();
  }
};

// out[i] = P(a[i]) + Q(b[i]) for point register types P, Q (Q may be affine).
template <class P, class Q, class SP, class SQ>
struct PointAddFn {
  const SP* a;
  const SQ* b;
  SP* out;
  __device__ void operator()(size_t i) const {
    const P r = P::load(a[i]) + Q::load(b[i]);
    r.store(out[i]);
  }
};

template <class P, class SP>
struct PointDoubleFn {
  const SP* a;
  SP* out;
  __device__ void operator()(size_t i) const { P::load(a[i]).dbl().store(out[i]); }
};

}  // namespace

void field_op(FieldOp op, const FrStorage* a, const FrStorage* b, FrStorage* out, size_t n,
              cudaStream_t stream) {
  launch_field_op<FrDevice>(op, a, b, out, n, stream);
}
void field_op(FieldOp op, const FpStorage* a, const FpStorage* b, FpStorage* out, size_t n,
              cudaStream_t stream) {
  launch_field_op<FpDevice>(op, a, b, out, n, stream);
}

void fr_expand_split_table(const FrStorage* hi, const FrStorage* lo, unsigned lo_bits,
                           FrStorage* out, size_t n, cudaStream_t stream) {
  launch(ExpandSplitFn{hi, lo, lo_bits, out}, n, stream);
}

void g1_jacobian_add(const G1JacobianStorage* a, const G1JacobianStorage* b, G1JacobianStorage* out,
                     size_t n, cudaStream_t stream) {
  using Fn = PointAddFn<G1JacobianDevice, G1JacobianDevice, G1JacobianStorage, G1JacobianStorage>;
  launch(Fn{a, b, out}, n, stream);
}
void g1_jacobian_mixed_add(const G1JacobianStorage* a, const G1AffineStorage* b,
                           G1JacobianStorage* out, size_t n, cudaStream_t stream) {
  using Fn = PointAddFn<G1JacobianDevice, G1AffineDevice, G1JacobianStorage, G1AffineStorage>;
  launch(Fn{a, b, out}, n, stream);
}
void g1_jacobian_double(const G1JacobianStorage* a, G1JacobianStorage* out, size_t n,
                        cudaStream_t stream) {
  launch(PointDoubleFn<G1JacobianDevice, G1JacobianStorage>{a, out}, n, stream);
}

void g1_xyzz_add(const G1XyzzStorage* a, const G1XyzzStorage* b, G1XyzzStorage* out, size_t n,
                 cudaStream_t stream) {
  launch(PointAddFn<G1XyzzDevice, G1XyzzDevice, G1XyzzStorage, G1XyzzStorage>{a, b, out}, n,
         stream);
}
void g1_xyzz_mixed_add(const G1XyzzStorage* a, const G1AffineStorage* b, G1XyzzStorage* out,
                       size_t n, cudaStream_t stream) {
  launch(PointAddFn<G1XyzzDevice, G1AffineDevice, G1XyzzStorage, G1AffineStorage>{a, b, out}, n,
         stream);
}
void g1_xyzz_double(const G1XyzzStorage* a, G1XyzzStorage* out, size_t n, cudaStream_t stream) {
  launch(PointDoubleFn<G1XyzzDevice, G1XyzzStorage>{a, out}, n, stream);
}

}  // namespace cuzk::gpu
