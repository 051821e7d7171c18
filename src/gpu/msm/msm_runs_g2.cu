// The bucket-run kernels of msm_runs.cuh for G2 (coordinates in Fp2).
#include "gpu/msm/msm_runs.cuh"

template struct cuzk::gpu::msm_kernels::RunKernels<cuzk::curve::G2Config>;
