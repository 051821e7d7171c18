// MontField<Config>: a prime field in Montgomery form over N 64-bit limbs.
//
// One template serves every prime field of the project (Fp, Fr); an instantiation only names the
// modulus and a few facts about the field (fp.hpp, fr.hpp). R = 2^(64N) mod p, R^2 mod p and
// -p^-1 mod 2^64 are derived from the modulus at compile time. Multiplication is CIOS
// (Koç–Acar–Kaliski 1996) in the "no final carry" form, valid when the top limb of p is below
// 2^63 - 1 (true for both BLS12-381 fields; static_assert'ed).
//
// Speed: that portable code is what constant evaluation uses. At run time on x86-64, the 4- and
// 6-limb fields use assembly kernels instead (mont_mul_x86.hpp, mont_sqr_x86.hpp,
// mont_add_x86.hpp): MULX/ADX multiplication and squaring, inlined behind one predictable branch
// on a CPU flag read once at start-up, with an out-of-line MUL/ADC fallback for CPUs without
// BMI2/ADX; and inversion by divsteps (modular_inverse.hpp). Every path gives the same bits
// (tests/ff/mont_mul_test.cpp); docs/perf/ff-cpu.md has the measurements.
//
// Values are always kept fully reduced (< p), so equality is limb equality and the canonical
// encoding is unique.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>

#include "ff/field_pow.hpp"
#include "ff/limbs.hpp"
#include "ff/modular_inverse.hpp"
#include "ff/mont_add_x86.hpp"
#include "ff/mont_mul_x86.hpp"
#include "ff/mont_sqr_x86.hpp"

namespace cuzk::ff {

template <class Config>
class MontField {
 public:
  static constexpr size_t kLimbs = Config::kLimbs;
  using Repr = Limbs<kLimbs>;
  static constexpr Repr kModulus = Config::kModulus;
  static constexpr size_t kBits = limbs_bit_length(kModulus);
  static constexpr size_t kBytes = (kBits + 7) / 8;

  static_assert(kModulus[kLimbs - 1] < (uint64_t(1) << 63) - 1,
                "no-carry Montgomery multiplication needs a spare top bit");
  static_assert((kModulus[0] & 1) == 1, "modulus must be odd");

 private:
  static constexpr uint64_t compute_inv() {
    uint64_t inv = 1;  // Newton iteration for p^-1 mod 2^64: 6 steps double the precision to 64.
    for (int i = 0; i < 6; ++i) inv *= 2 - kModulus[0] * inv;
    return ~inv + 1;
  }
  // 2^(64N * k) mod p by repeated doubling.
  static constexpr Repr compute_pow2(size_t doublings) {
    Repr x = limbs_from_u64<kLimbs>(1);
    for (size_t i = 0; i < doublings; ++i) {
      Repr t{};
      uint64_t carry = limbs_add(t, x, x);
      Repr s{};
      uint64_t borrow = limbs_sub(s, t, kModulus);
      x = (carry || !borrow) ? s : t;
    }
    return x;
  }

 public:
  static constexpr uint64_t kInv = compute_inv();  // -p^-1 mod 2^64
  // Whether the x86-64 assembly kernels (mont_*_x86.hpp) cover this limb count.
  static constexpr bool kHasX86Kernels = kLimbs == 4 || kLimbs == 6;
  static constexpr Repr kR = compute_pow2(64 * kLimbs);
  static constexpr Repr kR2 = compute_pow2(128 * kLimbs);
  static constexpr Repr kR3 = compute_pow2(192 * kLimbs);
  static constexpr Repr kPMinus1Over2 = limbs_shr(
      [] {
        Repr t{};
        limbs_sub(t, kModulus, limbs_from_u64<kLimbs>(1));
        return t;
      }(),
      1);

  constexpr MontField() : v_{} {}

