// Final exponentiation f -> f^((p^12-1)/r) of the BLS12-381 pairing, and exponentiation in the
// cyclotomic subgroup of Fp12.
//
// (p^12-1)/r = (p^6-1) (p^2+1) d, d = (p^4-p^2+1)/r.
// Easy part: f^((p^6-1)(p^2+1)) with one conjugation, one inversion and one Frobenius; the result
// lies in the cyclotomic subgroup, where squaring is cheap (Fp12::cyclotomic_square) and the
// inverse is the conjugate.
// Hard part: the BLS12 decomposition (e.g. Hayashida–Hayasaka–Teruya, ePrint 2020/875)
//   3d = (x-1)^2 (x+p) (x^2+p^2-1) + 3.
// For BLS12-381 x = 1 mod 3, so (x-1)^2/3 = (x-1) * ((x-1)/3) is an integer and
//   d = ((x-1)^2/3) (x+p) (x^2+p^2-1) + 1
// is computed exactly (libraries that drop the /3 compute the cube of the pairing instead):
//   g = t^((x-1)/3) = conj(t^m), m = (|x|+1)/3 = 0x460055555555aaab (sliding window)
//   a = g^(x-1) = g^x conj(g)              = t^((x-1)^2/3)
//   b = a^(x+p) = a^x a^p
//   c = b^(x^2+p^2-1) = (b^x)^x b^(p^2) conj(b)
//   result = c t.
// Cost: 4 exponentiations by x (63 cyclotomic squarings + 5 multiplications each), one by m
// (63 squarings + 18 multiplications with a width-3 window), 6 more multiplications and 3
// Frobenius maps; dropping the /3 would save only the ~13 extra multiplications of the m step.
// tests/curve/pairing_test.cpp checks r d = p^4 - p^2 + 1 and compares with a plain power.
#include <algorithm>
#include <array>

#include "curve/pairing.hpp"

namespace cuzk::curve {
namespace {

using ff::Fp12;

bool exponent_bit(std::span<const uint64_t> e, size_t i) {
  return (e[i / 64] >> (i % 64)) & 1;
}

size_t exponent_bit_length(std::span<const uint64_t> e) {
  for (size_t i = e.size(); i-- > 0;) {
    if (e[i] != 0) return i * 64 + (64 - size_t(__builtin_clzll(e[i])));
  }
  return 0;
}

// Left-to-right sliding-window decomposition of e (width w): calls on_zero() for each skipped
// zero bit and on_window(value, width) for each odd window value < 2^w, most significant first.
template <class OnZero, class OnWindow>
void slide_windows(std::span<const uint64_t> e, unsigned w, OnZero&& on_zero,
                   OnWindow&& on_window) {
  size_t i = exponent_bit_length(e);
  while (i > 0) {
    if (!exponent_bit(e, i - 1)) {
      on_zero();
      --i;
      continue;
    }
    size_t lo = i >= w ? i - w : 0;
    while (!exponent_bit(e, lo)) ++lo;
    unsigned value = 0;
    for (size_t k = i; k-- > lo;) value = value << 1 | unsigned(exponent_bit(e, k));
    on_window(value, unsigned(i - lo));
    i = lo;
  }
}

constexpr unsigned kMaxWindow = 5;

// The window width minimising multiplications for this exponent: table of 2^(w-1) odd powers
// (2^(w-1) - 1 multiplications and one squaring when w > 1) plus one multiplication per window.
// Squarings are the same for every width. |x| (6 set bits) gets w = 1, plain square-and-multiply.
unsigned best_window(std::span<const uint64_t> e) {
  unsigned best_w = 1;
  size_t best_cost = SIZE_MAX;
  for (unsigned w = 1; w <= kMaxWindow; ++w) {
    size_t cost = (w > 1) ? (size_t(1) << (w - 1)) : 0;
    slide_windows(
        e, w, [] {}, [&](unsigned, unsigned) { ++cost; });
    if (cost < best_cost) best_cost = cost, best_w = w;
  }
  return best_w;
}

// h^x for h in the cyclotomic subgroup: x < 0, so conj(h^|x|).
Fp12 cyclotomic_pow_x(const Fp12& h) {
  const std::array<uint64_t, 1> abs_x{kBlsXAbs};
  Fp12 r = cyclotomic_pow(h, abs_x);
  return kBlsXIsNegative ? r.conjugate() : r;
}

// m = (|x| + 1) / 3 = -(x - 1) / 3.
static_assert(kBlsXIsNegative && (kBlsXAbs + 1) % 3 == 0, "(x-1)/3 must be an integer");
constexpr uint64_t kXMinus1Over3Abs = (kBlsXAbs + 1) / 3;

}  // namespace

Fp12 cyclotomic_pow(const Fp12& f, std::span<const uint64_t> exponent) {
  const unsigned w = best_window(exponent);
  std::array<Fp12, size_t(1) << (kMaxWindow - 1)> odd_powers;  // odd_powers[i] = f^(2i+1)
  odd_powers[0] = f;
  if (w > 1) {
    const Fp12 f2 = f.cyclotomic_square();
    for (size_t i = 1; i < (size_t(1) << (w - 1)); ++i) odd_powers[i] = odd_powers[i - 1] * f2;
  }
  Fp12 r = Fp12::one();
  bool started = false;  // skips squarings and the first multiplication of r = 1
  slide_windows(
      exponent, w,
      [&] {
        if (started) r = r.cyclotomic_square();
      },
      [&](unsigned value, unsigned width) {
        if (started) {
          for (unsigned k = 0; k < width; ++k) r = r.cyclotomic_square();
          r *= odd_powers[value >> 1];
        } else {
          r = odd_powers[value >> 1];
          started = true;
        }
      });
  return r;
}

Gt final_exponentiation(const Fp12& f) {
  // Easy part: t = f^((p^6-1)(p^2+1)).
  Fp12 t = f.conjugate() * f.inverse();
  t = t.frobenius(2) * t;
  // Hard part: t^d.
  const std::array<uint64_t, 1> m{kXMinus1Over3Abs};
  const Fp12 g = cyclotomic_pow(t, m).conjugate();
  const Fp12 a = cyclotomic_pow_x(g) * g.conjugate();
  const Fp12 b = cyclotomic_pow_x(a) * a.frobenius(1);
  const Fp12 c = cyclotomic_pow_x(cyclotomic_pow_x(b)) * b.frobenius(2) * b.conjugate();
  return {c * t};
}

}  // namespace cuzk::curve
