// x86-64 inline-assembly Montgomery multiplication for MontField with 4 limbs (Fr) and 6 limbs
// (Fp), the CPU-feature check that selects a kernel, and the asm building blocks shared with
// mont_sqr_x86.hpp (squaring) and mont_add_x86.hpp (addition, subtraction).
//
// Two multiplication families:
//  * mulx: BMI2 MULX with the ADX dual carry chains (ADCX on CF for the low product halves,
//    ADOX on OF for the high halves), CIOS operand scanning with a separate reduction pass per
//    row. Needs BMI2 + ADX at run time: cpu_has_bmi2_adx() says whether this CPU has them.
//    Always inlined: it is the common path.
//  * mulq: plain MUL/ADC, runs on every x86-64. CIOS with the reduction merged into the row
//    (one pass per row, like the portable code), carries kept in registers. Out of line.
//
// All kernels return fully reduced results (< p) for inputs < p, hence bit-identical to the
// portable constexpr path; tests/ff/mont_mul_test.cpp checks this on random and edge inputs.
// They read a, b and a table {p_0..p_{N-1}, -p^-1} (ModulusTable) through pointer registers,
// which also keeps them valid in position-independent builds. The accumulator is
// register-resident and registers are renamed from row to row in the macros instead of moved.
// The result leaves the asm in registers (outputs), so the compiler writes it where it belongs
// (the output may alias an input) with stores that the next kernel's loads can forward from.
//
// The selection between families happens in MontField (mont_field.hpp): a branch on
// cpu_has_bmi2_adx(), a global initialised once, keeps the MULX kernel inlinable;
// docs/perf/ff-cpu.md has the measured cost of that branch versus a function pointer.
#pragma once

// Host x86-64 code only: a CUDA device pass (__CUDA_ARCH__) sees the portable paths.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__CUDA_ARCH__)
#define CUZK_FF_X86_ASM 1

#include <cpuid.h>

#include <cstddef>
#include <cstdint>

#include "ff/limbs.hpp"

namespace cuzk::ff::x86 {

// {p_0, ..., p_{N-1}, -p^-1 mod 2^64}, one table per field type F (F::kModulus, F::kInv).
template <class F>
struct ModulusTable {
  static constexpr size_t N = F::kLimbs;
  static constexpr auto make() {
    Limbs<N + 1> t{};
    for (size_t i = 0; i < N; ++i) t[i] = F::kModulus[i];
    t[N] = F::kInv;
    return t;
  }
  alignas(64) static constexpr Limbs<N + 1> value = make();
};

inline bool detect_bmi2_adx() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  return ((b >> 8) & 1) != 0 && ((b >> 19) & 1) != 0;  // leaf 7 EBX: bit 8 BMI2, bit 19 ADX
}

// Read on every multiplication: a load and a well-predicted branch. Zero (mulq) until dynamic
// initialisation has run, which is correct too.
inline const bool g_has_bmi2_adx = detect_bmi2_adx();
inline bool cpu_has_bmi2_adx() {
  return g_has_bmi2_adx;
}

// ---------------------------------------------------------------------------------------------
// Building blocks (AT&T syntax; register arguments are full operand text such as "%%r8").
// The asm below (text macros and kernels) is laid out by hand, an instruction group a line.
// clang-format off

// rdx * src -> hi:lo (rbx:rax); lo joins acc_lo on the CF chain, hi joins acc_hi on the OF chain.
#define CUZK_MULX_STEP(src, acc_lo, acc_hi) \
  "mulxq " src ", %%rax, %%rbx\n\t"         \
  "adcxq %%rax, " acc_lo "\n\t"             \
  "adoxq %%rbx, " acc_hi "\n\t"

// One Montgomery reduction step on the window t0..t{N}: m = t0 * inv, t += m * p. Afterwards
// t0 is zero (and becomes the next window's top word) and t1..t{N} hold the shifted value.
#define CUZK_MULX4_REDUCE(t0, t1, t2, t3, t4)                                          \
  "movq " t0 ", %%rdx\n\t"                                                            \
  "imulq 32(%[p]), %%rdx\n\t"                                                         \
  "xorl %%eax, %%eax\n\t"                                                             \
  CUZK_MULX_STEP("0(%[p])", t0, t1) CUZK_MULX_STEP("8(%[p])", t1, t2)                 \
  CUZK_MULX_STEP("16(%[p])", t2, t3) CUZK_MULX_STEP("24(%[p])", t3, t4)               \
  "adcq $0, " t4 "\n\t"

