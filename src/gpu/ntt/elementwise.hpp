// Elementwise field and G1 operations over device arrays — the host entry points that exercise the
// device arithmetic (tests, benchmarks) and the smallest example of launching it.
//
// Every function enqueues one kernel on `stream` and returns without waiting; pointers are device
// pointers to n elements (out may alias an input). Launch errors throw CudaError.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "gpu/arith/field_storage.hpp"
#include "gpu/arith/point_storage.hpp"

namespace cuzk::gpu {

enum class FieldOp { kAdd, kSub, kMul, kSquare, kNeg, kDouble };

// out[i] = op(a[i], b[i]); b is ignored (may be null) for the unary kSquare, kNeg, kDouble.
void field_op(FieldOp op, const FrStorage* a, const FrStorage* b, FrStorage* out, size_t n,
              cudaStream_t stream);
void field_op(FieldOp op, const FpStorage* a, const FpStorage* b, FpStorage* out, size_t n,
              cudaStream_t stream);

// out[k] = hi[k >> lo_bits] * lo[k & (2^lo_bits - 1)] for k < n: a table of powers (c s^k)
// expanded from its two halves, hi[x] = c s^(x 2^lo_bits) and lo[y] = s^y — how the NTT's whole
// tables are made (ntt.cu), one product per entry on the device instead of a host-built upload.
void fr_expand_split_table(const FrStorage* hi, const FrStorage* lo, unsigned lo_bits,
                           FrStorage* out, size_t n, cudaStream_t stream);

// Jacobian: out[i] = a[i] + b[i] (add-2007-bl), a[i] + affine b[i] (madd-2007-bl), 2·a[i].
void g1_jacobian_add(const G1JacobianStorage* a, const G1JacobianStorage* b, G1JacobianStorage* out,
                     size_t n, cudaStream_t stream);
void g1_jacobian_mixed_add(const G1JacobianStorage* a, const G1AffineStorage* b,
                           G1JacobianStorage* out, size_t n, cudaStream_t stream);
void g1_jacobian_double(const G1JacobianStorage* a, G1JacobianStorage* out, size_t n,
                        cudaStream_t stream);

// XYZZ: out[i] = a[i] + b[i] (add-2008-s), a[i] + affine b[i] (madd-2008-s), 2·a[i].
void g1_xyzz_add(const G1XyzzStorage* a, const G1XyzzStorage* b, G1XyzzStorage* out, size_t n,
                 cudaStream_t stream);
void g1_xyzz_mixed_add(const G1XyzzStorage* a, const G1AffineStorage* b, G1XyzzStorage* out,
                       size_t n, cudaStream_t stream);
void g1_xyzz_double(const G1XyzzStorage* a, G1XyzzStorage* out, size_t n, cudaStream_t stream);

}  // namespace cuzk::gpu