  static constexpr MontField zero() { return MontField(); }
  static constexpr MontField one() { return from_montgomery(kR); }
  // Interprets `mont` as an already-Montgomery limb array (no reduction check).
  static constexpr MontField from_montgomery(const Repr& mont) {
    MontField r;
    r.v_ = mont;
    return r;
  }
  // From a canonical integer; nullopt when x >= p.
  static constexpr std::optional<MontField> from_canonical(const Repr& x) {
    if (limbs_geq(x, kModulus)) return std::nullopt;
    return from_canonical_unchecked(x);
  }
  // From a canonical integer known to be < p.
  static constexpr MontField from_canonical_unchecked(const Repr& x) {
    return from_montgomery(x) * from_montgomery(kR2);
  }
  static constexpr MontField from_u64(uint64_t x) {
    return from_canonical_unchecked(limbs_from_u64<kLimbs>(x));
  }

  constexpr const Repr& montgomery() const { return v_; }
  constexpr Repr to_canonical() const { return mont_mul(v_, limbs_from_u64<kLimbs>(1)); }

  // Uniform element from a 64-bit generator (e.g. std::mt19937_64), by rejection sampling.
  template <class Rng>
  static MontField random(Rng& rng) {
    for (;;) {
      Repr x;
      for (auto& l : x) l = uint64_t(rng());
      constexpr unsigned top_bits = kBits % 64;
      if constexpr (top_bits != 0) x[kLimbs - 1] &= (uint64_t(1) << top_bits) - 1;
      if (!limbs_geq(x, kModulus)) return from_montgomery(x);
    }
  }

  constexpr bool is_zero() const { return limbs_is_zero(v_); }
  constexpr bool is_one() const { return v_ == kR; }
  friend constexpr bool operator==(const MontField& a, const MontField& b) { return a.v_ == b.v_; }

  friend constexpr MontField operator+(const MontField& a, const MontField& b) {
#ifdef CUZK_FF_X86_ASM
    if constexpr (kHasX86Kernels) {
      if (!std::is_constant_evaluated()) {
        return from_montgomery(x86::mod_add<MontField>(a.v_, b.v_));
      }
    }
#endif
    MontField r;
    limbs_add(r.v_, a.v_, b.v_);  // no carry out: p has a spare top bit
    Repr s{};
    if (!limbs_sub(s, r.v_, kModulus)) r.v_ = s;
    return r;
  }
  friend constexpr MontField operator-(const MontField& a, const MontField& b) {
#ifdef CUZK_FF_X86_ASM
    if constexpr (kHasX86Kernels) {
      if (!std::is_constant_evaluated()) {
        return from_montgomery(x86::mod_sub<MontField>(a.v_, b.v_));
      }
    }
#endif
    MontField r;
    if (limbs_sub(r.v_, a.v_, b.v_)) limbs_add(r.v_, r.v_, kModulus);
    return r;
  }
  constexpr MontField operator-() const {
    if (is_zero()) return *this;
    MontField r;
    limbs_sub(r.v_, kModulus, v_);
    return r;
  }
  [[gnu::always_inline]] friend constexpr MontField operator*(const MontField& a,
                                                              const MontField& b) {
    return from_montgomery(mont_mul(a.v_, b.v_));
  }
  constexpr MontField& operator+=(const MontField& b) {
    return *this = *this + b;
  }
  constexpr MontField& operator-=(const MontField& b) {
    return *this = *this - b;
  }
  [[gnu::always_inline]] constexpr MontField& operator*=(const MontField& b) {
    return *this = *this * b;
  }

  constexpr MontField dbl() const {
    return *this + *this;
  }
  [[gnu::always_inline]] constexpr MontField square() const {
    return from_montgomery(mont_sqr(v_));
  }
  // x / 2
  constexpr MontField halve() const {
    Repr t = v_;
    uint64_t carry = 0;
    if (t[0] & 1) carry = limbs_add(t, t, kModulus);
    t = limbs_shr(t, 1);
    t[kLimbs - 1] |= carry << 63;
    return from_montgomery(t);
  }

  // x^e for an exponent given as little-endian limbs.
  template <size_t M>
  constexpr MontField pow(const Limbs<M>& e) const {
    return field_pow(*this, e);
  }
  constexpr MontField pow(uint64_t e) const {
    return pow(Limbs<1>{e});
  }

