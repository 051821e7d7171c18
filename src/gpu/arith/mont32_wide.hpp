// The "wide" limb algorithms of Mont32 (mont32.hpp): a product as a whole 2N-word integer —
// schoolbook, or Karatsuba's three half-size products — and the Montgomery reduction of such an
// integer, so that several products can be added or subtracted before one reduction (lazy
// reduction). Written against a carry chain like mont32_rows.hpp, whose rows they reuse.
//
// Why. Every kernel of the prover is bound by the integer multiply pipe (docs/perf/gpu.md), so
// what counts is 32-bit multiply-adds per result:
// - Karatsuba: a·b from a_lo·b_lo, a_hi·b_hi and (a_lo + a_hi)·(b_lo + b_hi) costs 3·2(N/2)² =
//   1.5N² multiply-adds instead of 2N² (Fp 216 instead of 288; the reduction's 2N² stays), the
//   difference paid in additions, which issue to another pipe.
// - Lazy reduction in F[u]/(u² + 1): a product of two Fp2 elements is three Fp products but needs
//   only two reductions when the products are combined as integers first (c0 = a0·b0 − a1·b1,
//   c1 = (a0 + a1)(b0 + b1) − a0·b0 − a1·b1), and a sum of two Fp2 products still two.
// Multiply-adds (besides one plain product per reduction row), Fp (N = 12): product 576
// interleaved, 288 + 288 wide, 216 + 288 Karatsuba; Fp2 product 1,728 / 1,440 / 1,224
// (tests/gpu/mont32_host_test.cpp counts them).
//
// Bounds. reduce_wide takes T < K·p² with K·p < R = 2^(32N) and returns T·R^-1 mod p fully reduced:
// (T + M·p)/R = T_high + (T_low + M·p)/R, where the reduction of the low half alone gives at most p
// and T_high < K·p²/R < p, so one conditional subtraction finishes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpu/arith/hd.hpp"
#include "gpu/arith/mont32_params.hpp"
#include "gpu/arith/mont32_rows.hpp"

