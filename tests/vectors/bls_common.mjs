// Shared state of the BLS12-381 vector generator (gen_bls12_381.mjs): noble's
// fields and groups, curve constants, the self-check counter and the seeded
// SHA-256 counter-mode PRNG (Drbg) that every section draws from.

import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';

export const SEED = 'cuzk/tests/vectors/bls12_381/v1';

export const { Fp, Fp2, Fp12, Fr } = bls12_381.fields;
export const G1 = bls12_381.G1.Point;
export const G2 = bls12_381.G2.Point;
export const P = Fp.ORDER;
export const R = Fr.ORDER;
export const BLS_X = -0xd201000000010000n; // signed BLS parameter x
export const FINAL_EXP = (P ** 12n - 1n) / R;
export const G1_B = 4n;
export const G2_B = Fp2.create({ c0: 4n, c1: 4n }); // 4(u+1)

let failures = 0;
export function check(cond, msg) {
  if (!cond) {
    failures++;
    console.error('CHECK FAILED: ' + msg);
  }
}
// Number of failed self-checks so far.
export const failureCount = () => failures;

// ---------------------------------------------------------------------------
// Deterministic PRNG: SHA-256(SHA-256(seed || label) || counter_be64) blocks.
// ---------------------------------------------------------------------------
export class Drbg {
  constructor(label) {
    this.key = createHash('sha256').update(SEED + '/' + label).digest();
    this.ctr = 0n;
    this.buf = Buffer.alloc(0);
  }
  bytes(n) {
    while (this.buf.length < n) {
      const c = Buffer.alloc(8);
      c.writeBigUInt64BE(this.ctr++);
      const blk = createHash('sha256').update(this.key).update(c).digest();
      this.buf = Buffer.concat([this.buf, blk]);
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return Buffer.from(out);
  }
  // Uniform-enough integer in [0, m): 128 extra bits before reduction.
  below(m) {
    const n = Math.ceil(m.toString(2).length / 8) + 16;
    return BigInt('0x' + this.bytes(n).toString('hex')) % m;
  }
  nonzeroBelow(m) {
    for (;;) {
      const v = this.below(m);
      if (v !== 0n) return v;
    }
  }
  u64() {
    return this.bytes(8).readBigUInt64BE();
  }
}
