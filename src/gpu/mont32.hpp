// Mont32<Config, Chain>: a prime field in Montgomery form over N 32-bit limbs — the register type
// the GPU computes with (Fp: N = 12, Fr: N = 8), written once over the limb count.
//
// Representation. Limbs are little-endian 32-bit words, always fully reduced (< p), in Montgomery
// form with R = 2^(32N): bit for bit the CPU field's representation (see mont32_params.hpp, which
// derives every constant from the CPU Config). Storage in memory is FieldStorage
// (field_storage.hpp).
//
// Carry chains. Multi-word arithmetic is written against a "carry chain" Chain: add/sub/mad
// instructions that read and write one carry flag, mirroring PTX `add.cc`, `addc`, `mad.lo.cc`,
// `madc.hi` etc. On the device Chain = PtxCarryChain (one inline PTX instruction each, flag in
// hardware); on the host Chain = HostCarryChain, a bit-exact emulation that lets the tests run the
// very same limb code against the CPU field on a machine without a GPU.
//
// Multiplication is "product, then reduce" (separated operand scanning):
//   1. the full 2N-word product, row by row: row i adds b_i·a at word i in two passes over one
//      carry chain each — the low halves lo(a_j·b_i) into words i..i+N-1 (carry into word i+N),
//      then the high halves hi(a_j·b_i) into words i+1..i+N (mac_row, 2N+1 instructions);
//      squaring computes the off-diagonal products a_i·a_j (i < j) once, doubles them with one
//      add chain and adds the diagonal a_i² with one mad chain: N²+N mads instead of 2N².
//   2. Montgomery reduction of T = L + H·R (L, H: N words each). N rounds m = u_k·(-p^-1) mod 2^32,
//      u += m·p·2^(32k) (the same mac_row) turn L into (L + M·p)/R <= p; then T·R^-1 mod p =
//      H + (L + M·p)/R, which is < 2p (H < p because T < p²) and fits N words because 2p < 2^(32N)
//      (static_assert'ed), so one conditional subtraction of p finishes. Separating H keeps every
//      round's carry inside its own N+1 words: no carry ever propagates past a row.
// Cost: mul 4N² 32-bit multiply-adds (Fp 576, Fr 256), square 3N²+N (Fp 444, Fr 200), plus O(N)
// adds. Add/sub/neg/double are one or two carry chains plus a branch-free select.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpu/field_storage.hpp"
#include "gpu/hd.hpp"
#include "gpu/mont32_params.hpp"

