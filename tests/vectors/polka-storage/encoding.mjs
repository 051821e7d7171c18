// Point encodings for extract.mjs (zcash BLS12-381 serialisation): decompress with full
// validation, compress, uncompressed write and parse, and point equality.

import { beToBig, bigToBe, concat, sameBytes } from './bytes.mjs';
import { G1, G2, inSubgroup, onCurve } from './curve.mjs';
import { Fp, Fp2, largestFp, largestFp2, P, sqrtFp, sqrtFp2 } from './field.mjs';

// ---------------------------------------------------------------------------------------------
// Encodings (zcash BLS12-381 serialisation, as bellperson/blstrs/zkcrypto use).
// ---------------------------------------------------------------------------------------------
export const FLAG_COMPRESSED = 0x80;
export const FLAG_INFINITY = 0x40;
export const FLAG_SORT = 0x20;

// Reads a field element (or the c1 half of an Fp2 x) with the three flag bits masked off.
export function fieldFromBe(bytes, what) {
  const v = beToBig(bytes);
  if (v >= P) throw new Error(`${what}: coordinate not below p`);
  return v;
}

export function decompress(curve, bytes, what) {
  if (bytes.length !== curve.compressedLen) throw new Error(`${what}: wrong length`);
  const flags = bytes[0] & 0xe0;
  if (!(flags & FLAG_COMPRESSED)) throw new Error(`${what}: compression flag not set`);
  if (flags & FLAG_INFINITY) throw new Error(`${what}: point at infinity`);
  const first = Uint8Array.from(bytes.subarray(0, 48));
  first[0] &= 0x1f;
  let x;
  let y;
  if (curve === G1) {
    x = fieldFromBe(first, what);
    y = sqrtFp(Fp.add(Fp.mul(Fp.sqr(x), x), G1.b));
    if (y === null) throw new Error(`${what}: x^3 + 4 is not a square`);
    if (largestFp(y) !== Boolean(flags & FLAG_SORT)) y = Fp.neg(y);
  } else {
    x = { c1: fieldFromBe(first, what), c0: fieldFromBe(bytes.subarray(48, 96), what) };
    y = sqrtFp2(Fp2.add(Fp2.mul(Fp2.sqr(x), x), G2.b));
    if (y === null) throw new Error(`${what}: x^3 + 4(u+1) is not a square`);
    if (largestFp2(y) !== Boolean(flags & FLAG_SORT)) y = Fp2.neg(y);
  }
  const pt = { x, y };
  validate(curve, pt, what);
  const again = compress(curve, pt);
  if (!sameBytes(again, bytes)) throw new Error(`${what}: re-compression differs from the input`);
  return pt;
}

export function validate(curve, pt, what) {
  if (!onCurve(curve, pt)) throw new Error(`${what}: not on the ${curve.name} curve`);
  if (!inSubgroup(curve, pt)) throw new Error(`${what}: not in the ${curve.name} r-torsion`);
}

export function compress(curve, { x, y }) {
  let out;
  let sort;
  if (curve === G1) {
    out = bigToBe(x);
    sort = largestFp(y);
  } else {
    out = concat(bigToBe(x.c1), bigToBe(x.c0));
    sort = largestFp2(y);
  }
  out[0] |= FLAG_COMPRESSED | (sort ? FLAG_SORT : 0);
  return out;
}

export function uncompress(curve, { x, y }) {
  if (curve === G1) return concat(bigToBe(x), bigToBe(y));
  return concat(bigToBe(x.c1), bigToBe(x.c0), bigToBe(y.c1), bigToBe(y.c0));
}

export function parseUncompressed(curve, bytes, what) {
  if (bytes.length !== curve.uncompressedLen) throw new Error(`${what}: wrong length`);
  if (bytes[0] & 0xe0) throw new Error(`${what}: flag bits set in an uncompressed point`);
  const f = (i) => fieldFromBe(bytes.subarray(48 * i, 48 * (i + 1)), what);
  const pt = curve === G1 ? { x: f(0), y: f(1) } : { x: { c1: f(0), c0: f(1) }, y: { c1: f(2), c0: f(3) } };
  validate(curve, pt, what);
  return pt;
}

export const samePoint = (curve, a, b) => curve.F.eq(a.x, b.x) && curve.F.eq(a.y, b.y);
