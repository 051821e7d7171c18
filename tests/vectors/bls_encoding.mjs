// Encodings for the BLS12-381 vector generator: hex of Fp/Fr/Fp2/Fp12 values,
// our own zcash/bellperson point encoder, the JSON form of a point (checked
// against noble), and the decoder that classifies invalid point encodings.

import { FpLegendre } from '@noble/curves/abstract/modular.js';
import { check, Fp, Fp2, G1, G1_B, G2, G2_B, P, R } from './bls_common.mjs';
import { fp2IsSquare, mulPlain } from './bls_math.mjs';

// ---------------------------------------------------------------------------
// Encodings
// ---------------------------------------------------------------------------
export const hexBE = (x, len) => x.toString(16).padStart(2 * len, '0');
export const fpHex = (x) => {
  check(x >= 0n && x < P, 'fp out of range');
  return hexBE(x, 48);
};
export const frHex = (x) => {
  check(x >= 0n && x < R, 'fr out of range');
  return Buffer.from(hexBE(x, 32), 'hex').reverse().toString('hex');
};
export const fp2Json = (a) => ({ c0: fpHex(a.c0), c1: fpHex(a.c1) });
// Order: c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1 (f = g + h w, g = g0 + g1 v + g2 v^2).
export const fp12Json = (f) => {
  const out = [];
  for (const c6 of [f.c0, f.c1]) for (const c2 of [c6.c0, c6.c1, c6.c2]) out.push(fpHex(c2.c0), fpHex(c2.c1));
  return out;
};
export const toHex = (u8) => Buffer.from(u8).toString('hex');
export const fromHex = (h) => new Uint8Array(Buffer.from(h, 'hex'));

// Our own zcash/bellperson encoder (works for points outside the subgroup too).
// group: 1 or 2. aff: null for infinity, else {x, y}.
export function encodePoint(group, aff, compressed) {
  const W = group === 1 ? 48 : 96;
  const enc = group === 1 ? (v) => hexBE(v, 48) : (v) => hexBE(v.c1, 48) + hexBE(v.c0, 48);
  let buf;
  if (aff === null) {
    buf = Buffer.alloc(compressed ? W : 2 * W);
    buf[0] = (compressed ? 0x80 : 0) | 0x40;
    return buf;
  }
  buf = Buffer.from(compressed ? enc(aff.x) : enc(aff.x) + enc(aff.y), 'hex');
  if (compressed) {
    buf[0] |= 0x80;
    if (ySign(group, aff.y)) buf[0] |= 0x20;
  }
  return buf;
}
// "y is lexicographically largest": y > -y, comparing c1 first for Fp2.
export function ySign(group, y) {
  const half = (P - 1n) / 2n;
  if (group === 1) return y > half;
  return y.c1 !== 0n ? y.c1 > half : y.c0 > half;
}

export function pointJson(group, pt0) {
  const Pt = group === 1 ? G1 : G2;
  // Infinity may come out of add() as a non-canonical projective (X, Y, 0); noble's
  // encoder only accepts the canonical ZERO, so normalize first.
  const pt = pt0.is0() ? Pt.ZERO : pt0;
  const aff = pt.is0() ? null : pt.toAffine();
  const c = encodePoint(group, aff, true);
  const u = encodePoint(group, aff, false);
  // Double check against noble's own encoder/decoder.
  check(toHex(pt.toBytes(true)) === c.toString('hex'), `G${group} compressed encoding mismatch`);
  check(toHex(pt.toBytes(false)) === u.toString('hex'), `G${group} uncompressed encoding mismatch`);
  check(Pt.fromBytes(c).equals(pt), `G${group} compressed decode mismatch`);
  check(Pt.fromBytes(u).equals(pt), `G${group} uncompressed decode mismatch`);
  check(classifyPoint(group, 'compressed', c) === 'ok', `G${group} valid compressed misclassified`);
  check(classifyPoint(group, 'uncompressed', u) === 'ok', `G${group} valid uncompressed misclassified`);
  return { c: c.toString('hex'), u: u.toString('hex') };
}

// Classify a point encoding by the documented check order:
// length, flags, coordinate, infinity, not_on_curve, not_in_subgroup; else 'ok'.
export function classifyPoint(group, form, bytes) {
  const W = group === 1 ? 48 : 96;
  const want = form === 'compressed' ? W : 2 * W;
  if (bytes.length !== want) return 'length';
  const cf = (bytes[0] & 0x80) !== 0;
  const inf = (bytes[0] & 0x40) !== 0;
  const sf = (bytes[0] & 0x20) !== 0;
  if (cf !== (form === 'compressed')) return 'flags';
  if (sf && (!cf || inf)) return 'flags';
  const raw = Buffer.from(bytes);
  raw[0] &= 0x1f;
  const limbs = [];
  for (let i = 0; i < raw.length; i += 48) limbs.push(BigInt('0x' + raw.subarray(i, i + 48).toString('hex')));
  if (limbs.some((v) => v >= P)) return 'coordinate';
  if (inf) return limbs.some((v) => v !== 0n) ? 'infinity' : 'ok';
  let pt;
  if (group === 1) {
    const x = limbs[0];
    const rhs = Fp.add(Fp.mul(Fp.sqr(x), x), G1_B);
    let y;
    if (cf) {
      if (FpLegendre(Fp, rhs) === -1) return 'not_on_curve';
      y = Fp.sqrt(rhs);
      if (ySign(1, y) !== sf) y = Fp.neg(y);
    } else {
      y = limbs[1];
      if (!Fp.eql(Fp.sqr(y), rhs)) return 'not_on_curve';
    }
    pt = new G1(x, y, Fp.ONE);
  } else {
    const x = { c0: limbs[1], c1: limbs[0] };
    const rhs = Fp2.add(Fp2.mul(Fp2.sqr(x), x), G2_B);
    let y;
    if (cf) {
      if (!fp2IsSquare(rhs)) return 'not_on_curve';
      y = Fp2.sqrt(rhs);
      if (ySign(2, y) !== sf) y = Fp2.neg(y);
    } else {
      y = { c0: limbs[3], c1: limbs[2] };
      if (!Fp2.eql(Fp2.sqr(y), rhs)) return 'not_on_curve';
    }
    pt = new G2(Fp2.create(x), Fp2.create(y), Fp2.ONE);
  }
  // r * P == 0, by plain double-and-add (no endomorphism tricks).
  if (!mulPlain(pt, R).is0()) return 'not_in_subgroup';
  return 'ok';
}