#define CUZK_MULX6_REDUCE(t0, t1, t2, t3, t4, t5, t6)                                  \
  "movq " t0 ", %%rdx\n\t"                                                            \
  "imulq 48(%[p]), %%rdx\n\t"                                                         \
  "xorl %%eax, %%eax\n\t"                                                             \
  CUZK_MULX_STEP("0(%[p])", t0, t1) CUZK_MULX_STEP("8(%[p])", t1, t2)                 \
  CUZK_MULX_STEP("16(%[p])", t2, t3) CUZK_MULX_STEP("24(%[p])", t3, t4)               \
  CUZK_MULX_STEP("32(%[p])", t4, t5) CUZK_MULX_STEP("40(%[p])", t5, t6)               \
  "adcq $0, " t6 "\n\t"

// Row i >= 1 of the multiplication: t += a * b[i] (t{N} is zero on entry), then reduce.
#define CUZK_MULX4_ROW(boff, t0, t1, t2, t3, t4)                                       \
  "movq " boff "(%[b]), %%rdx\n\t"                                                    \
  "xorl %%eax, %%eax\n\t"                                                             \
  CUZK_MULX_STEP("0(%[a])", t0, t1) CUZK_MULX_STEP("8(%[a])", t1, t2)                 \
  CUZK_MULX_STEP("16(%[a])", t2, t3) CUZK_MULX_STEP("24(%[a])", t3, t4)               \
  "adcq $0, " t4 "\n\t"                                                               \
  CUZK_MULX4_REDUCE(t0, t1, t2, t3, t4)

#define CUZK_MULX6_ROW(boff, t0, t1, t2, t3, t4, t5, t6)                               \
  "movq " boff "(%[b]), %%rdx\n\t"                                                    \
  "xorl %%eax, %%eax\n\t"                                                             \
  CUZK_MULX_STEP("0(%[a])", t0, t1) CUZK_MULX_STEP("8(%[a])", t1, t2)                 \
  CUZK_MULX_STEP("16(%[a])", t2, t3) CUZK_MULX_STEP("24(%[a])", t3, t4)               \
  CUZK_MULX_STEP("32(%[a])", t4, t5) CUZK_MULX_STEP("40(%[a])", t5, t6)               \
  "adcq $0, " t6 "\n\t"                                                               \
  CUZK_MULX6_REDUCE(t0, t1, t2, t3, t4, t5, t6)

// Final conditional subtraction: s = t - p; when that did not borrow (t >= p), t = s. The
// result stays in the t registers, which are the kernel's outputs.
#define CUZK_SUBP_STEP(op, off, t, s) "movq " t ", " s "\n\t" op " " off "(%[p]), " s "\n\t"
#define CUZK_SUBP_SELECT(t, s) "cmovncq " s ", " t "\n\t"

#define CUZK_REDUCE_ONCE4(t0, t1, t2, t3, s0, s1, s2, s3)                                \
  CUZK_SUBP_STEP("subq", "0", t0, s0) CUZK_SUBP_STEP("sbbq", "8", t1, s1)                \
  CUZK_SUBP_STEP("sbbq", "16", t2, s2) CUZK_SUBP_STEP("sbbq", "24", t3, s3)              \
  CUZK_SUBP_SELECT(t0, s0) CUZK_SUBP_SELECT(t1, s1)                                      \
  CUZK_SUBP_SELECT(t2, s2) CUZK_SUBP_SELECT(t3, s3)

#define CUZK_REDUCE_ONCE6(t0, t1, t2, t3, t4, t5, s0, s1, s2, s3, s4, s5)                \
  CUZK_SUBP_STEP("subq", "0", t0, s0) CUZK_SUBP_STEP("sbbq", "8", t1, s1)                \
  CUZK_SUBP_STEP("sbbq", "16", t2, s2) CUZK_SUBP_STEP("sbbq", "24", t3, s3)              \
  CUZK_SUBP_STEP("sbbq", "32", t4, s4) CUZK_SUBP_STEP("sbbq", "40", t5, s5)              \
  CUZK_SUBP_SELECT(t0, s0) CUZK_SUBP_SELECT(t1, s1) CUZK_SUBP_SELECT(t2, s2)             \
  CUZK_SUBP_SELECT(t3, s3) CUZK_SUBP_SELECT(t4, s4) CUZK_SUBP_SELECT(t5, s5)