namespace cuzk::gpu {
namespace mont32 {

// acc[0..M] = acc[0..M-1] + x·y[0..M-1]. acc[M] is written, not read; the caller guarantees that
// the sum fits in M+1 words (so the last high-half add has no carry out).
template <size_t M, class Chain>
CUZK_HD void mac_row(Chain& c, uint32_t* acc, uint32_t x, const uint32_t* y) {
  acc[0] = c.mad_lo_cc(x, y[0], acc[0]);
  CUZK_UNROLL
  for (size_t j = 1; j < M; ++j) acc[j] = c.madc_lo_cc(x, y[j], acc[j]);
  acc[M] = c.addc(0, 0);
  acc[1] = c.mad_hi_cc(x, y[0], acc[1]);  // for M = 1 the only high half (no carry out)
  if constexpr (M > 1) {
    CUZK_UNROLL
    for (size_t j = 1; j + 1 < M; ++j) acc[j + 1] = c.madc_hi_cc(x, y[j], acc[j + 1]);
    acc[M] = c.madc_hi(x, y[M - 1], acc[M]);
  }
}

// r[0..2N-1] = a·b.
template <size_t N, class Chain>
CUZK_HD void mul_wide(Chain& c, uint32_t* r, const uint32_t* a, const uint32_t* b) {
  CUZK_UNROLL
  for (size_t j = 0; j < N; ++j) r[j] = 0;
  // After row i the partial product a·(b mod 2^(32(i+1))) fits words 0..N+i; word N+i is new.
  CUZK_UNROLL
  for (size_t i = 0; i < N; ++i) mac_row<N>(c, r + i, b[i], a);
}

// Adds the off-diagonal rows a_I·a[I+1..N-1] at word 2I+1, for I = Row..N-2 (row I writes word N+I
// fresh; the words it reads were written by row I-1 or zeroed).
template <size_t N, size_t Row, class Chain>
CUZK_HD void add_off_diagonal(Chain& c, uint32_t* r, const uint32_t* a) {
  if constexpr (Row + 1 < N) {
    mac_row<N - 1 - Row>(c, r + 2 * Row + 1, a[Row], a + Row + 1);
    add_off_diagonal<N, Row + 1>(c, r, a);
  }
}

// r[0..2N-1] = a².
template <size_t N, class Chain>
CUZK_HD void sqr_wide(Chain& c, uint32_t* r, const uint32_t* a) {
  CUZK_UNROLL
  for (size_t j = 0; j < N; ++j) r[j] = 0;
  add_off_diagonal<N, 0>(c, r, a);  // sum_{i<j} a_i a_j 2^(32(i+j)) in words 1..2N-2
  r[1] = c.add_cc(r[1], r[1]);      // ·2, into words 1..2N-1
  CUZK_UNROLL
  for (size_t j = 2; j + 1 < 2 * N; ++j) r[j] = c.addc_cc(r[j], r[j]);
  r[2 * N - 1] = c.addc(0, 0);
  r[0] = c.mad_lo_cc(a[0], a[0], r[0]);  // + sum a_i² 2^(64i)
  r[1] = c.madc_hi_cc(a[0], a[0], r[1]);
  CUZK_UNROLL
  for (size_t i = 1; i + 1 < N; ++i) {
    r[2 * i] = c.madc_lo_cc(a[i], a[i], r[2 * i]);
    r[2 * i + 1] = c.madc_hi_cc(a[i], a[i], r[2 * i + 1]);
  }
  r[2 * N - 2] = c.madc_lo_cc(a[N - 1], a[N - 1], r[2 * N - 2]);
  r[2 * N - 1] = c.madc_hi(a[N - 1], a[N - 1], r[2 * N - 1]);
}

// out = s - p if s >= p, else s; for s < 2p.
template <class Params, class Chain>
CUZK_HD void subtract_p_if_needed(Chain& c, uint32_t* out, const uint32_t* s) {
  constexpr size_t N = Params::kLimbs;
  constexpr Words<N> p = Params::kModulus;
  uint32_t d[N];
  d[0] = c.sub_cc(s[0], p.w[0]);
  CUZK_UNROLL
  for (size_t j = 1; j < N; ++j) d[j] = c.subc_cc(s[j], p.w[j]);
  const uint32_t keep_s = c.subc(0, 0);  // all ones when s - p borrowed, i.e. s < p
  CUZK_UNROLL
  for (size_t j = 0; j < N; ++j) out[j] = (s[j] & keep_s) | (d[j] & ~keep_s);
}

// out = t·R^-1 mod p, fully reduced, for t < p² given as 2N words.
template <class Params, class Chain>
CUZK_HD void redc(Chain& c, uint32_t* out, const uint32_t* t) {
  constexpr size_t N = Params::kLimbs;
  constexpr Words<N> p = Params::kModulus;
  uint32_t u[2 * N];
  CUZK_UNROLL
  for (size_t j = 0; j < N; ++j) u[j] = t[j];
  // Round k clears word k and writes word N+k fresh; (L + M·p)/R ends up in u[N..2N-1].
  CUZK_UNROLL
  for (size_t k = 0; k < N; ++k) mac_row<N>(c, u + k, u[k] * Params::kInv, p.w);
  uint32_t s[N];
  s[0] = c.add_cc(u[N], t[N]);
  CUZK_UNROLL
  for (size_t j = 1; j + 1 < N; ++j) s[j] = c.addc_cc(u[N + j], t[N + j]);
  s[N - 1] = c.addc(u[2 * N - 1], t[2 * N - 1]);
  subtract_p_if_needed<Params>(c, out, s);
}

template <class Params, class Chain>
CUZK_HD void add(Chain& c, uint32_t* out, const uint32_t* a, const uint32_t* b) {
  constexpr size_t N = Params::kLimbs;
  uint32_t s[N];
  s[0] = c.add_cc(a[0], b[0]);
  CUZK_UNROLL
  for (size_t j = 1; j + 1 < N; ++j) s[j] = c.addc_cc(a[j], b[j]);
  s[N - 1] = c.addc(a[N - 1], b[N - 1]);  // a + b < 2p < 2^(32N): no carry out
  subtract_p_if_needed<Params>(c, out, s);
}

template <class Params, class Chain>
CUZK_HD void sub(Chain& c, uint32_t* out, const uint32_t* a, const uint32_t* b) {
  constexpr size_t N = Params::kLimbs;
  constexpr Words<N> p = Params::kModulus;
  uint32_t d[N];
  d[0] = c.sub_cc(a[0], b[0]);
  CUZK_UNROLL
  for (size_t j = 1; j < N; ++j) d[j] = c.subc_cc(a[j], b[j]);
  const uint32_t add_p = c.subc(0, 0);  // all ones when a < b
  out[0] = c.add_cc(d[0], p.w[0] & add_p);
  CUZK_UNROLL
  for (size_t j = 1; j + 1 < N; ++j) out[j] = c.addc_cc(d[j], p.w[j] & add_p);
  out[N - 1] = c.addc(d[N - 1], p.w[N - 1] & add_p);
}

// out = p - a, or 0 when a = 0 (keeps the result reduced).
template <class Params, class Chain>
CUZK_HD void neg(Chain& c, uint32_t* out, const uint32_t* a) {
  constexpr size_t N = Params::kLimbs;
  constexpr Words<N> p = Params::kModulus;
  uint32_t any = 0;
  CUZK_UNROLL
  for (size_t j = 0; j < N; ++j) any |= a[j];
  const uint32_t nonzero = uint32_t(0) - uint32_t(any != 0);
  out[0] = c.sub_cc(p.w[0], a[0]) & nonzero;
  CUZK_UNROLL
  for (size_t j = 1; j + 1 < N; ++j) out[j] = c.subc_cc(p.w[j], a[j]) & nonzero;
  out[N - 1] = c.subc(p.w[N - 1], a[N - 1]) & nonzero;
}

}  // namespace mont32

template <class Config, class Chain>
class Mont32 {
 public:
  using Params = Mont32Params<Config>;
  using Storage = FieldStorage<Config>;
  static constexpr size_t kLimbs = Params::kLimbs;

