// The limb algorithms of Mont32 (mont32.hpp) that keep the running value in two interleaved
// accumulators: Montgomery multiplication with the reduction interleaved row by row, squaring,
// sums of products under one reduction, and the additive operations. Written against a carry
// chain, so the same code runs on the device and, emulated, in the host tests.
//
// Carry chains. Multi-word arithmetic is written against a "carry chain" Chain: add/sub/mad
// instructions that read and write one carry flag, mirroring PTX `add.cc`, `addc`, `mad.lo.cc`,
// `madc.hi` etc. On the device Chain = PtxCarryChain (one inline PTX instruction each, flag in
// hardware); on the host Chain = HostCarryChain, a bit-exact emulation that lets the tests run the
// very same limb code against the CPU field on a machine without a GPU.
//
// Multiplication (mul_interleaved) is Montgomery multiplication with the reduction interleaved
// row by row (CIOS): for each limb b_i, T += b_i·a, then T += m·p with m = T_0·(-p^-1) mod 2^32,
// then T /= 2^32. T is kept as two accumulators, T = E + 2^32·O: E collects the products of the
// even-indexed limbs of a (and of p), O those of the odd-indexed ones. Each such set of products
// occupies disjoint word pairs, so adding it is one carry chain of N instructions, and the E and O
// chains of a row are independent of each other (instruction-level parallelism), while T needs
// only 2N+2 words of registers. Measured on an H200, this multiplication (Fp 25.1, Fr 48.3 G/s)
// beats the earlier separated product-then-reduce (Fp 17.0, Fr 36.0 G/s) and made the G1 mixed
// addition 2.6x faster — the separated form's 4N-word temporaries held the point kernels' occupancy
// down. Squaring (square_interleaved) keeps the same rows and registers but computes each cross
// product once; mul_sum adds two products under one reduction (sum_of_products).
// Cost: 4N² 32-bit multiply-adds (Fp 576, Fr 256 less the 32 that reduce_row's shortcut for Fr's
// modulus saves) plus O(N) adds; the final value is < 2p (the modulus has a spare top bit:
// static_assert in mont32_params.hpp), so one conditional subtraction of p finishes.
// Add/sub/neg/double are one or two carry chains plus a branch-free select.
//
// Lazy reduction (Params::kLazy: Fp, whose 4p < R; Fr where asked, Reduction::kLazy). Values are
// kept below 2p, not p: with 4p < R a product of two such values is (a·b + M·p)/R < 4p²/R + p < 2p
// before any subtraction, so the product ends without one (sums of K products: when 4Kp < R; else
// one subtraction of p brings < 3p below 2p); additions subtract 2p when the sum reaches it,
// subtractions add 2p on a borrow. The subtraction chain dropped from every product is ~25
// instructions on its critical path. Fr (2p < R < 4p) gains it only in a product by a value below p
// (mul_interleaved's ByReduced: < 2p²/R + p < 2p), as every twiddle read from memory is; a product
// of two held values keeps its subtraction, its sums (below 4p) carry into a 2^(32N) word, and
// sums of products and the squaring's doubled operand do not fit. Mont32 reduces below p where a
// value leaves registers or is compared (store, ==, is_zero).
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpu/arith/hd.hpp"
#include "gpu/arith/mont32_params.hpp"