// mulq, merged CIOS step j >= 1 of a row: tj += a[j]*b[i] + A (carry A in rbx), then
// tj += m*p[j] + C (carry C in r14, m in memory); tj then holds result word j-1.
#define CUZK_MULQ_STEP(off, boff, tj)                                                  \
  "movq " off "(%[a]), %%rax\n\t"                                                     \
  "mulq " boff "(%[b])\n\t"                                                           \
  "addq %%rax, " tj "\n\t"                                                            \
  "adcq $0, %%rdx\n\t"                                                                \
  "addq %%rbx, " tj "\n\t"                                                            \
  "adcq $0, %%rdx\n\t"                                                                \
  "movq %%rdx, %%rbx\n\t"                                                             \
  "movq %[m], %%rax\n\t"                                                              \
  "mulq " off "(%[p])\n\t"                                                            \
  "addq %%rax, " tj "\n\t"                                                            \
  "adcq $0, %%rdx\n\t"                                                                \
  "addq %%r14, " tj "\n\t"                                                            \
  "adcq $0, %%rdx\n\t"                                                                \
  "movq %%rdx, %%r14\n\t"

// Word 0 of a mulq row: t0 += a[0]*b[i] (carry to rbx), m = t0*inv (to memory), t0 + m*p[0]
// vanishes (carry to r14). `invoff` is the byte offset of inv in the modulus table.
#define CUZK_MULQ_HEAD(boff, invoff, t0)                                               \
  "movq 0(%[a]), %%rax\n\t"                                                           \
  "mulq " boff "(%[b])\n\t"                                                           \
  "addq %%rax, " t0 "\n\t"                                                            \
  "adcq $0, %%rdx\n\t"                                                                \
  "movq %%rdx, %%rbx\n\t"                                                             \
  "movq " t0 ", %%rax\n\t"                                                            \
  "imulq " invoff "(%[p]), %%rax\n\t"                                                 \
  "movq %%rax, %[m]\n\t"                                                              \
  "mulq 0(%[p])\n\t"                                                                  \
  "addq " t0 ", %%rax\n\t"                                                            \
  "adcq $0, %%rdx\n\t"                                                                \
  "movq %%rdx, %%r14\n\t"

// Row end: the freed word-0 register receives the top word A + C.
#define CUZK_MULQ_TAIL(t0) "movq %%rbx, " t0 "\n\t" "addq %%r14, " t0 "\n\t"

#define CUZK_MULQ4_ROW(boff, t0, t1, t2, t3)                                           \
  CUZK_MULQ_HEAD(boff, "32", t0)                                                      \
  CUZK_MULQ_STEP("8", boff, t1) CUZK_MULQ_STEP("16", boff, t2)                        \
  CUZK_MULQ_STEP("24", boff, t3) CUZK_MULQ_TAIL(t0)

#define CUZK_MULQ6_ROW(boff, t0, t1, t2, t3, t4, t5)                                   \
  CUZK_MULQ_HEAD(boff, "48", t0)                                                      \
  CUZK_MULQ_STEP("8", boff, t1) CUZK_MULQ_STEP("16", boff, t2)                        \
  CUZK_MULQ_STEP("24", boff, t3) CUZK_MULQ_STEP("32", boff, t4)                       \
  CUZK_MULQ_STEP("40", boff, t5) CUZK_MULQ_TAIL(t0)

// ---------------------------------------------------------------------------------------------
// Kernels. The result leaves each asm statement in fixed registers: early-clobber outputs bound
// with local register variables. (Writing it through a pointer inside the asm made the compiler
// copy it once more with 16-byte moves, which cannot forward from the asm's 8-byte stores: a
// store-forwarding stall on every multiplication.)

#define CUZK_OUT_REG(name, reg) register uint64_t name asm(reg)

