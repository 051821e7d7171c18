// x86-64 modular addition and subtraction for MontField with 4 limbs (Fr) and 6 limbs (Fp).
//
// Plain ADD/ADC and SUB/SBB chains (any x86-64, no dispatch) with a branch-free correction:
//  * add: t = a + b (no carry out: p has a spare top bit), s = t - p, keep s unless it borrowed
//    (CMOVNC);
//  * sub: t = a - b, then add back p where the subtraction borrowed (x_j = CMOVC p_j, else 0).
// The limbs of t (and s, x) are register operands chosen by the compiler; b and p are read through
// pointer registers, which bounds the registers needed at 14 in every calling context (per-limb
// memory operands can need two address registers each and then run out).
// Results equal the portable code's for inputs < p (tests/ff/mont_mul_test.cpp).
#pragma once

#include "ff/mont_mul_x86.hpp"

#ifdef CUZK_FF_X86_ASM

namespace cuzk::ff::x86 {

template <class F>
[[gnu::always_inline]] inline Limbs<F::kLimbs> mod_add(const Limbs<F::kLimbs>& a,
                                                       const Limbs<F::kLimbs>& b) {
  static_assert(F::kLimbs == 4 || F::kLimbs == 6);
  const Limbs<F::kLimbs>& p = F::kModulus;
  Limbs<F::kLimbs> t = a;
  uint64_t s0, s1, s2, s3;
  if constexpr (F::kLimbs == 4) {
    asm("addq 0(%[b]), %[t0]\n\t"
        "adcq 8(%[b]), %[t1]\n\t"
        "adcq 16(%[b]), %[t2]\n\t"
        "adcq 24(%[b]), %[t3]\n\t"
        "movq %[t0], %[s0]\n\t"
        "subq 0(%[p]), %[s0]\n\t"
        "movq %[t1], %[s1]\n\t"
        "sbbq 8(%[p]), %[s1]\n\t"
        "movq %[t2], %[s2]\n\t"
        "sbbq 16(%[p]), %[s2]\n\t"
        "movq %[t3], %[s3]\n\t"
        "sbbq 24(%[p]), %[s3]\n\t"
        "cmovncq %[s0], %[t0]\n\t"
        "cmovncq %[s1], %[t1]\n\t"
        "cmovncq %[s2], %[t2]\n\t"
        "cmovncq %[s3], %[t3]\n\t"
        : [t0] "+&r"(t[0]), [t1] "+&r"(t[1]), [t2] "+&r"(t[2]), [t3] "+&r"(t[3]), [s0] "=&r"(s0),
          [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3)
        : [b] "r"(b.data()), [p] "r"(p.data())
        : "cc", "memory");
  } else {
    uint64_t s4, s5;
    asm("addq 0(%[b]), %[t0]\n\t"
        "adcq 8(%[b]), %[t1]\n\t"
        "adcq 16(%[b]), %[t2]\n\t"
        "adcq 24(%[b]), %[t3]\n\t"
        "adcq 32(%[b]), %[t4]\n\t"
        "adcq 40(%[b]), %[t5]\n\t"
        "movq %[t0], %[s0]\n\t"
        "subq 0(%[p]), %[s0]\n\t"
        "movq %[t1], %[s1]\n\t"
        "sbbq 8(%[p]), %[s1]\n\t"
        "movq %[t2], %[s2]\n\t"
        "sbbq 16(%[p]), %[s2]\n\t"
        "movq %[t3], %[s3]\n\t"
        "sbbq 24(%[p]), %[s3]\n\t"
        "movq %[t4], %[s4]\n\t"
        "sbbq 32(%[p]), %[s4]\n\t"
        "movq %[t5], %[s5]\n\t"
        "sbbq 40(%[p]), %[s5]\n\t"
        "cmovncq %[s0], %[t0]\n\t"
        "cmovncq %[s1], %[t1]\n\t"
        "cmovncq %[s2], %[t2]\n\t"
        "cmovncq %[s3], %[t3]\n\t"
        "cmovncq %[s4], %[t4]\n\t"
        "cmovncq %[s5], %[t5]\n\t"
        : [t0] "+&r"(t[0]), [t1] "+&r"(t[1]), [t2] "+&r"(t[2]), [t3] "+&r"(t[3]), [t4] "+&r"(t[4]),
          [t5] "+&r"(t[5]), [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3),
          [s4] "=&r"(s4), [s5] "=&r"(s5)
        : [b] "r"(b.data()), [p] "r"(p.data())
        : "cc", "memory");
  }
  return t;
}

template <class F>
[[gnu::always_inline]] inline Limbs<F::kLimbs> mod_sub(const Limbs<F::kLimbs>& a,
                                                       const Limbs<F::kLimbs>& b) {
  static_assert(F::kLimbs == 4 || F::kLimbs == 6);
  const Limbs<F::kLimbs>& p = F::kModulus;
  Limbs<F::kLimbs> t = a;
  Limbs<F::kLimbs> x;  // p where a - b borrowed, else 0
  if constexpr (F::kLimbs == 4) {
    asm("xorl %k[x0], %k[x0]\n\t"
        "xorl %k[x1], %k[x1]\n\t"
        "xorl %k[x2], %k[x2]\n\t"
        "xorl %k[x3], %k[x3]\n\t"
        "subq 0(%[b]), %[t0]\n\t"
        "sbbq 8(%[b]), %[t1]\n\t"
        "sbbq 16(%[b]), %[t2]\n\t"
        "sbbq 24(%[b]), %[t3]\n\t"
        "cmovcq 0(%[p]), %[x0]\n\t"
        "cmovcq 8(%[p]), %[x1]\n\t"
        "cmovcq 16(%[p]), %[x2]\n\t"
        "cmovcq 24(%[p]), %[x3]\n\t"
        "addq %[x0], %[t0]\n\t"
        "adcq %[x1], %[t1]\n\t"
        "adcq %[x2], %[t2]\n\t"
        "adcq %[x3], %[t3]\n\t"
        : [t0] "+&r"(t[0]), [t1] "+&r"(t[1]), [t2] "+&r"(t[2]), [t3] "+&r"(t[3]), [x0] "=&r"(x[0]),
          [x1] "=&r"(x[1]), [x2] "=&r"(x[2]), [x3] "=&r"(x[3])
        : [b] "r"(b.data()), [p] "r"(p.data())
        : "cc", "memory");
  } else {
    asm("xorl %k[x0], %k[x0]\n\t"
        "xorl %k[x1], %k[x1]\n\t"
        "xorl %k[x2], %k[x2]\n\t"
        "xorl %k[x3], %k[x3]\n\t"
        "xorl %k[x4], %k[x4]\n\t"
        "xorl %k[x5], %k[x5]\n\t"
        "subq 0(%[b]), %[t0]\n\t"
        "sbbq 8(%[b]), %[t1]\n\t"
        "sbbq 16(%[b]), %[t2]\n\t"
        "sbbq 24(%[b]), %[t3]\n\t"
        "sbbq 32(%[b]), %[t4]\n\t"
        "sbbq 40(%[b]), %[t5]\n\t"
        "cmovcq 0(%[p]), %[x0]\n\t"
        "cmovcq 8(%[p]), %[x1]\n\t"
        "cmovcq 16(%[p]), %[x2]\n\t"
        "cmovcq 24(%[p]), %[x3]\n\t"
        "cmovcq 32(%[p]), %[x4]\n\t"
        "cmovcq 40(%[p]), %[x5]\n\t"
        "addq %[x0], %[t0]\n\t"
        "adcq %[x1], %[t1]\n\t"
        "adcq %[x2], %[t2]\n\t"
        "adcq %[x3], %[t3]\n\t"
        "adcq %[x4], %[t4]\n\t"
        "adcq %[x5], %[t5]\n\t"
        : [t0] "+&r"(t[0]), [t1] "+&r"(t[1]), [t2] "+&r"(t[2]), [t3] "+&r"(t[3]), [t4] "+&r"(t[4]),
          [t5] "+&r"(t[5]), [x0] "=&r"(x[0]), [x1] "=&r"(x[1]), [x2] "=&r"(x[2]), [x3] "=&r"(x[3]),
          [x4] "=&r"(x[4]), [x5] "=&r"(x[5])
        : [b] "r"(b.data()), [p] "r"(p.data())
        : "cc", "memory");
  }
  return t;
}

}  // namespace cuzk::ff::x86

#endif  // CUZK_FF_X86_ASM
