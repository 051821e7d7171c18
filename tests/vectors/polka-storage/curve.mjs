// BLS12-381 curves for extract.mjs: G1 and G2 descriptions, the on-curve test, Jacobian
// doubling and mixed addition (a = 0), and the r-torsion (subgroup) test.

import { Fp, Fp2, R } from './field.mjs';

// ---------------------------------------------------------------------------------------------
// Curves: G1: y^2 = x^3 + 4 over Fp; G2: y^2 = x^3 + 4(u+1) over Fp2.
// ---------------------------------------------------------------------------------------------
export const G1 = { F: Fp, b: 4n, name: 'G1', compressedLen: 48, uncompressedLen: 96 };
export const G2 = { F: Fp2, b: { c0: 4n, c1: 4n }, name: 'G2', compressedLen: 96, uncompressedLen: 192 };

export function onCurve(curve, { x, y }) {
  const F = curve.F;
  return F.eq(F.sqr(y), F.add(F.mul(F.sqr(x), x), curve.b));
}

// Jacobian arithmetic (a = 0), generic over the field.
export function jacDouble(F, { X, Y, Z }) {
  if (F.isZero(Z) || F.isZero(Y)) return { X: F.one, Y: F.one, Z: F.zero };
  const A = F.sqr(X);
  const B = F.sqr(Y);
  const C = F.sqr(B);
  const t = F.sub(F.sub(F.sqr(F.add(X, B)), A), C);
  const D = F.add(t, t);
  const E = F.add(F.add(A, A), A);
  const Fe = F.sqr(E);
  const X3 = F.sub(Fe, F.add(D, D));
  let C8 = F.add(C, C);
  C8 = F.add(C8, C8);
  C8 = F.add(C8, C8);
  const Y3 = F.sub(F.mul(E, F.sub(D, X3)), C8);
  const YZ = F.mul(Y, Z);
  return { X: X3, Y: Y3, Z: F.add(YZ, YZ) };
}

// Jacobian + affine (madd-2007-bl).
export function jacAddAffine(F, p, q) {
  if (F.isZero(p.Z)) return { X: q.x, Y: q.y, Z: F.one };
  const Z1Z1 = F.sqr(p.Z);
  const U2 = F.mul(q.x, Z1Z1);
  const S2 = F.mul(F.mul(q.y, p.Z), Z1Z1);
  const H = F.sub(U2, p.X);
  const rr0 = F.sub(S2, p.Y);
  if (F.isZero(H)) {
    if (F.isZero(rr0)) return jacDouble(F, p);
    return { X: F.one, Y: F.one, Z: F.zero };
  }
  const HH = F.sqr(H);
  let I = F.add(HH, HH);
  I = F.add(I, I);
  const J = F.mul(H, I);
  const rr = F.add(rr0, rr0);
  const V = F.mul(p.X, I);
  const X3 = F.sub(F.sub(F.sqr(rr), J), F.add(V, V));
  const YJ = F.mul(p.Y, J);
  const Y3 = F.sub(F.mul(rr, F.sub(V, X3)), F.add(YJ, YJ));
  const Z3 = F.sub(F.sub(F.sqr(F.add(p.Z, H)), Z1Z1), HH);
  return { X: X3, Y: Y3, Z: Z3 };
}

// [r]P == O, by double-and-add from the top bit.
export function inSubgroup(curve, pt) {
  const F = curve.F;
  let acc = { X: F.one, Y: F.one, Z: F.zero };
  for (let i = BigInt(R.toString(2).length - 1); i >= 0n; i--) {
    acc = jacDouble(F, acc);
    if ((R >> i) & 1n) acc = jacAddAffine(F, acc, pt);
  }
  return F.isZero(acc.Z);
}