// Multiplication, MULX/ADCX/ADOX: a * b * R^-1 mod p. Always inlined (the common path).
template <class F>
[[gnu::always_inline]] inline Limbs<F::kLimbs> mont_mul_mulx(const Limbs<F::kLimbs>& a,
                                                             const Limbs<F::kLimbs>& b) {
  static_assert(F::kLimbs == 4 || F::kLimbs == 6);
  const uint64_t* pa = a.data();
  const uint64_t* pb = b.data();
  const uint64_t* pp = ModulusTable<F>::value.data();
  if constexpr (F::kLimbs == 4) {
    CUZK_OUT_REG(o0, "r12");
    CUZK_OUT_REG(o1, "r8");
    CUZK_OUT_REG(o2, "r9");
    CUZK_OUT_REG(o3, "r10");
    asm("movq 0(%[b]), %%rdx\n\t"  // row 0: t = a * b[0] on one carry chain, then reduce
        "mulxq 0(%[a]), %%r8, %%r9\n\t"
        "mulxq 8(%[a]), %%rax, %%r10\n\t"
        "addq %%rax, %%r9\n\t"
        "mulxq 16(%[a]), %%rax, %%r11\n\t"
        "adcq %%rax, %%r10\n\t"
        "mulxq 24(%[a]), %%rax, %%r12\n\t"
        "adcq %%rax, %%r11\n\t"
        "adcq $0, %%r12\n\t"
        CUZK_MULX4_REDUCE("%%r8", "%%r9", "%%r10", "%%r11", "%%r12")
        CUZK_MULX4_ROW("8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r8")
        CUZK_MULX4_ROW("16", "%%r10", "%%r11", "%%r12", "%%r8", "%%r9")
        CUZK_MULX4_ROW("24", "%%r11", "%%r12", "%%r8", "%%r9", "%%r10")
        CUZK_REDUCE_ONCE4("%%r12", "%%r8", "%%r9", "%%r10", "%%rax", "%%rbx", "%%rdx", "%%r11")
        : "=&r"(o0), "=&r"(o1), "=&r"(o2), "=&r"(o3)
        : [a] "r"(pa), [b] "r"(pb), [p] "r"(pp)
        : "rax", "rbx", "rdx", "r11", "cc", "memory");
    return {o0, o1, o2, o3};
  } else {
    CUZK_OUT_REG(o0, "r14");
    CUZK_OUT_REG(o1, "r8");
    CUZK_OUT_REG(o2, "r9");
    CUZK_OUT_REG(o3, "r10");
    CUZK_OUT_REG(o4, "r11");
    CUZK_OUT_REG(o5, "r12");
    asm("movq 0(%[b]), %%rdx\n\t"
        "mulxq 0(%[a]), %%r8, %%r9\n\t"
        "mulxq 8(%[a]), %%rax, %%r10\n\t"
        "addq %%rax, %%r9\n\t"
        "mulxq 16(%[a]), %%rax, %%r11\n\t"
        "adcq %%rax, %%r10\n\t"
        "mulxq 24(%[a]), %%rax, %%r12\n\t"
        "adcq %%rax, %%r11\n\t"
        "mulxq 32(%[a]), %%rax, %%r13\n\t"
        "adcq %%rax, %%r12\n\t"
        "mulxq 40(%[a]), %%rax, %%r14\n\t"
        "adcq %%rax, %%r13\n\t"
        "adcq $0, %%r14\n\t"
        CUZK_MULX6_REDUCE("%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14")
        CUZK_MULX6_ROW("8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r8")
        CUZK_MULX6_ROW("16", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r8", "%%r9")
        CUZK_MULX6_ROW("24", "%%r11", "%%r12", "%%r13", "%%r14", "%%r8", "%%r9", "%%r10")
        CUZK_MULX6_ROW("32", "%%r12", "%%r13", "%%r14", "%%r8", "%%r9", "%%r10", "%%r11")
        CUZK_MULX6_ROW("40", "%%r13", "%%r14", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12")
        // Value in r14 r8 r9 r10 r11 r12; a and b are dead and serve as scratch.
        CUZK_REDUCE_ONCE6("%%r14", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12",
                          "%%rax", "%%rbx", "%%rdx", "%%r13", "%[a]", "%[b]")
        : "=&r"(o0), "=&r"(o1), "=&r"(o2), "=&r"(o3), "=&r"(o4), "=&r"(o5),
          [a] "+&r"(pa), [b] "+&r"(pb)
        : [p] "r"(pp)
        : "rax", "rbx", "rdx", "r13", "cc", "memory");
    return {o0, o1, o2, o3, o4, o5};
  }
}

// Multiplication, MUL/ADC (any x86-64): a * b * R^-1 mod p. Out of line: the fallback path.
template <class F>
[[gnu::noinline]] Limbs<F::kLimbs> mont_mul_mulq(const Limbs<F::kLimbs>& a,
                                                 const Limbs<F::kLimbs>& b) {
  static_assert(F::kLimbs == 4 || F::kLimbs == 6);
  const uint64_t* pa = a.data();
  const uint64_t* pb = b.data();
  const uint64_t* pp = ModulusTable<F>::value.data();
  uint64_t m;  // the row's reduction factor; lives in memory, every register is taken
  if constexpr (F::kLimbs == 4) {
    CUZK_OUT_REG(o0, "r8");
    CUZK_OUT_REG(o1, "r9");
    CUZK_OUT_REG(o2, "r10");
    CUZK_OUT_REG(o3, "r11");
    asm("xorl %%r8d, %%r8d\n\t"
        "xorl %%r9d, %%r9d\n\t"
        "xorl %%r10d, %%r10d\n\t"
        "xorl %%r11d, %%r11d\n\t"
        CUZK_MULQ4_ROW("0", "%%r8", "%%r9", "%%r10", "%%r11")
        CUZK_MULQ4_ROW("8", "%%r9", "%%r10", "%%r11", "%%r8")
        CUZK_MULQ4_ROW("16", "%%r10", "%%r11", "%%r8", "%%r9")
        CUZK_MULQ4_ROW("24", "%%r11", "%%r8", "%%r9", "%%r10")
        CUZK_REDUCE_ONCE4("%%r8", "%%r9", "%%r10", "%%r11", "%%rax", "%%rbx", "%%rdx", "%%r14")
        : "=&r"(o0), "=&r"(o1), "=&r"(o2), "=&r"(o3), [m] "=m"(m)
        : [a] "r"(pa), [b] "r"(pb), [p] "r"(pp)
        : "rax", "rbx", "rdx", "r14", "cc", "memory");
    return {o0, o1, o2, o3};
  } else {
    CUZK_OUT_REG(o0, "r8");
    CUZK_OUT_REG(o1, "r9");
    CUZK_OUT_REG(o2, "r10");
    CUZK_OUT_REG(o3, "r11");
    CUZK_OUT_REG(o4, "r12");
    CUZK_OUT_REG(o5, "r13");
    asm("xorl %%r8d, %%r8d\n\t"
        "xorl %%r9d, %%r9d\n\t"
        "xorl %%r10d, %%r10d\n\t"
        "xorl %%r11d, %%r11d\n\t"
        "xorl %%r12d, %%r12d\n\t"
        "xorl %%r13d, %%r13d\n\t"
        CUZK_MULQ6_ROW("0", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13")
        CUZK_MULQ6_ROW("8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r8")
        CUZK_MULQ6_ROW("16", "%%r10", "%%r11", "%%r12", "%%r13", "%%r8", "%%r9")
        CUZK_MULQ6_ROW("24", "%%r11", "%%r12", "%%r13", "%%r8", "%%r9", "%%r10")
        CUZK_MULQ6_ROW("32", "%%r12", "%%r13", "%%r8", "%%r9", "%%r10", "%%r11")
        CUZK_MULQ6_ROW("40", "%%r13", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12")
        CUZK_REDUCE_ONCE6("%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13",
                          "%%rax", "%%rbx", "%%rdx", "%%r14", "%[a]", "%[b]")
        : "=&r"(o0), "=&r"(o1), "=&r"(o2), "=&r"(o3), "=&r"(o4), "=&r"(o5),
          [a] "+&r"(pa), [b] "+&r"(pb), [m] "=m"(m)
        : [p] "r"(pp)
        : "rax", "rbx", "rdx", "r14", "cc", "memory");
    return {o0, o1, o2, o3, o4, o5};
  }
}

// clang-format on
}  // namespace cuzk::ff::x86

#endif  // CUZK_FF_X86_ASM