  // Multiplicative inverse; inverse of zero is zero. At run time by divsteps (variable time,
  // modular_inverse.hpp) on the representation aR, giving (aR)^-1, then one multiplication by
  // R^3 to a^-1 R; at compile time by Fermat's little theorem.
  constexpr MontField inverse() const {
    if (std::is_constant_evaluated()) {
      Repr e{};
      limbs_sub(e, kModulus, limbs_from_u64<kLimbs>(2));
      return pow(e);
    }
    if (is_zero()) return zero();
    return from_montgomery(mont_mul(modular_inverse_vartime<MontField>(v_), kR3));
  }

  // Legendre symbol: 0 for zero, 1 for a non-zero square, -1 otherwise.
  constexpr int legendre() const {
    if (is_zero()) return 0;
    return pow(kPMinus1Over2).is_one() ? 1 : -1;
  }

  // A square root, or nullopt for a non-residue. For p = 3 mod 4 it is x^((p+1)/4); otherwise
  // Tonelli–Shanks with the field's 2-adicity and a non-residue from Config.
  constexpr std::optional<MontField> sqrt() const {
    if (is_zero()) return zero();
    MontField r;
    if constexpr ((kModulus[0] & 3) == 3) {
      r = pow(kPPlus1Over4);
    } else {
      r = tonelli_shanks();
    }
    if (r.square() != *this) return std::nullopt;
    return r;
  }

  // Canonical value > (p-1)/2: the "sign" used by the zcash point encodings.
  constexpr bool is_lexicographically_largest() const {
    Repr c = to_canonical();
    return !limbs_geq(kPMinus1Over2, c);
  }

  // Canonical encodings: big-endian (Fp convention) and little-endian (Fr "repr").
  void to_bytes_be(std::span<uint8_t, kBytes> out) const {
    write_bytes(out, true);
  }
  void to_bytes_le(std::span<uint8_t, kBytes> out) const {
    write_bytes(out, false);
  }
  std::array<uint8_t, kBytes> to_bytes_be() const {
    std::array<uint8_t, kBytes> b;
    to_bytes_be(b);
    return b;
  }
  std::array<uint8_t, kBytes> to_bytes_le() const {
    std::array<uint8_t, kBytes> b;
    to_bytes_le(b);
    return b;
  }
  // nullopt when the encoded integer is >= p.
  static std::optional<MontField> from_bytes_be(std::span<const uint8_t, kBytes> in) {
    return from_canonical(read_bytes(in, true));
  }
  static std::optional<MontField> from_bytes_le(std::span<const uint8_t, kBytes> in) {
    return from_canonical(read_bytes(in, false));
  }

  // Montgomery product a*b*R^-1 mod p. At compile time, and on targets without kernels, the
  // portable code; at run time on x86-64 the MULX/ADX kernel (inlined) when the CPU has BMI2 +
  // ADX, else the out-of-line MUL/ADC kernel (mont_mul_x86.hpp). All give bit-identical results.
  [[gnu::always_inline]] static constexpr Repr mont_mul(const Repr& a, const Repr& b) {
#ifdef CUZK_FF_X86_ASM
    if constexpr (kHasX86Kernels) {
      if (!std::is_constant_evaluated()) {
        if (x86::cpu_has_bmi2_adx()) return x86::mont_mul_mulx<MontField>(a, b);
        return x86::mont_mul_mulq<MontField>(a, b);
      }
    }
#endif
    return mont_mul_portable(a, b);
  }

  // a^2 R^-1 mod p, equal to mont_mul(a, a); a dedicated kernel where there is one.
  [[gnu::always_inline]] static constexpr Repr mont_sqr(const Repr& a) {
#ifdef CUZK_FF_X86_ASM
    if constexpr (kHasX86Kernels) {
      if (!std::is_constant_evaluated()) {
        if (x86::cpu_has_bmi2_adx()) return x86::mont_sqr_mulx<MontField>(a);
        return x86::mont_mul_mulq<MontField>(a, a);
      }
    }
#endif
    return mont_mul_portable(a, a);
  }

