// Pairing sections of the BLS12-381 vectors: single pairings (with bilinearity
// checks and the exact final exponentiation) and products of pairings.

import { bls12_381 } from '@noble/curves/bls12-381.js';
import { check, Drbg, FINAL_EXP, Fp12, Fr, G1, G2, R } from './bls_common.mjs';
import { fp12Json, frHex, pointJson } from './bls_encoding.mjs';
import { powPlain } from './bls_math.mjs';

// ---------------------------------------------------------------------------
// Pairings
// ---------------------------------------------------------------------------
export function pairingCases(count, fe) {
  const rng = new Drbg('pairing');
  const kInv = Fr.inv(fe.k); // e_exact = e^(1/k mod r)
  const out = [];
  for (let i = 0; i < count; i++) {
    const p = i === 0 ? G1.BASE : G1.BASE.multiplyUnsafe(rng.nonzeroBelow(R));
    const q = i === 0 ? G2.BASE : G2.BASE.multiplyUnsafe(rng.nonzeroBelow(R));
    const a = i === 1 ? R - 1n : rng.nonzeroBelow(R);
    const b = i === 1 ? 2n : rng.nonzeroBelow(R);
    const e = bls12_381.pairing(p, q);
    const eab = bls12_381.pairing(p.multiplyUnsafe(a), q.multiplyUnsafe(b));
    check(!Fp12.eql(e, Fp12.ONE), 'pairing non-degenerate');
    check(Fp12.eql(powPlain(Fp12, e, R), Fp12.ONE), 'pairing in GT');
    check(Fp12.eql(eab, powPlain(Fp12, e, (a * b) % R)), 'e(aP, bQ) == e(P,Q)^(ab)');
    const eExact = powPlain(Fp12, e, kInv);
    const miller = bls12_381.pairing(p, q, false);
    check(Fp12.eql(eExact, powPlain(Fp12, miller, FINAL_EXP)), 'e_exact == miller^((p^12-1)/r)');
    out.push({
      p: pointJson(1, p),
      q: pointJson(2, q),
      a: frHex(a),
      b: frHex(b),
      e: fp12Json(e),
      e_ab: fp12Json(eab),
      e_exact: fp12Json(eExact),
      e_ab_exact: fp12Json(powPlain(Fp12, eab, kInv)),
    });
  }
  return out;
}

export function pairingProductCases(count, fe) {
  const rng = new Drbg('pairing_product');
  const kInv = Fr.inv(fe.k);
  const out = [];
  for (let i = 0; i < count; i++) {
    let pairs;
    if (i === 0) {
      // Groth16-style cancellation: e(aP, Q) e(P, bQ) e(P, -(a+b)Q) = 1
      const P0 = G1.BASE.multiplyUnsafe(rng.nonzeroBelow(R));
      const Q0 = G2.BASE.multiplyUnsafe(rng.nonzeroBelow(R));
      const a = rng.nonzeroBelow(R);
      const b = rng.nonzeroBelow(R);
      pairs = [
        [P0.multiplyUnsafe(a), Q0],
        [P0, Q0.multiplyUnsafe(b)],
        [P0, Q0.multiplyUnsafe((2n * R - a - b) % R)],
      ];
    } else if (i === 1) {
      const P0 = G1.BASE.multiplyUnsafe(rng.nonzeroBelow(R));
      const Q0 = G2.BASE.multiplyUnsafe(rng.nonzeroBelow(R));
      pairs = [[P0, Q0], [P0.negate(), Q0], [G1.BASE, G2.BASE]];
    } else {
      pairs = Array.from({ length: 3 }, () => [
        G1.BASE.multiplyUnsafe(rng.nonzeroBelow(R)),
        G2.BASE.multiplyUnsafe(rng.nonzeroBelow(R)),
      ]);
    }
    const e = bls12_381.pairingBatch(pairs.map(([g1, g2]) => ({ g1, g2 })));
    let prod = Fp12.ONE;
    for (const [g1, g2] of pairs) prod = Fp12.mul(prod, bls12_381.pairing(g1, g2));
    check(Fp12.eql(e, prod), 'pairing product == product of pairings');
    if (i === 0) check(Fp12.eql(e, Fp12.ONE), 'cancelling product is 1');
    out.push({
      pairs: pairs.map(([g1, g2]) => ({ p: pointJson(1, g1), q: pointJson(2, g2) })),
      e: fp12Json(e),
      e_exact: fp12Json(powPlain(Fp12, e, kInv)),
    });
  }
  return out;
}