namespace cuzk::gpu {
namespace mont32 {

// out[0, 2H) = x·y for H-word integers x, y (H even), by the rows of the interleaved
// multiplication without its reduction: the running value T = E + 2^32·O in two (H+1)-word
// accumulators, row i adding y_i·x (E the products of x's even-indexed limbs, O those of its
// odd-indexed ones: two independent carry chains), then retiring T's lowest word, which no later
// row touches, into out[i] and shifting (shift_row). 2H² multiply-adds; the registers of the
// interleaved multiplication plus out.
template <size_t H, class Chain>
CUZK_HD void product(Chain& c, uint32_t* out, const uint32_t* x, const uint32_t* y) {
  static_assert(H % 2 == 0, "the limbs of x pair up");
  uint32_t e[H + 1], o[H + 1];
  first_row<H>(c, e, o, x, y[0]);
  CUZK_UNROLL
  for (size_t i = 1; i < H; ++i) {
    out[i - 1] = e[0];
    shift_row<H>(c, e, o);
    mad_pairs<H, 1, true>(c, o, x, y[i]);
    mad_pairs<H, 0, false>(c, e, x, y[i]);
  }
  out[H - 1] = e[0];
  add_words<H>(c, out + H, o, e + 1);  // T / 2^32 < 2^(32H): O's top word is 0
}

// t[0, 2N) = a·b for N-word integers (N divisible by 4) by Karatsuba: z0 = a_lo·b_lo and
// z2 = a_hi·b_hi straight into t's halves, z1 = (a_lo + a_hi)(b_lo + b_hi) with the sums' carry
// bits ca, cb applied as additions (z1 = s_a·s_b + 2^(32H)(ca·s_b + cb·s_a) + 2^(64H)·ca·cb on
// the H-word parts s), then t += (z1 − z0 − z2)·2^(32H), the middle term a_lo·b_hi + a_hi·b_lo
// being below 2^(64H + 1): N + 1 words. 1.5N² multiply-adds.
template <size_t N, class Chain>
CUZK_HD void karatsuba_product(Chain& c, uint32_t* t, const uint32_t* a, const uint32_t* b) {
  static_assert(N % 4 == 0, "the halves' limbs pair up");
  constexpr size_t H = N / 2;
  product<H>(c, t, a, b);
  product<H>(c, t + N, a + H, b + H);
  uint32_t sa[H], sb[H];
  sa[0] = c.add_cc(a[0], a[H]);
  CUZK_UNROLL
  for (size_t j = 1; j < H; ++j) sa[j] = c.addc_cc(a[j], a[H + j]);
  const uint32_t ca = c.addc(0, 0);
  sb[0] = c.add_cc(b[0], b[H]);
  CUZK_UNROLL
  for (size_t j = 1; j < H; ++j) sb[j] = c.addc_cc(b[j], b[H + j]);
  const uint32_t cb = c.addc(0, 0);
  uint32_t z1[N + 1];
  product<H>(c, z1, sa, sb);
  const uint32_t mask_a = uint32_t(0) - ca, mask_b = uint32_t(0) - cb;
  z1[H] = c.add_cc(z1[H], sb[0] & mask_a);
  CUZK_UNROLL
  for (size_t j = 1; j < H; ++j) z1[H + j] = c.addc_cc(z1[H + j], sb[j] & mask_a);
  z1[N] = c.addc(ca & cb, 0);
  z1[H] = c.add_cc(z1[H], sa[0] & mask_b);
  CUZK_UNROLL
  for (size_t j = 1; j < H; ++j) z1[H + j] = c.addc_cc(z1[H + j], sa[j] & mask_b);
  z1[N] = c.addc(z1[N], 0);
  CUZK_UNROLL
  for (size_t half = 0; half < 2; ++half) {  // z1 −= z0, then z1 −= z2
    const uint32_t* z = t + half * N;
    z1[0] = c.sub_cc(z1[0], z[0]);
    CUZK_UNROLL
    for (size_t j = 1; j < N; ++j) z1[j] = c.subc_cc(z1[j], z[j]);
    z1[N] = c.subc(z1[N], 0);
  }
  t[H] = c.add_cc(t[H], z1[0]);
  CUZK_UNROLL
  for (size_t j = 1; j <= N; ++j) t[H + j] = c.addc_cc(t[H + j], z1[j]);
  CUZK_UNROLL
  for (size_t j = H + N + 1; j + 1 < 2 * N; ++j) t[j] = c.addc_cc(t[j], 0);
  t[2 * N - 1] = c.addc(t[2 * N - 1], 0);
}

// t[0, 2N) = a·b: Karatsuba's form or the schoolbook rows.
template <size_t N, bool kKaratsuba, class Chain>
CUZK_HD void wide_product(Chain& c, uint32_t* t, const uint32_t* a, const uint32_t* b) {
  if constexpr (kKaratsuba) {
    karatsuba_product<N>(c, t, a, b);
  } else {
    product<N>(c, t, a, b);
  }
}

// out = t·R^-1 mod p, fully reduced, for a 2N-word t < K·p² (see "Bounds" above): the low half
// through N reduction rows (reduce_row / shift_row of the interleaved multiplication, without its
// product rows), then the high half added.
template <class Params, size_t K, class Chain>
CUZK_HD void reduce_wide(Chain& c, uint32_t* out, const uint32_t* t) {
  constexpr size_t N = Params::kLimbs;
  static_assert(
      K >= 1 && uint64_t(K) * (uint64_t(Params::kModulus.w[N - 1]) + 1) <= (uint64_t(1) << 32),
      "K·p < R: the low half's reduction plus the high half stays below 2p");
  uint32_t e[N + 1], o[N + 1];
  CUZK_UNROLL
  for (size_t j = 0; j < N; ++j) {
    e[j] = t[j];
    o[j] = 0;
  }
  e[N] = 0;
  o[N] = 0;
  reduce_row<Params>(c, e, o);
  CUZK_UNROLL
  for (size_t i = 1; i < N; ++i) {
    shift_row<N>(c, e, o);
    reduce_row<Params, true>(c, e, o);
  }
  uint32_t s[N];
  add_words<N>(c, s, o, e + 1);  // (t_low + M·p) / R ≤ p
  add_words<N>(c, s, s, t + N);
  subtract_p_if_needed<Params>(c, out, s);
}

// K·p² as 2N words, at compile time.
template <class Params, size_t K>
inline constexpr Words<2 * Params::kLimbs> kMultipleOfModulusSquared = [] {
  constexpr size_t N = Params::kLimbs;
  Words<2 * N> sq{};
  for (size_t i = 0; i < N; ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < N; ++j) {
      const uint64_t v =
          uint64_t(Params::kModulus.w[i]) * Params::kModulus.w[j] + sq.w[i + j] + carry;
      sq.w[i + j] = uint32_t(v);
      carry = v >> 32;
    }
    sq.w[i + N] = uint32_t(carry);
  }
  uint64_t carry = 0;
  for (size_t j = 0; j < 2 * N; ++j) {
    const uint64_t v = uint64_t(sq.w[j]) * K + carry;
    sq.w[j] = uint32_t(v);
    carry = v >> 32;
  }
  return sq;
}();

// out0 + out1·u = sum_{t < K} x_t·y_t in F[u]/(u² + 1) (x_t = x[t][0] + x[t][1]·u), with two
// reductions in all: each term's three integer products x_t0·y_t0, x_t1·y_t1 and
// (x_t0 + x_t1)(y_t0 + y_t1) (the sums < 2p not reduced: 2p < R) go into two accumulators,
// A0 = K·p² + sum (x_t0·y_t0 − x_t1·y_t1) and A1 = sum (x_t0·y_t1 + x_t1·y_t0) formed as
// (x_t0 + x_t1)(y_t0 + y_t1) − x_t0·y_t0 − x_t1·y_t1 (2N-word arithmetic wraps between the steps;
// the final values are in range), both below 2K·p²; out0 = REDC(A0), out1 = REDC(A1). Terms are
// taken one at a time, so only one product is live beside the two accumulators.
template <class Params, size_t K, bool kKaratsuba, class Chain>
CUZK_HD void ext2_sum_of_products(Chain& c, uint32_t* out0, uint32_t* out1,
                                  const uint32_t* const (&x)[K][2],
                                  const uint32_t* const (&y)[K][2]) {
  constexpr size_t N = Params::kLimbs;
  constexpr size_t W = 2 * N;
  constexpr Words<W> kp2 = kMultipleOfModulusSquared<Params, K>;
  uint32_t a0[W], a1[W], t[W];
  CUZK_UNROLL
  for (size_t k = 0; k < K; ++k) {
    uint32_t sx[N], sy[N];
    add_words<N>(c, sx, x[k][0], x[k][1]);
    add_words<N>(c, sy, y[k][0], y[k][1]);
    if (k == 0) {
      wide_product<N, kKaratsuba>(c, a1, sx, sy);
    } else {
      wide_product<N, kKaratsuba>(c, t, sx, sy);
      add_words<W>(c, a1, a1, t);
    }
    wide_product<N, kKaratsuba>(c, t, x[k][0], y[k][0]);
    if (k == 0) {
      add_words<W>(c, a0, t, kp2.w);
    } else {
      add_words<W>(c, a0, a0, t);
    }
    sub_words<W>(c, a1, a1, t);
    wide_product<N, kKaratsuba>(c, t, x[k][1], y[k][1]);
    sub_words<W>(c, a0, a0, t);
    sub_words<W>(c, a1, a1, t);
  }
  reduce_wide<Params, 2 * K>(c, out0, a0);
  reduce_wide<Params, 2 * K>(c, out1, a1);
}

}  // namespace mont32
}  // namespace cuzk::gpu
