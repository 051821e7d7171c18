// Independent arithmetic for the BLS12-381 vector generator: plain
// square-and-multiply, plain double-and-add, schoolbook Fp2/Fp12 products and
// square tests, used to cross-check noble's results.

import { FpLegendre } from '@noble/curves/abstract/modular.js';
import { Fp, Fp12, P } from './bls_common.mjs';

// ---------------------------------------------------------------------------
// Independent helpers (not relying on noble's shortcuts)
// ---------------------------------------------------------------------------
// Plain left-to-right square-and-multiply over any noble field object.
export function powPlain(F, a, e) {
  if (e < 0n) throw new Error('negative exponent');
  let acc = F.ONE;
  for (let i = e.toString(2).length - 1; i >= 0; i--) {
    acc = F.sqr(acc);
    if ((e >> BigInt(i)) & 1n) acc = F.mul(acc, a);
  }
  return acc;
}
// Plain double-and-add (no GLV / endomorphisms): valid for any curve point.
export function mulPlain(pt, k) {
  let acc = pt.constructor.ZERO;
  for (let i = k.toString(2).length - 1; i >= 0; i--) {
    acc = acc.double();
    if ((k >> BigInt(i)) & 1n) acc = acc.add(pt);
  }
  return acc;
}
// Schoolbook Fp12 multiplication in the basis 1, w, ..., w^5 with w^6 = xi = u+1,
// u^2 = -1, used to confirm noble's tower is Fp2[v]/(v^3-(u+1)), Fp6[w]/(w^2-v).
export function fp2MulNaive(a, b) {
  return { c0: ((a.c0 * b.c0 - a.c1 * b.c1) % P + P) % P, c1: (a.c0 * b.c1 + a.c1 * b.c0) % P };
}
export function fp12MulNaive(f, g) {
  // f = g0 + g1 v + g2 v^2 + (h0 + h1 v + h2 v^2) w, v = w^2
  const toW = (x) => [x.c0.c0, x.c1.c0, x.c0.c1, x.c1.c1, x.c0.c2, x.c1.c2];
  const A = toW(f);
  const B = toW(g);
  const acc = Array.from({ length: 11 }, () => ({ c0: 0n, c1: 0n }));
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 6; j++) {
      const t = fp2MulNaive(A[i], B[j]);
      acc[i + j] = { c0: (acc[i + j].c0 + t.c0) % P, c1: (acc[i + j].c1 + t.c1) % P };
    }
  const xi = { c0: 1n, c1: 1n };
  for (let k = 10; k >= 6; k--) {
    const t = fp2MulNaive(acc[k], xi);
    acc[k - 6] = { c0: (acc[k - 6].c0 + t.c0) % P, c1: (acc[k - 6].c1 + t.c1) % P };
  }
  return Fp12.create({
    c0: { c0: acc[0], c1: acc[2], c2: acc[4] },
    c1: { c0: acc[1], c1: acc[3], c2: acc[5] },
  });
}

export function fp2IsSquare(a) {
  // a is a square in Fp2 iff its norm a0^2 + a1^2 is a square in Fp.
  return FpLegendre(Fp, Fp.add(Fp.sqr(a.c0), Fp.sqr(a.c1))) !== -1;
}
export const trySqrt = (F, a) => {
  try {
    return F.sqrt(a);
  } catch {
    return null;
  }
};
