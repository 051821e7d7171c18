// GLV / GLS scalar multiplication with interleaved width-w NAF (see scalar_mul.hpp).
#include "curve/scalar_mul.hpp"

#include <algorithm>
#include <span>

#include "curve/endomorphism.hpp"

namespace cuzk::curve {
namespace {

constexpr unsigned kWindow = 5;                            // wNAF width (see header for the choice)
constexpr size_t kTableSize = size_t(1) << (kWindow - 2);  // odd multiples 1, 3, ..., 2^(w-1) - 1

template <class G>
using OddMultiples = std::array<G, kTableSize>;

// [1]P, [3]P, ..., [2^(w-1) - 1]P: one doubling and kTableSize - 1 additions.
template <class G>
OddMultiples<G> odd_multiples(const G& p) {
  OddMultiples<G> t;
  const G p2 = p.dbl();
  t[0] = p;
  for (size_t j = 1; j < kTableSize; ++j) t[j] = t[j - 1] + p2;
  return t;
}

// Width-w NAF of k: digits d_i in {0, ±1, ±3, ..., ±(2^(w-1) - 1)} with sum d_i 2^i = k and at
// most one non-zero digit in any w consecutive ones. Writes at most 64 M + 1 digits (the recoding
// can carry one position past the top bit) and returns how many.
template <size_t M>
size_t wnaf_recode(const ff::Limbs<M>& k, std::span<int8_t, 64 * M + 1> digits) {
  constexpr int kRadix = 1 << kWindow;
  ff::Limbs<M + 1> t{};
  std::copy(k.begin(), k.end(), t.begin());
  size_t n = 0;
  while (!ff::limbs_is_zero(t)) {
    int d = 0;
    if (t[0] & 1) {
      d = int(t[0] & (kRadix - 1));
      if (d >= kRadix / 2) d -= kRadix;
      if (d > 0) {
        t[0] -= uint64_t(d);  // clears the low w bits: no borrow
      } else {
        ff::limbs_add(t, t, ff::limbs_from_u64<M + 1>(uint64_t(-d)));
      }
    }
    digits[n++] = int8_t(d);
    t = ff::limbs_shr(t, 1);
  }
  return n;
}

// sum_i [scalars[i]] (the point whose odd multiples are tables[i]), by one interleaved chain.
template <class G, size_t D, size_t M>
G sum_wnaf(const std::array<OddMultiples<G>, D>& tables,
           const std::array<ff::Limbs<M>, D>& scalars) {
  constexpr size_t kMaxDigits = 64 * M + 1;
  std::array<std::array<int8_t, kMaxDigits>, D> digits{};
  size_t len = 0;
  for (size_t i = 0; i < D; ++i) len = std::max(len, wnaf_recode<M>(scalars[i], digits[i]));
  G acc = G::identity();
  for (size_t bit = len; bit-- > 0;) {
    acc = acc.dbl();
    for (size_t i = 0; i < D; ++i) {
      int d = digits[i][bit];
      if (d > 0) acc += tables[i][size_t(d) >> 1];
      if (d < 0) acc += -tables[i][size_t(-d) >> 1];
    }
  }
  return acc;
}

}  // namespace

G1ScalarSplit split_g1_scalar(const ff::Fr& k) {
  // k = q1 |x| + r1, q1 = q2 |x| + r2  =>  k = q2 x^2 + (r2 |x| + r1), with r2 |x| + r1 < x^2.
  uint64_t r1 = 0, r2 = 0;
  const ff::Limbs<4> q1 = ff::limbs_div_u64(k.to_canonical(), kBlsXAbs, &r1);
  const ff::Limbs<4> q2 = ff::limbs_div_u64(q1, kBlsXAbs, &r2);
  ff::Limbs<2> low = ff::limbs_mul(ff::Limbs<1>{r2}, ff::Limbs<1>{kBlsXAbs});
  ff::limbs_add(low, low, ff::Limbs<2>{r1, 0});  // < x^2 < 2^128: no carry
  return {low, {q2[0], q2[1]}};                  // q2 <= x^2 - 1 < 2^128
}

std::array<uint64_t, 4> split_g2_scalar(const ff::Fr& k) {
  std::array<uint64_t, 4> d{};
  ff::Limbs<4> q = k.to_canonical();
  for (size_t i = 0; i < 3; ++i) q = ff::limbs_div_u64(q, kBlsXAbs, &d[i]);
  d[3] = q[0];  // k < r < |x|^4, so the last quotient is a single digit
  return d;
}

G1 mul(const G1& p, const ff::Fr& k) {
  const G1ScalarSplit s = split_g1_scalar(k);
  std::array<OddMultiples<G1>, 2> tables;
  tables[0] = odd_multiples(p);
  for (size_t j = 0; j < kTableSize; ++j) tables[1][j] = -phi(tables[0][j]);  // [x^2] = -phi
  return sum_wnaf<G1, 2, 2>(tables, {s.k1, s.k2});
}

G2 mul(const G2& q, const ff::Fr& k) {
  const std::array<uint64_t, 4> d = split_g2_scalar(k);
  // Base of digit i: [|x|^i]Q = (-1)^i psi^i(Q).
  std::array<OddMultiples<G2>, 4> tables;
  tables[0] = odd_multiples(q);
  for (size_t j = 0; j < kTableSize; ++j) {
    tables[1][j] = -psi(tables[0][j]);
    tables[2][j] = psi2(tables[0][j]);
    tables[3][j] = -psi(tables[2][j]);
  }
  return sum_wnaf<G2, 4, 1>(
      tables, {ff::Limbs<1>{d[0]}, ff::Limbs<1>{d[1]}, ff::Limbs<1>{d[2]}, ff::Limbs<1>{d[3]}});
}

}  // namespace cuzk::curve