namespace cuzk::gpu {
namespace mont32 {

// out = s - m if s >= m, else s (m: p or 2p), for s + top·2^(32N) < 2m with top 0 or 1 (a sum's
// carry out: then the N-word subtraction borrows, and the top word takes the borrow).
template <size_t N, class Chain>
CUZK_HD void subtract_if_at_least(Chain& c, uint32_t* out, const uint32_t* s, const Words<N>& m,
                                  uint32_t top = 0) {
  uint32_t d[N];
  d[0] = c.sub_cc(s[0], m.w[0]);
  CUZK_UNROLL
  for (size_t j = 1; j < N; ++j) d[j] = c.subc_cc(s[j], m.w[j]);
  const uint32_t keep_s = c.subc(top, 0);  // all ones when s - m borrowed, i.e. s < m
  CUZK_UNROLL
  for (size_t j = 0; j < N; ++j) out[j] = (s[j] & keep_s) | (d[j] & ~keep_s);
}

// out = s - p if s >= p, else s; for s < 2p.
template <class Params, class Chain>
CUZK_HD void subtract_p_if_needed(Chain& c, uint32_t* out, const uint32_t* s) {
  constexpr Words<Params::kLimbs> p = Params::kModulus;
  subtract_if_at_least<Params::kLimbs>(c, out, s, p);
}

// p < kTop·2^(32(N-1)): the bounds below are checked through the top word.
template <class Params>
inline constexpr uint64_t kTop = uint64_t(Params::kModulus.w[Params::kLimbs - 1]) + 1;

// The values a field's operations return (and accept) are below kBound · p: 2 when lazy, else 1.
template <class Params>
inline constexpr uint64_t kBound = Params::kLazy ? 2 : 1;

// A lazily reduced sum of K products needs no final subtraction: it is below K·4p²/R + p, which
// is below 2p when 4Kp < R.
template <class Params, size_t K>
inline constexpr bool kProductsNeedNoSubtraction = Params::kLazy &&
                                                   (uint64_t(K) * 4 * kTop<Params> <=
                                                    (uint64_t(1) << 32));

// Whether (kBound + 1)·p, the bound of a product of two held values before its subtraction, fits
// N words: not in lazy Fr (3r > R), whose products reduce one factor first (Mont32's operator*).
template <class Params>
inline constexpr bool kHeldProductsFit = (kBound<Params> + 1) * kTop<Params> <= (uint64_t(1) << 32);

// Whether a sum of two values below kBound·p can reach 2^(32N) (lazy Fr: 4r > R).
template <class Params>
inline constexpr bool kSumsCarryOut = kTop<Params> * 2 * kBound<Params> > (uint64_t(1) << 32);

// s[0, W) = x + y over W words (the caller's bounds keep it from wrapping).
template <size_t W, class Chain>
CUZK_HD void add_words(Chain& c, uint32_t* s, const uint32_t* x, const uint32_t* y) {
  s[0] = c.add_cc(x[0], y[0]);
  CUZK_UNROLL
  for (size_t j = 1; j + 1 < W; ++j) s[j] = c.addc_cc(x[j], y[j]);
  s[W - 1] = c.addc(x[W - 1], y[W - 1]);
}

// Row 0 of the rows below: E, O = the products of x's even- / odd-indexed limbs (M of them) with
// y, each in its own word pair (O's one word up), and their word M (the next row's carry) zero.
template <size_t M, class Chain>
CUZK_HD void first_row(Chain& c, uint32_t* e, uint32_t* o, const uint32_t* x, uint32_t y) {
  CUZK_UNROLL
  for (size_t k = 0; k < M / 2; ++k) {
    e[2 * k] = c.mul_lo(x[2 * k], y);
    e[2 * k + 1] = c.mul_hi(x[2 * k], y);
    o[2 * k] = c.mul_lo(x[2 * k + 1], y);
    o[2 * k + 1] = c.mul_hi(x[2 * k + 1], y);
  }
  e[M] = 0;
  o[M] = 0;
}

// acc[0..N] += sum_{k >= first} x[2k + Odd]·y·2^(64k), in one carry chain: the products of the
// even- (or odd-) indexed limbs of x occupy disjoint word pairs, so the chain carries only between
// them, and its carry out goes into the top word acc[N]. Pairs below `first` are skipped (a row of
// the squaring, whose low limbs are zero). CarryIn: the incoming flag is added at word 0 (and
// carried through the skipped words).
template <size_t N, size_t Odd, bool CarryIn, class Chain>
CUZK_HD void mad_pairs(Chain& c, uint32_t* acc, const uint32_t* x, uint32_t y, size_t first = 0) {
  bool chained = CarryIn;
  CUZK_UNROLL
  for (size_t k = 0; k < N / 2; ++k) {
    if (k < first) {
      if (CarryIn) {
        acc[2 * k] = c.addc_cc(acc[2 * k], 0);
        acc[2 * k + 1] = c.addc_cc(acc[2 * k + 1], 0);
      }
      continue;
    }
    acc[2 * k] = chained ? c.madc_lo_cc(x[2 * k + Odd], y, acc[2 * k])
                         : c.mad_lo_cc(x[2 * k + Odd], y, acc[2 * k]);
    chained = true;
    acc[2 * k + 1] = c.madc_hi_cc(x[2 * k + Odd], y, acc[2 * k + 1]);
  }
  if (chained) acc[N] = c.addc(acc[N], 0);
}

// The reduction step of one interleaved row: T = E + 2^32·O += m·p with m = E_0·(-p^-1), which
// clears word 0 of E (shift_row then divides by 2^32).
//
// Moduli with p_0 = 1 and p_1 = 2^32 - 1 (Fr's: r = ... 0xffffffff 00000001) take a shortcut:
// -p^-1 = -1 mod 2^32, so m = -E_0, and the first pair of each chain needs no multiplication:
// m·p_0 is the words (m, 0), and m·p_1 = m·2^32 - m is the words (E_0, m - [E_0 != 0]). That turns
// 4 of the row's 2N multiply-adds (Fr: 16) into additions, which do not use the multiply pipe the
// Fr kernels (NTT passes) are bound by.
template <class Params>
inline constexpr bool kLowWordsOneAndAllOnes = Params::kModulus.w[0] == 1 &&
                                               Params::kModulus.w[1] == ~uint32_t(0);

template <class Params, class Chain>
CUZK_HD void reduce_row(Chain& c, uint32_t* e, uint32_t* o) {
  constexpr size_t N = Params::kLimbs;
  constexpr Words<N> p = Params::kModulus;
  if constexpr (kLowWordsOneAndAllOnes<Params>) {
    static_assert(Params::kInv == ~uint32_t(0), "-p^-1 = -1 mod 2^32 when p_0 = 1");
    const uint32_t e0 = e[0];
    const uint32_t m = uint32_t(0) - e0;
    const uint32_t m_p1_hi = m - uint32_t(e0 != 0);
    e[0] = c.add_cc(e0, m);  // 0, carrying when E_0 != 0
    e[1] = c.addc_cc(e[1], 0);
    CUZK_UNROLL
    for (size_t k = 1; k < N / 2; ++k) {
      e[2 * k] = c.madc_lo_cc(p.w[2 * k], m, e[2 * k]);
      e[2 * k + 1] = c.madc_hi_cc(p.w[2 * k], m, e[2 * k + 1]);
    }
    e[N] = c.addc(e[N], 0);
    o[0] = c.add_cc(o[0], e0);
    o[1] = c.addc_cc(o[1], m_p1_hi);
    CUZK_UNROLL
    for (size_t k = 1; k < N / 2; ++k) {
      o[2 * k] = c.madc_lo_cc(p.w[2 * k + 1], m, o[2 * k]);
      o[2 * k + 1] = c.madc_hi_cc(p.w[2 * k + 1], m, o[2 * k + 1]);
    }
    o[N] = c.addc(o[N], 0);
  } else {
    const uint32_t m = e[0] * Params::kInv;
    mad_pairs<N, 0, false>(c, e, p.w, m);
    mad_pairs<N, 1, false>(c, o, p.w, m);
  }
}

// T/2^32 for T = E + 2^32·O with E_0 = 0: (O + E_1) + 2^32·(E_2..E_N), so O becomes the new E
// (with E_1 added into its word 0) and E shifted by two words the new O. The carry of the word-0
// addition is left in the flag: the row's first O chain must take it (mad_pairs' CarryIn).
template <size_t N, class Chain>
CUZK_HD void shift_row(Chain& c, uint32_t* e, uint32_t* o) {
  uint32_t ne[N + 1], no[N + 1];
  CUZK_UNROLL
  for (size_t j = 0; j <= N; ++j) ne[j] = o[j];
  CUZK_UNROLL
  for (size_t j = 0; j + 2 <= N; ++j) no[j] = e[j + 2];
  no[N - 1] = 0;
  no[N] = 0;
  ne[0] = c.add_cc(ne[0], e[1]);
  CUZK_UNROLL
  for (size_t j = 0; j <= N; ++j) {
    e[j] = ne[j];
    o[j] = no[j];
  }
}

// The last division: out = T/2^32 = O + E_1..E_N (which fits N words), reduced below kBound·p: one
// subtraction of p, none where the K products' bound allows (kProductsNeedNoSubtraction) or, in a
// lazy field, for one product by a factor below p (ByReduced: < 2p²/R + p < 2p).
template <class Params, size_t K, bool ByReduced, class Chain>
CUZK_HD void finish_rows(Chain& c, uint32_t* out, const uint32_t* e, const uint32_t* o) {
  constexpr size_t N = Params::kLimbs;
  if constexpr (kProductsNeedNoSubtraction<Params, K> || (Params::kLazy && K == 1 && ByReduced)) {
    add_words<N>(c, out, o, e + 1);
  } else {
    uint32_t s[N];
    add_words<N>(c, s, o, e + 1);
    subtract_p_if_needed<Params>(c, out, s);
  }
}

// out = (sum_{t < K} a_t·b_t)·R^-1 mod p, below kBound·p, for a_t, b_t < kBound·p: Montgomery
// multiplication with the reduction interleaved row by row (CIOS), the running value kept as two
// accumulators T = E + 2^32·O (E, O: N+1 words), where E collects the products of the
// even-indexed limbs of the a_t (and of p) and O those of the odd-indexed ones. Why: the two carry
// chains of a row are independent (twice the instruction-level parallelism of one chain), and T
// needs 2N+2 words of registers instead of the 4N of a full product reduced afterwards. Row i adds
// the b_t,i·a_t and m·p, then divides by 2^32 (shift_row). Bounds: the result before the final
// subtraction is (sum a_t·b_t + M·p)/R < K·kBound²·p²/R + p, below (kBound + 1)·p when
// K·kBound·p < R (static_assert: then one subtraction finishes, or none: finish_rows), and
// (kBound + 1)·p must fit N words (kHeldProductsFit); within a row E and O stay below 2^(32N+4),
// their top words holding the carries. K = 2 (mul_sum) shares one reduction between two products:
// 3/4 of the multiply-adds of two multiplications. ByReduced (K = 1): b is below p, the result
// below kBound·p²/R + p < 2p (finish_rows).
template <class Params, size_t K, bool ByReduced = false, class Chain>
CUZK_HD void sum_of_products(Chain& c, uint32_t* out, const uint32_t* const (&a)[K],
                             const uint32_t* const (&b)[K]) {
  constexpr size_t N = Params::kLimbs;
  static_assert(N % 2 == 0, "the limbs of a pair up");
  static_assert(K >= 1 && uint64_t(K) * kBound<Params> * kTop<Params> <= (uint64_t(1) << 32),
                "K·kBound·p < R: one subtraction brings the sum below kBound·p");
  static_assert(ByReduced ? K == 1 : kHeldProductsFit<Params>,
                "the result before its subtraction fits N words");
  uint32_t e[N + 1], o[N + 1];
  first_row<N>(c, e, o, a[0], b[0][0]);  // row 0: the first term's products themselves
  CUZK_UNROLL
  for (size_t t = 1; t < K; ++t) {
    mad_pairs<N, 1, false>(c, o, a[t], b[t][0]);
    mad_pairs<N, 0, false>(c, e, a[t], b[t][0]);
  }
  reduce_row<Params>(c, e, o);
  CUZK_UNROLL
  for (size_t i = 1; i < N; ++i) {
    shift_row<N>(c, e, o);
    mad_pairs<N, 1, true>(c, o, a[0], b[0][i]);
    CUZK_UNROLL
    for (size_t t = 1; t < K; ++t) mad_pairs<N, 1, false>(c, o, a[t], b[t][i]);
    CUZK_UNROLL
    for (size_t t = 0; t < K; ++t) mad_pairs<N, 0, false>(c, e, a[t], b[t][i]);
    reduce_row<Params>(c, e, o);
  }
  finish_rows<Params, K, ByReduced>(c, out, e, o);
}

template <class Params, bool ByReduced = false, class Chain>
CUZK_HD void mul_interleaved(Chain& c, uint32_t* out, const uint32_t* a, const uint32_t* b) {
  const uint32_t* const as[1] = {a};
  const uint32_t* const bs[1] = {b};
  sum_of_products<Params, 1, ByReduced>(c, out, as, bs);
}

// out = a²·R^-1 mod p: the rows of mul_interleaved with each cross product computed once. Row i
// of a·a adds a_i·a; summing a_i·a_j and a_j·a_i in row min(i, j) instead, row i adds a_i·x with
// x = a_i·2^(32i) + 2·(a_{i+1..N-1})·2^(32(i+1)) — limbs x_j = 0 below i, x_i = a_i,
// x_{i+1} = a_{i+1} << 1 and x_j = (2a)_j above (2a fits N words: kBound·p < R/2). Same value, same
// bounds as the multiplication (x < 2^(32N)), N(N+1) instead of 2N² multiply-adds for the
// products; the reduction is unchanged: Fp 444 instead of 576 in all.
template <class Params, class Chain>
CUZK_HD void square_interleaved(Chain& c, uint32_t* out, const uint32_t* a) {
  constexpr size_t N = Params::kLimbs;
  static_assert(!kSumsCarryOut<Params>, "2a must fit N words (Mont32::square multiplies instead)");
  uint32_t twice[N];  // 2a
  twice[0] = a[0] << 1;
  CUZK_UNROLL
  for (size_t j = 1; j < N; ++j) twice[j] = (a[j] << 1) | (a[j - 1] >> 31);
  auto row_limbs = [&](size_t i, uint32_t* x) {
    CUZK_UNROLL
    for (size_t j = 0; j < N; ++j)
      x[j] = j < i ? 0 : j == i ? a[i] : j == i + 1 ? a[j] << 1 : twice[j];
  };
  uint32_t e[N + 1], o[N + 1], x[N];
  row_limbs(0, x);
  first_row<N>(c, e, o, x, a[0]);
  reduce_row<Params>(c, e, o);
  CUZK_UNROLL
  for (size_t i = 1; i < N; ++i) {
    shift_row<N>(c, e, o);
    row_limbs(i, x);
    mad_pairs<N, 1, true>(c, o, x, a[i], i / 2);         // odd limbs 2k + 1 >= i
    mad_pairs<N, 0, false>(c, e, x, a[i], (i + 1) / 2);  // even limbs 2k >= i
    reduce_row<Params>(c, e, o);
  }
  finish_rows<Params, 1, false>(c, out, e, o);
}

// a + b, reduced below kBound·p; a + b < 2·kBound·p, which reaches 2^(32N) only in lazy Fr
// (kSumsCarryOut: the carry out is kept as the top word).
template <class Params, class Chain>
CUZK_HD void add(Chain& c, uint32_t* out, const uint32_t* a, const uint32_t* b) {
  constexpr size_t N = Params::kLimbs;
  constexpr Words<N> m = Params::kLazy ? Params::kTwiceModulus : Params::kModulus;
  uint32_t s[N];
  if constexpr (kSumsCarryOut<Params>) {
    s[0] = c.add_cc(a[0], b[0]);
    CUZK_UNROLL
    for (size_t j = 1; j < N; ++j) s[j] = c.addc_cc(a[j], b[j]);
    const uint32_t top = c.addc(0, 0);
    subtract_if_at_least<N>(c, out, s, m, top);
  } else {
    add_words<N>(c, s, a, b);
    subtract_if_at_least<N>(c, out, s, m);
  }
}

// a - b, plus kBound·p on a borrow.
template <class Params, class Chain>
CUZK_HD void sub(Chain& c, uint32_t* out, const uint32_t* a, const uint32_t* b) {
  constexpr size_t N = Params::kLimbs;
  constexpr Words<N> m = Params::kLazy ? Params::kTwiceModulus : Params::kModulus;
  uint32_t d[N];
  d[0] = c.sub_cc(a[0], b[0]);
  CUZK_UNROLL
  for (size_t j = 1; j < N; ++j) d[j] = c.subc_cc(a[j], b[j]);
  const uint32_t add_p = c.subc(0, 0);  // all ones when a < b
  out[0] = c.add_cc(d[0], m.w[0] & add_p);
  CUZK_UNROLL
  for (size_t j = 1; j + 1 < N; ++j) out[j] = c.addc_cc(d[j], m.w[j] & add_p);
  out[N - 1] = c.addc(d[N - 1], m.w[N - 1] & add_p);
}

// out = kBound·p - a, or 0 when a = 0 (keeps the result below kBound·p).
template <class Params, class Chain>
CUZK_HD void neg(Chain& c, uint32_t* out, const uint32_t* a) {
  constexpr size_t N = Params::kLimbs;
  constexpr Words<N> m = Params::kLazy ? Params::kTwiceModulus : Params::kModulus;
  uint32_t any = 0;
  CUZK_UNROLL
  for (size_t j = 0; j < N; ++j) any |= a[j];
  const uint32_t nonzero = uint32_t(0) - uint32_t(any != 0);
  out[0] = c.sub_cc(m.w[0], a[0]) & nonzero;
  CUZK_UNROLL
  for (size_t j = 1; j + 1 < N; ++j) out[j] = c.subc_cc(m.w[j], a[j]) & nonzero;
  out[N - 1] = c.subc(m.w[N - 1], a[N - 1]) & nonzero;
}

}  // namespace mont32

}  // namespace cuzk::gpu
