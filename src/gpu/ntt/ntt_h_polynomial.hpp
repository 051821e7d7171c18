// The quotient polynomial H of a Groth16 proof on the GPU: the counterpart of
// ntt::compute_h_coefficients (src/ntt/h_polynomial.hpp), bit-identical to it and so to
// bellperson's execute_fft, taking the CPU Domain so that the prover names one domain for both
// backends. The work is GpuNtt::compute_h (ntt.hpp): 6 transforms, one permutation, a*b - c and
// the division by Z fused into passes.
#pragma once

#include <cuda_runtime.h>

#include <span>

#include "ff/fr.hpp"
#include "gpu/arith/field_storage.hpp"
#include "gpu/ntt/ntt.hpp"
#include "gpu/util/cuda_util.hpp"
#include "ntt/domain.hpp"

namespace cuzk::gpu {

// a <- icoset_fft((coset_fft(ifft(a)) * coset_fft(ifft(b)) - coset_fft(ifft(c))) / (g^n - 1)) with
// n = domain.size(): all n coefficients of H (a[n-1] is 0 for a satisfied system; the prover keeps
// the first n - 1). b and c are scratch afterwards. Each buffer must hold at least n elements,
// zero-padded by the caller past the constraint count; domain.size() >= 2 and within the GpuNtt's
// max_log_n. Enqueued on `stream`; throws std::invalid_argument on a bad argument (a size, or a
// Domain whose root of unity is not the GPU's).
void compute_h_gpu(GpuNtt& ntt, const ntt::Domain& domain, DeviceBuffer<FrStorage>& a,
                   DeviceBuffer<FrStorage>& b, DeviceBuffer<FrStorage>& c, cudaStream_t stream);
// The same on the domain of 2^log_n points, named by its size alone (the GPU's tables are its
// constants): what the prover runs, without building the CPU Domain's twiddles (2 GiB at 2^27).
void compute_h_gpu(GpuNtt& ntt, unsigned log_n, DeviceBuffer<FrStorage>& a,
                   DeviceBuffer<FrStorage>& b, DeviceBuffer<FrStorage>& c, cudaStream_t stream);

// Host-memory form (synchronous; allocates 3 n elements of device memory): a <- H, b and c are
// left unchanged. Sizes must equal domain.size().
void compute_h_gpu(GpuNtt& ntt, const ntt::Domain& domain, std::span<ff::Fr> a,
                   std::span<const ff::Fr> b, std::span<const ff::Fr> c);

}  // namespace cuzk::gpu