  Mont32() = default;  // uninitialised, like a built-in: kernels fill it

  static CUZK_HD Mont32 zero() {
    Mont32 r;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) r.v_[j] = 0;
    return r;
  }
  static CUZK_HD Mont32 one() {
    constexpr Words<kLimbs> r_mod_p = Params::kR;
    Mont32 r;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) r.v_[j] = r_mod_p.w[j];
    return r;
  }
  // Montgomery limbs straight from memory (no reduction check: storage holds reduced values).
  static CUZK_HD Mont32 load(const Storage& s) {
    const Storage copy = s;  // one aligned block copy: 128-bit loads from global memory
    Mont32 r;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) r.v_[j] = copy.limbs[j];
    return r;
  }
  CUZK_HD Storage store() const {
    Storage s;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) s.limbs[j] = v_[j];
    return s;
  }

  CUZK_HD bool is_zero() const {
    uint32_t any = 0;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) any |= v_[j];
    return any == 0;
  }
  friend CUZK_HD bool operator==(const Mont32& a, const Mont32& b) {
    uint32_t diff = 0;
    CUZK_UNROLL
    for (size_t j = 0; j < kLimbs; ++j) diff |= a.v_[j] ^ b.v_[j];
    return diff == 0;
  }
  friend CUZK_HD bool operator!=(const Mont32& a, const Mont32& b) { return !(a == b); }

  friend CUZK_HD Mont32 operator+(const Mont32& a, const Mont32& b) {
    Chain c;
    Mont32 r;
    mont32::add<Params>(c, r.v_, a.v_, b.v_);
    return r;
  }
  friend CUZK_HD Mont32 operator-(const Mont32& a, const Mont32& b) {
    Chain c;
    Mont32 r;
    mont32::sub<Params>(c, r.v_, a.v_, b.v_);
    return r;
  }
  CUZK_HD Mont32 operator-() const {
    Chain c;
    Mont32 r;
    mont32::neg<Params>(c, r.v_, v_);
    return r;
  }
  friend CUZK_HD Mont32 operator*(const Mont32& a, const Mont32& b) {
    Chain c;
    uint32_t t[2 * kLimbs];
    mont32::mul_wide<kLimbs>(c, t, a.v_, b.v_);
    Mont32 r;
    mont32::redc<Params>(c, r.v_, t);
    return r;
  }
  CUZK_HD Mont32 square() const {
    Chain c;
    uint32_t t[2 * kLimbs];
    mont32::sqr_wide<kLimbs>(c, t, v_);
    Mont32 r;
    mont32::redc<Params>(c, r.v_, t);
    return r;
  }
  CUZK_HD Mont32 dbl() const { return *this + *this; }

  CUZK_HD Mont32& operator+=(const Mont32& b) { return *this = *this + b; }
  CUZK_HD Mont32& operator-=(const Mont32& b) { return *this = *this - b; }
  CUZK_HD Mont32& operator*=(const Mont32& b) { return *this = *this * b; }

 private:
  uint32_t v_[kLimbs];
};

}  // namespace cuzk::gpu
