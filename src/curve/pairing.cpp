// Miller loop of the optimal-ate pairing on BLS12-381 (the final exponentiation is in
// final_exponentiation.cpp).
//
// The loop walks the bits of |x| = 0xd201000000010000 from the second-highest down with a point
// T on the twist E': y^2 = x^3 + b', b' = 4(1 + u), kept in homogeneous projective coordinates
// (X : Y : Z) ~ (X/Z, Y/Z). Each step updates T and yields the line through the points involved,
// untwisted through psi(x, y) = (x w^-2, y w^-3) and scaled by factors in proper subfields of Fp12
// (killed by the final exponentiation), so that at P = (xP, yP) it is
//   l(P) = c0 + (c1 xP) v + (c4 yP) v w,
// multiplied into f with Fp12::mul_by_014 (13 Fp2 multiplications instead of 18).
// Step formulas: Aranha, Karabina, Longa, Gebotys, López, "Faster explicit formulas for computing
// pairings over ordinary curves" (Eurocrypt 2011), eqs. (10) doubling and (12) mixed addition,
// with the line placed for the M-type twist.
#include "curve/pairing.hpp"

#include <vector>

namespace cuzk::curve {
namespace {

using ff::Fp12;
using ff::Fp2;

struct G2Homogeneous {
  Fp2 x, y, z;
};

Fp2 halve(const Fp2& a) {
  return {a.c0.halve(), a.c1.halve()};
}

// 3 b' a = 12 (1 + u) a, by additions.
Fp2 mul_by_3b(const Fp2& a) {
  Fp2 t = a.mul_by_nonresidue().dbl().dbl();
  return t.dbl() + t;
}

// T <- 2T and the tangent line at T. 3M + 6S in Fp2:
//   A = XY/2, B = Y^2, C = Z^2, E = 3b'C, F = 3E, G = (B + F)/2, H = (Y + Z)^2 - B - C (= 2YZ)
//   X3 = A (B - F), Y3 = G^2 - 3E^2, Z3 = B H
//   line scaled by -2YZ: (E - B) + (3X^2 xP) v + (-H yP) v w.
LineCoeffs doubling_step(G2Homogeneous& t) {
  Fp2 a = halve(t.x * t.y);
  Fp2 b = t.y.square();
  Fp2 c = t.z.square();
  Fp2 e = mul_by_3b(c);
  Fp2 f = e.dbl() + e;
  Fp2 g = halve(b + f);
  Fp2 h = (t.y + t.z).square() - (b + c);
  Fp2 j = t.x.square();
  Fp2 e2 = e.square();
  LineCoeffs line{e - b, j.dbl() + j, -h};
  t.x = a * (b - f);
  t.y = g.square() - (e2.dbl() + e2);
  t.z = b * h;
  return line;
}

// T <- T + Q (Q affine) and the line through T and Q. 11M + 2S in Fp2:
//   theta = Y - yQ Z, lambda = X - xQ Z (the slope is theta / lambda),
//   C = theta^2, D = lambda^2, E = lambda D, F = Z C, G = X D, H = E + F - 2G
//   X3 = lambda H, Y3 = theta (G - H) - Y E, Z3 = Z E
//   line scaled by lambda: (theta xQ - lambda yQ) + (-theta xP) v + (lambda yP) v w.
LineCoeffs addition_step(G2Homogeneous& t, const G2Affine& q) {
  Fp2 theta = t.y - q.y * t.z;
  Fp2 lambda = t.x - q.x * t.z;
  Fp2 c = theta.square();
  Fp2 d = lambda.square();
  Fp2 e = lambda * d;
  Fp2 f = t.z * c;
  Fp2 g = t.x * d;
  Fp2 h = e + f - g.dbl();
  LineCoeffs line{theta * q.x - lambda * q.y, -theta, lambda};
  Fp2 ye = t.y * e;
  t.x = lambda * h;
  t.y = theta * (g - h) - ye;
  t.z = t.z * e;
  return line;
}

// The loop's schedule, shared by prepare() and the Miller loop: for each bit of |x| below the
// top one (T starts at Q), begin_bit(is_first) then a doubling step and, if the bit is set, an
// addition step.
template <class BeginBit, class Double, class Add>
void walk_miller_schedule(BeginBit&& begin_bit, Double&& dbl, Add&& add) {
  for (int bit = int(kMillerDoublings) - 1; bit >= 0; --bit) {
    begin_bit(bit == int(kMillerDoublings) - 1);
    dbl();
    if ((kBlsXAbs >> bit) & 1) add();
  }
}

// The stream of line coefficients of one term, computed on the fly or read from a G2Prepared.
class LineCursor {
 public:
  LineCursor(const G1Affine& p, const G2Affine& q)
      : xp_(p.x), yp_(p.y), t_{q.x, q.y, Fp2::one()}, q_(q) {}
  LineCursor(const G1Affine& p, const G2Prepared& q)
      : xp_(p.x), yp_(p.y), prepared_(q.lines.data()) {}

