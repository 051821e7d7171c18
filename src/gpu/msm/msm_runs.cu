// The bucket-run kernels of msm_runs.cuh for G1.
#include "gpu/msm/msm_runs.cuh"

template struct cuzk::gpu::msm_kernels::RunKernels<cuzk::curve::G1Config>;
