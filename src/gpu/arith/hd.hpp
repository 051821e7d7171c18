// Compilation directives for code shared by the host and the device passes.
//
// The arithmetic templates of this folder (mont32.hpp, xyzz.hpp, jacobian.hpp) are written once
// and compiled twice: by nvcc for the device, where a field made of PTX carry chains is plugged
// in, and by the host compiler, where the tests plug in the CPU field or a host emulation of the
// carry chain. CUZK_HD marks such functions (it is `inline` outside nvcc); CUZK_HD_NOINLINE the few
// that are called rather than inlined, to bound the code size (xyzz.hpp). CUZK_UNROLL asks for a
// fully unrolled loop (`#pragma unroll` in nvcc's device pass, `#pragma GCC unroll` in a host
// compiler's own translation units): the limb loops must unroll so that limb arrays live in
// registers and the modulus words become immediates. CUZK_ROLLED keeps a device loop rolled: around
// a field product, unrolling multiplies the code, and the instruction cache, not the loop
// overhead, is the limit.
#pragma once

#if defined(__CUDACC__)
#define CUZK_HD __host__ __device__ __forceinline__
#define CUZK_HD_NOINLINE __host__ __device__ __noinline__
#else
#define CUZK_HD inline
#define CUZK_HD_NOINLINE __attribute__((noinline))
#endif

#if defined(__CUDA_ARCH__)
#define CUZK_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__)
#define CUZK_UNROLL  // nvcc's host pass: host code never runs the device field
#else
#define CUZK_UNROLL _Pragma("GCC unroll 32")
#endif

#if defined(__CUDA_ARCH__)
#define CUZK_ROLLED _Pragma("unroll 1")
#else
#define CUZK_ROLLED
#endif