  void apply_doubling(Fp12& f) { apply(f, prepared_ ? *prepared_++ : doubling_step(t_)); }
  void apply_addition(Fp12& f) { apply(f, prepared_ ? *prepared_++ : addition_step(t_, q_)); }

 private:
  void apply(Fp12& f, const LineCoeffs& l) const { f = f.mul_by_014(l.c0, l.c1 * xp_, l.c4 * yp_); }

  ff::Fp xp_, yp_;
  const LineCoeffs* prepared_ = nullptr;
  G2Homogeneous t_{};
  G2Affine q_{};
};

}  // namespace

G2Prepared prepare(const G2Affine& q) {
  G2Prepared out;
  if (q.is_identity()) return out;
  out.infinity = false;
  G2Homogeneous t{q.x, q.y, Fp2::one()};
  size_t k = 0;
  walk_miller_schedule([](bool) {}, [&] { out.lines[k++] = doubling_step(t); },
                       [&] { out.lines[k++] = addition_step(t, q); });
  return out;
}

ff::Fp12 multi_miller_loop(std::span<const MillerTerm> terms) {
  // Per-term state (a few hundred bytes each) for the terms that are not identities.
  std::vector<LineCursor> cursors;
  cursors.reserve(terms.size());
  for (const MillerTerm& term : terms) {
    if (term.p.is_identity()) continue;
    if (const auto* q = std::get_if<G2Affine>(&term.q)) {
      if (!q->is_identity()) cursors.emplace_back(term.p, *q);
    } else if (const G2Prepared* prep = std::get<const G2Prepared*>(term.q); !prep->infinity) {
      cursors.emplace_back(term.p, *prep);
    }
  }
  Fp12 f = Fp12::one();
  if (cursors.empty()) return f;
  walk_miller_schedule(
      [&](bool first) {
        if (!first) f = f.square();
      },
      [&] {
        for (auto& c : cursors) c.apply_doubling(f);
      },
      [&] {
        for (auto& c : cursors) c.apply_addition(f);
      });
  // f_{x,Q} = 1 / f_{|x|,Q} up to a vertical line (killed by the final exponentiation), and
  // after that exponentiation 1/f is its conjugate, so conjugating here is enough.
  return kBlsXIsNegative ? f.conjugate() : f;
}

ff::Fp12 miller_loop(const G1Affine& p, const G2Affine& q) {
  const MillerTerm term{p, q};
  return multi_miller_loop(std::span(&term, 1));
}

Gt pairing(const G1Affine& p, const G2Affine& q) {
  return final_exponentiation(miller_loop(p, q));
}

Gt multi_pairing(std::span<const MillerTerm> terms) {
  return final_exponentiation(multi_miller_loop(terms));
}

}  // namespace cuzk::curve
