// x86-64 Montgomery squaring with MULX/ADCX/ADOX for MontField with 4 limbs (Fr) and 6 (Fp).
//
// Design: the full square a^2 = H * R + L (R = 2^(64N)) is formed from the N(N-1)/2 cross
// products a_i a_j (i < j), computed once, then doubled on the CF chain while the N diagonal
// squares a_i^2 join on the OF chain. Then L alone is Montgomery-reduced with the same reduction
// steps as the multiplication (CUZK_MULX*_REDUCE): REDC(L) = (L + M p) / R <= p, and since
// H < p^2 / R < p, REDC(L) + H < 2p needs one conditional subtraction. That is
// a^2 R^-1 mod p, fully reduced, bit-identical to mont_mul(a, a).
// Cost: 6 + 4 + 16 = 26 MULX for 4 limbs (32 in a multiplication), 15 + 6 + 36 = 57 for 6 (72).
// Words that are complete before the end go through a small stack buffer (addressed through a
// register, like every memory operand here).
// Needs BMI2 + ADX (x86::cpu_has_bmi2_adx()); there is no mulq squaring: the fallback squares
// with the mulq multiplication.
#pragma once

#include "ff/mont_mul_x86.hpp"

#ifdef CUZK_FF_X86_ASM

namespace cuzk::ff::x86 {

// The asm below (text macros and kernels) is laid out by hand, an instruction group a line.
// clang-format off
// Adds rdx*rdx (rdx = a[i]) into words (lo, hi): doubles both words on the CF chain and adds the
// square's halves on the OF chain.
#define CUZK_SQR_DIAG(aoff, lo, hi)                                                    \
  "movq " aoff "(%[a]), %%rdx\n\t"                                                    \
  "mulxq %%rdx, %%rax, %%rbx\n\t"                                                     \
  "adcxq " lo ", " lo "\n\t"                                                          \
  "adoxq %%rax, " lo "\n\t"                                                           \
  "adcxq " hi ", " hi "\n\t"                                                          \
  "adoxq %%rbx, " hi "\n\t"

template <class F>
[[gnu::always_inline]] inline Limbs<F::kLimbs> mont_sqr_mulx(const Limbs<F::kLimbs>& a) {
  static_assert(F::kLimbs == 4 || F::kLimbs == 6);
  const uint64_t* pa = a.data();
  const uint64_t* pp = ModulusTable<F>::value.data();
  if constexpr (F::kLimbs == 4) {
    uint64_t hi[4];  // high half H of the square
    CUZK_OUT_REG(o0, "r11");
    CUZK_OUT_REG(o1, "r14");
    CUZK_OUT_REG(o2, "r8");
    CUZK_OUT_REG(o3, "r9");
    asm(// Cross products: w1..w6 in r8..r13.
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq 8(%[a]), %%r8, %%r9\n\t"
        "mulxq 16(%[a]), %%rax, %%r10\n\t"
        "addq %%rax, %%r9\n\t"
        "mulxq 24(%[a]), %%rax, %%r11\n\t"
        "adcq %%rax, %%r10\n\t"
        "adcq $0, %%r11\n\t"
        "movq 8(%[a]), %%rdx\n\t"
        "xorl %%r13d, %%r13d\n\t"
        "mulxq 16(%[a]), %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r10\n\t"
        "adoxq %%rbx, %%r11\n\t"
        "mulxq 24(%[a]), %%rax, %%r12\n\t"
        "adcxq %%rax, %%r11\n\t"
        "adoxq %%r13, %%r12\n\t"
        "adcxq %%r13, %%r12\n\t"
        "movq 16(%[a]), %%rdx\n\t"
        "mulxq 24(%[a]), %%rax, %%r13\n\t"
        "addq %%rax, %%r12\n\t"
        "adcq $0, %%r13\n\t"
        // Double and add the diagonal: L = (r14 r8 r9 r10), H = (r11 r12 r13 rbx) to memory.
        "xorl %%eax, %%eax\n\t"
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%r14, %%rbx\n\t"
        "adcxq %%r8, %%r8\n\t"
        "adoxq %%rbx, %%r8\n\t"
        CUZK_SQR_DIAG("8", "%%r9", "%%r10")
        CUZK_SQR_DIAG("16", "%%r11", "%%r12")
        "movq 24(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%rax, %%rbx\n\t"
        "adcxq %%r13, %%r13\n\t"
        "adoxq %%rax, %%r13\n\t"
        "movl $0, %%eax\n\t"
        "adcxq %%rax, %%rbx\n\t"
        "adoxq %%rax, %%rbx\n\t"
        "movq %%r11, 0(%[hi])\n\t"
        "movq %%r12, 8(%[hi])\n\t"
        "movq %%r13, 16(%[hi])\n\t"
        "movq %%rbx, 24(%[hi])\n\t"
        // REDC(L), window (r14 r8 r9 r10 | r11 = 0).
        "xorl %%r11d, %%r11d\n\t"
        CUZK_MULX4_REDUCE("%%r14", "%%r8", "%%r9", "%%r10", "%%r11")
        CUZK_MULX4_REDUCE("%%r8", "%%r9", "%%r10", "%%r11", "%%r14")
        CUZK_MULX4_REDUCE("%%r9", "%%r10", "%%r11", "%%r14", "%%r8")
        CUZK_MULX4_REDUCE("%%r10", "%%r11", "%%r14", "%%r8", "%%r9")
        // + H, then one conditional subtraction. Value in r11 r14 r8 r9.
        "addq 0(%[hi]), %%r11\n\t"
        "adcq 8(%[hi]), %%r14\n\t"
        "adcq 16(%[hi]), %%r8\n\t"
        "adcq 24(%[hi]), %%r9\n\t"
        CUZK_REDUCE_ONCE4("%%r11", "%%r14", "%%r8", "%%r9", "%%rax", "%%rbx", "%%rdx", "%%r10")
        : "=&r"(o0), "=&r"(o1), "=&r"(o2), "=&r"(o3)
        : [a] "r"(pa), [p] "r"(pp), [hi] "r"(hi)
        : "rax", "rbx", "rdx", "r10", "r12", "r13", "cc", "memory");
    return {o0, o1, o2, o3};
  } else {
    uint64_t w[12];  // words of the square that are complete before they are needed
    uint64_t scratch;
    CUZK_OUT_REG(o0, "r14");
    CUZK_OUT_REG(o1, "r8");
    CUZK_OUT_REG(o2, "r9");
    CUZK_OUT_REG(o3, "r10");
    CUZK_OUT_REG(o4, "r11");
    CUZK_OUT_REG(o5, "r12");
    asm(// Cross products, row a0: w1..w6 in r8..r13.
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq 8(%[a]), %%r8, %%r9\n\t"
        "mulxq 16(%[a]), %%rax, %%r10\n\t"
        "addq %%rax, %%r9\n\t"
        "mulxq 24(%[a]), %%rax, %%r11\n\t"
        "adcq %%rax, %%r10\n\t"
        "mulxq 32(%[a]), %%rax, %%r12\n\t"
        "adcq %%rax, %%r11\n\t"
        "mulxq 40(%[a]), %%rax, %%r13\n\t"
        "adcq %%rax, %%r12\n\t"
        "adcq $0, %%r13\n\t"
        "movq %%r8, 8(%[w])\n\t"
        "movq %%r9, 16(%[w])\n\t"
        // Row a1: w3..w7 in r10..r14; r8 = 0 from here on.
        "movq 8(%[a]), %%rdx\n\t"
        "xorl %%r8d, %%r8d\n\t"
        CUZK_MULX_STEP("16(%[a])", "%%r10", "%%r11")
        CUZK_MULX_STEP("24(%[a])", "%%r11", "%%r12")
        CUZK_MULX_STEP("32(%[a])", "%%r12", "%%r13")
        "mulxq 40(%[a]), %%rax, %%r14\n\t"
        "adcxq %%rax, %%r13\n\t"
        "adoxq %%r8, %%r14\n\t"
        "adcxq %%r8, %%r14\n\t"
        "movq %%r10, 24(%[w])\n\t"
        "movq %%r11, 32(%[w])\n\t"
        // Row a2: w5..w8 in r12 r13 r14 r9.
        "movq 16(%[a]), %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        CUZK_MULX_STEP("24(%[a])", "%%r12", "%%r13")
        CUZK_MULX_STEP("32(%[a])", "%%r13", "%%r14")
        "mulxq 40(%[a]), %%rax, %%r9\n\t"
        "adcxq %%rax, %%r14\n\t"
        "adoxq %%r8, %%r9\n\t"
        "adcxq %%r8, %%r9\n\t"
        "movq %%r12, 40(%[w])\n\t"
        "movq %%r13, 48(%[w])\n\t"
        // Row a3: w7..w9 in r14 r9 r10.
        "movq 24(%[a]), %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        CUZK_MULX_STEP("32(%[a])", "%%r14", "%%r9")
        "mulxq 40(%[a]), %%rax, %%r10\n\t"
        "adcxq %%rax, %%r9\n\t"
        "adoxq %%r8, %%r10\n\t"
        "adcxq %%r8, %%r10\n\t"
        "movq %%r14, 56(%[w])\n\t"
        "movq %%r9, 64(%[w])\n\t"
        // Row a4: w9..w10 in r10 r11.
        "movq 32(%[a]), %%rdx\n\t"
        "mulxq 40(%[a]), %%rax, %%r11\n\t"
        "addq %%rax, %%r10\n\t"
        "adcq $0, %%r11\n\t"
        "movq %%r10, 72(%[w])\n\t"
        "movq %%r11, 80(%[w])\n\t"
        // Double and add the diagonal: L = (r8..r13), H (words 6..11) back to memory via r14.
        "xorl %%eax, %%eax\n\t"
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%r8, %%rbx\n\t"
        "movq 8(%[w]), %%r9\n\t"
        "adcxq %%r9, %%r9\n\t"
        "adoxq %%rbx, %%r9\n\t"
        "movq 16(%[w]), %%r10\n\t"
        "movq 24(%[w]), %%r11\n\t"
        CUZK_SQR_DIAG("8", "%%r10", "%%r11")
        "movq 32(%[w]), %%r12\n\t"
        "movq 40(%[w]), %%r13\n\t"
        CUZK_SQR_DIAG("16", "%%r12", "%%r13")
        "movq 48(%[w]), %%r14\n\t"
        "movq 56(%[w]), %[s]\n\t"
        CUZK_SQR_DIAG("24", "%%r14", "%[s]")
        "movq %%r14, 48(%[w])\n\t"
        "movq %[s], 56(%[w])\n\t"
        "movq 64(%[w]), %%r14\n\t"
        "movq 72(%[w]), %[s]\n\t"
        CUZK_SQR_DIAG("32", "%%r14", "%[s]")
        "movq %%r14, 64(%[w])\n\t"
        "movq %[s], 72(%[w])\n\t"
        "movq 80(%[w]), %%r14\n\t"
        "movq 40(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%rax, %%rbx\n\t"
        "adcxq %%r14, %%r14\n\t"
        "adoxq %%rax, %%r14\n\t"
        "movl $0, %%eax\n\t"
        "adcxq %%rax, %%rbx\n\t"
        "adoxq %%rax, %%rbx\n\t"
        "movq %%r14, 80(%[w])\n\t"
        "movq %%rbx, 88(%[w])\n\t"
        // REDC(L), window (r8..r13 | r14 = 0).
        "xorl %%r14d, %%r14d\n\t"
        CUZK_MULX6_REDUCE("%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14")
        CUZK_MULX6_REDUCE("%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r8")
        CUZK_MULX6_REDUCE("%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r8", "%%r9")
        CUZK_MULX6_REDUCE("%%r11", "%%r12", "%%r13", "%%r14", "%%r8", "%%r9", "%%r10")
        CUZK_MULX6_REDUCE("%%r12", "%%r13", "%%r14", "%%r8", "%%r9", "%%r10", "%%r11")
        CUZK_MULX6_REDUCE("%%r13", "%%r14", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12")
        // + H, then one conditional subtraction. Value in r14 r8 r9 r10 r11 r12.
        "addq 48(%[w]), %%r14\n\t"
        "adcq 56(%[w]), %%r8\n\t"
        "adcq 64(%[w]), %%r9\n\t"
        "adcq 72(%[w]), %%r10\n\t"
        "adcq 80(%[w]), %%r11\n\t"
        "adcq 88(%[w]), %%r12\n\t"
        CUZK_REDUCE_ONCE6("%%r14", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12",
                          "%%rax", "%%rbx", "%%rdx", "%%r13", "%[a]", "%[s]")
        : "=&r"(o0), "=&r"(o1), "=&r"(o2), "=&r"(o3), "=&r"(o4), "=&r"(o5), 
          [s] "=&r"(scratch), [a] "+&r"(pa)
        : [p] "r"(pp), [w] "r"(w)
        : "rax", "rbx", "rdx", "r13", "cc", "memory");
    return {o0, o1, o2, o3, o4, o5};
  }
}

// clang-format on
}  // namespace cuzk::ff::x86

#endif  // CUZK_FF_X86_ASM
