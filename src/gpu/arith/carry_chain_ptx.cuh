// PtxCarryChain: the carry-chain instructions of the PTX ISA as device functions, the building
// blocks of the GPU field arithmetic (mont32.hpp).
//
// The carry flag CC.CF lives in hardware, so the struct is empty and every method is one
// `asm volatile` instruction. `volatile` keeps the statements in program order and alive, which is
// what a chain needs: an instruction with a `.cc` suffix writes the flag, the next `addc` /
// `subc` / `madc` reads it, and nothing the compiler emits between two asm statements of a chain
// (plain u32/u64 arithmetic, moves, loads) touches CC. The same interface is emulated on the host
// by HostCarryChain (carry_chain_host.hpp) so the algorithms can be tested without a GPU.
#pragma once

#if !defined(__CUDACC__)
#error "carry_chain_ptx.cuh is device code: include it from .cu files only"
#endif

#include <cstdint>

namespace cuzk::gpu {

struct PtxCarryChain {
  __device__ __forceinline__ uint32_t add_cc(uint32_t a, uint32_t b) const {
    uint32_t d;
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
  }
  __device__ __forceinline__ uint32_t addc_cc(uint32_t a, uint32_t b) const {
    uint32_t d;
    asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
  }
  __device__ __forceinline__ uint32_t addc(uint32_t a, uint32_t b) const {
    uint32_t d;
    asm volatile("addc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
  }
  __device__ __forceinline__ uint32_t sub_cc(uint32_t a, uint32_t b) const {
    uint32_t d;
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
  }
  __device__ __forceinline__ uint32_t subc_cc(uint32_t a, uint32_t b) const {
    uint32_t d;
    asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
  }
  __device__ __forceinline__ uint32_t subc(uint32_t a, uint32_t b) const {
    uint32_t d;
    asm volatile("subc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
  }

  // lo/hi halves of the 64-bit product a·b, added to c (plus the carry-in for madc).
  __device__ __forceinline__ uint32_t mad_lo_cc(uint32_t a, uint32_t b, uint32_t c) const {
    uint32_t d;
    asm volatile("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
  }
  __device__ __forceinline__ uint32_t madc_lo_cc(uint32_t a, uint32_t b, uint32_t c) const {
    uint32_t d;
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
  }
  __device__ __forceinline__ uint32_t mad_hi_cc(uint32_t a, uint32_t b, uint32_t c) const {
    uint32_t d;
    asm volatile("mad.hi.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
  }
  __device__ __forceinline__ uint32_t madc_hi_cc(uint32_t a, uint32_t b, uint32_t c) const {
    uint32_t d;
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
  }
  __device__ __forceinline__ uint32_t madc_hi(uint32_t a, uint32_t b, uint32_t c) const {
    uint32_t d;
    asm volatile("madc.hi.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
  }

  // Plain products, which touch no flag: ordinary code the compiler may schedule freely.
  __device__ __forceinline__ uint32_t mul_lo(uint32_t a, uint32_t b) const { return a * b; }
  __device__ __forceinline__ uint32_t mul_hi(uint32_t a, uint32_t b) const {
    return __umulhi(a, b);
  }
};

}  // namespace cuzk::gpu
