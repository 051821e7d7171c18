// HostCarryChain: a bit-exact host emulation of the PTX carry-chain instructions used by
// mont32.hpp, so the limb algorithms that run on the GPU can be tested on any machine (and are, in
// tests/gpu/mont32_host_test.cpp) against the CPU field.
//
// The GPU keeps the carry flag (CC.CF) in hardware; here it is the member `cf`. Semantics follow
// the PTX ISA: `.cc` writes the carry-out (for subtraction, the borrow-out), a `c` prefix reads it
// (madc.lo/hi add it, subc subtracts it), and an instruction without `.cc` leaves it unchanged.
// Not for production host arithmetic: the CPU field (ff/mont_field.hpp) is faster.
#pragma once

#include <cstdint>

namespace cuzk::gpu {

struct HostCarryChain {
  uint32_t cf = 0;

  uint32_t add_cc(uint32_t a, uint32_t b) { return set(uint64_t(a) + b); }
  uint32_t addc_cc(uint32_t a, uint32_t b) { return set(uint64_t(a) + b + cf); }
  uint32_t addc(uint32_t a, uint32_t b) const { return a + b + cf; }

  uint32_t sub_cc(uint32_t a, uint32_t b) { return set_borrow(uint64_t(a) - b); }
  uint32_t subc_cc(uint32_t a, uint32_t b) { return set_borrow(uint64_t(a) - b - cf); }
  uint32_t subc(uint32_t a, uint32_t b) const { return a - b - cf; }

  // lo/hi halves of the 64-bit product a·b, added to c (and the carry-in for madc).
  uint32_t mad_lo_cc(uint32_t a, uint32_t b, uint32_t c) { return set(uint64_t(lo(a, b)) + c); }
  uint32_t madc_lo_cc(uint32_t a, uint32_t b, uint32_t c) {
    return set(uint64_t(lo(a, b)) + c + cf);
  }
  uint32_t mad_hi_cc(uint32_t a, uint32_t b, uint32_t c) { return set(uint64_t(hi(a, b)) + c); }
  uint32_t madc_hi_cc(uint32_t a, uint32_t b, uint32_t c) {
    return set(uint64_t(hi(a, b)) + c + cf);
  }
  uint32_t madc_hi(uint32_t a, uint32_t b, uint32_t c) const { return hi(a, b) + c + cf; }

  // Plain products (no carry in or out).
  uint32_t mul_lo(uint32_t a, uint32_t b) const { return lo(a, b); }
  uint32_t mul_hi(uint32_t a, uint32_t b) const { return hi(a, b); }

 private:
  static uint32_t lo(uint32_t a, uint32_t b) { return uint32_t(uint64_t(a) * b); }
  static uint32_t hi(uint32_t a, uint32_t b) { return uint32_t((uint64_t(a) * b) >> 32); }
  uint32_t set(uint64_t v) {
    cf = uint32_t(v >> 32);
    return uint32_t(v);
  }
  uint32_t set_borrow(uint64_t v) {
    cf = uint32_t(v >> 63);  // a - b - cf wrapped below zero
    return uint32_t(v);
  }
};

}  // namespace cuzk::gpu
