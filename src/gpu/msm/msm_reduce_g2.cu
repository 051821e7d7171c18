// The reduction kernels of msm_reduce.cuh for G2 (coordinates in Fp2).
#include "gpu/msm/msm_reduce.cuh"

template struct cuzk::gpu::msm_kernels::ReduceKernels<cuzk::curve::G2Config>;