  // The portable reference: CIOS (no final carry) on unsigned __int128.
  static constexpr Repr mont_mul_portable(const Repr& a, const Repr& b) {
    Repr t{};
    for (size_t i = 0; i < kLimbs; ++i) {
      u128 acc = u128(a[0]) * b[i] + t[0];
      uint64_t A = uint64_t(acc >> 64);
      uint64_t lo = uint64_t(acc);
      uint64_t m = lo * kInv;
      u128 red = u128(m) * kModulus[0] + lo;
      uint64_t C = uint64_t(red >> 64);
      for (size_t j = 1; j < kLimbs; ++j) {
        acc = u128(a[j]) * b[i] + t[j] + A;
        A = uint64_t(acc >> 64);
        red = u128(m) * kModulus[j] + uint64_t(acc) + C;
        C = uint64_t(red >> 64);
        t[j - 1] = uint64_t(red);
      }
      t[kLimbs - 1] = C + A;
    }
    Repr s{};
    if (!limbs_sub(s, t, kModulus)) return s;
    return t;
  }

 private:
  static constexpr Repr kPPlus1Over4 = [] {
    Repr t{};
    limbs_add(t, kModulus, limbs_from_u64<kLimbs>(1));
    return limbs_shr(t, 2);
  }();

  constexpr MontField tonelli_shanks() const {
    constexpr unsigned s = Config::kTwoAdicity;
    constexpr Repr t_odd = [] {  // (p-1) / 2^s
      Repr t{};
      limbs_sub(t, kModulus, limbs_from_u64<kLimbs>(1));
      return limbs_shr(t, s);
    }();
    constexpr Repr t_minus1_over2 = limbs_shr(t_odd, 1);
    MontField z = from_u64(Config::kGenerator).pow(t_odd);  // primitive 2^s-th root
    MontField w = pow(t_minus1_over2);
    MontField x = *this * w;  // a^((t+1)/2)
    MontField b = x * w;      // a^t
    unsigned v = s;
    while (!b.is_one()) {
      unsigned k = 0;
      MontField b2k = b;
      while (!b2k.is_one()) {
        b2k = b2k.square();
        ++k;
        if (k == v) return zero();  // non-residue: caller's check fails
      }
      MontField w2 = z;
      for (unsigned j = 0; j + 1 < v - k; ++j) w2 = w2.square();
      z = w2.square();
      b *= z;
      x *= w2;
      v = k;
    }
    return x;
  }

  void write_bytes(std::span<uint8_t, kBytes> out, bool big_endian) const {
    Repr c = to_canonical();
    for (size_t i = 0; i < kBytes; ++i) {
      uint8_t byte = uint8_t(c[i / 8] >> (8 * (i % 8)));
      out[big_endian ? kBytes - 1 - i : i] = byte;
    }
  }
  static Repr read_bytes(std::span<const uint8_t, kBytes> in, bool big_endian) {
    Repr c{};
    for (size_t i = 0; i < kBytes; ++i) {
      uint8_t byte = in[big_endian ? kBytes - 1 - i : i];
      c[i / 8] |= uint64_t(byte) << (8 * (i % 8));
    }
    return c;
  }

  Repr v_;
};

// Inverts every non-zero element of `xs` in place with one field inversion (Montgomery's trick);
// zeros stay zero. `scratch` must hold xs.size() elements (caller-owned: no hidden allocation).
template <class F>
void batch_inverse(std::span<F> xs, std::span<F> scratch) {
  F acc = F::one();
  for (size_t i = 0; i < xs.size(); ++i) {
    scratch[i] = acc;
    if (!xs[i].is_zero()) acc *= xs[i];
  }
  F inv = acc.inverse();
  for (size_t i = xs.size(); i-- > 0;) {
    if (xs[i].is_zero()) continue;
    F t = inv * scratch[i];
    inv *= xs[i];
    xs[i] = t;
  }
}

}  // namespace cuzk::ff
