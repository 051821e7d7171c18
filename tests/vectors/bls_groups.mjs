// Group sections of the BLS12-381 vectors: G1/G2 operations (add, double, negate,
// scalar multiply) and the invalid point encodings, one list per error class.

import { FpLegendre } from '@noble/curves/abstract/modular.js';
import { check, Drbg, Fp, Fp2, G1, G1_B, G2, G2_B, P, R } from './bls_common.mjs';
import { classifyPoint, encodePoint, frHex, hexBE, pointJson, ySign } from './bls_encoding.mjs';
import { fp2IsSquare, mulPlain } from './bls_math.mjs';

// ---------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------
export function groupSection(group, count) {
  const Pt = group === 1 ? G1 : G2;
  const rng = new Drbg('g' + group);
  const G = Pt.BASE;
  const Z = Pt.ZERO;
  const ops = [];
  // Each case: scalars s, t with p = s*G, q = t*G (null scalar = given point), k.
  const specs = [];
  const rs = () => rng.nonzeroBelow(R);
  specs.push({ s: 1n, t: 1n, k: 2n }); // p = q = G
  specs.push({ s: 1n, t: 2n, k: R - 1n });
  { const s = rs(); specs.push({ s, t: s, k: rs() }); } // q = p
  { const s = rs(); specs.push({ s, t: R - s, k: rs() }); } // q = -p
  specs.push({ s: 0n, t: rs(), k: rs() }); // p = infinity
  specs.push({ s: rs(), t: 0n, k: rs() }); // q = infinity
  specs.push({ s: 0n, t: 0n, k: 0n }); // both infinity
  specs.push({ s: rs(), t: rs(), k: 0n });
  specs.push({ s: rs(), t: rs(), k: 1n });
  specs.push({ s: rs(), t: rs(), k: R - 1n });
  specs.push({ s: R - 1n, t: 1n, k: 3n }); // p = -G, q = G
  specs.push({ s: rs(), t: rs(), k: (1n << 64n) - 1n });
  while (specs.length < count) specs.push({ s: rs(), t: rs(), k: rs() });
  const mulG = (s) => (s === 0n ? Z : G.multiplyUnsafe(s));
  for (const { s, t, k } of specs) {
    const p = mulG(s);
    const q = mulG(t);
    const add = p.add(q);
    const dbl = p.double();
    const neg = p.negate();
    const mul = p.multiplyUnsafe(k);
    // Cross-checks through scalar arithmetic and plain double-and-add.
    check(add.equals(mulG((s + t) % R)), `g${group} add`);
    check(dbl.equals(mulG((2n * s) % R)), `g${group} dbl`);
    check(neg.equals(mulG((R - s) % R)), `g${group} neg`);
    check(mul.equals(mulG((k * s) % R)), `g${group} mul`);
    check(mul.equals(mulPlain(p, k)), `g${group} mul plain`);
    ops.push({
      p: pointJson(group, p),
      q: pointJson(group, q),
      add: pointJson(group, add),
      dbl: pointJson(group, dbl),
      neg: pointJson(group, neg),
      k: frHex(k),
      mul: pointJson(group, mul),
    });
  }
  return { generator: pointJson(group, G), infinity: pointJson(group, Z), ops };
}

// ---------------------------------------------------------------------------
// Invalid encodings
// ---------------------------------------------------------------------------
export function invalidSection(group) {
  const Pt = group === 1 ? G1 : G2;
  const F = group === 1 ? Fp : Fp2;
  const B = group === 1 ? G1_B : G2_B;
  const W = group === 1 ? 48 : 96;
  const rng = new Drbg('g' + group + '_invalid');
  const rndF = () => (group === 1 ? rng.below(P) : Fp2.create({ c0: rng.below(P), c1: rng.below(P) }));
  const rhsOf = (x) => F.add(F.mul(F.sqr(x), x), B);
  const isSq = (v) => (group === 1 ? FpLegendre(Fp, v) !== -1 : fp2IsSquare(v));
  const validAff = () => Pt.BASE.multiplyUnsafe(rng.nonzeroBelow(R)).toAffine();
  const cases = [];
  const add = (buf, form, error, what) => cases.push({ buf: Buffer.from(buf), form, error, what });

  // --- length ---
  {
    const v = validAff();
    const c = encodePoint(group, v, true);
    const u = encodePoint(group, v, false);
    add(c.subarray(0, W - 1), 'compressed', 'length', 'compressed truncated by 1');
    add(Buffer.concat([c, Buffer.alloc(1)]), 'compressed', 'length', 'compressed + 1 zero byte');
    add(Buffer.alloc(0), 'compressed', 'length', 'empty');
    add(u.subarray(0, 2 * W - 1), 'uncompressed', 'length', 'uncompressed truncated by 1');
    add(Buffer.concat([u, Buffer.alloc(1)]), 'uncompressed', 'length', 'uncompressed + 1 zero byte');
    add(encodePoint(group, null, true).subarray(0, W - 1), 'compressed', 'length', 'compressed infinity truncated');
  }
  // --- flags ---
  {
    const v = validAff();
    const u = encodePoint(group, v, false);
    u[0] |= 0x80;
    add(u, 'uncompressed', 'flags', 'compression flag on uncompressed buffer');
    let v2;
    do v2 = validAff(); while (ySign(group, v2.y)); // sign bit clear, so only 0x80 is removed
    const c = encodePoint(group, v2, true);
    c[0] &= 0x7f;
    add(c, 'compressed', 'flags', 'compression flag missing on compressed buffer');
    const u2 = encodePoint(group, validAff(), false);
    u2[0] |= 0x20;
    add(u2, 'uncompressed', 'flags', 'sign flag on uncompressed point');
    const ci = encodePoint(group, null, true);
    ci[0] |= 0x20;
    add(ci, 'compressed', 'flags', 'sign flag with infinity (compressed)');
    const ui = encodePoint(group, null, false);
    ui[0] |= 0x20;
    add(ui, 'uncompressed', 'flags', 'sign flag with infinity (uncompressed)');
    const ui2 = encodePoint(group, null, false);
    ui2[0] |= 0x80;
    add(ui2, 'uncompressed', 'flags', 'compression + infinity flags on uncompressed buffer');
  }
  // --- coordinate >= p ---
  {
    const pHex = hexBE(P, 48);
    const big = (v) => hexBE(v, 48);
    const withFlags = (hex, f) => {
      const b = Buffer.from(hex, 'hex');
      b[0] |= f;
      return b;
    };
    const v = validAff();
    if (group === 1) {
      add(withFlags(pHex, 0x80), 'compressed', 'coordinate', 'x = p');
      add(withFlags(big(P + 1n + rng.below(1000n)), 0x80), 'compressed', 'coordinate', 'x = p + small');
      add(withFlags(big((1n << 381n) - 1n), 0xa0), 'compressed', 'coordinate', 'x = 2^381 - 1, sign set');
      add(withFlags(big(P + 2n) + big(v.y), 0), 'uncompressed', 'coordinate', 'x = p + 2');
      add(withFlags(big(v.x) + pHex, 0), 'uncompressed', 'coordinate', 'y = p');
      add(withFlags(big(v.x) + big(P + v.y < 1n << 381n ? P + v.y : P + 7n), 0), 'uncompressed', 'coordinate', 'y = p + small/y');
    } else {
      // G2 layout: x.c1 || x.c0 || y.c1 || y.c0
      add(withFlags(pHex + big(v.x.c0), 0x80), 'compressed', 'coordinate', 'x.c1 = p');
      add(withFlags(big(v.x.c1) + pHex, 0x80), 'compressed', 'coordinate', 'x.c0 = p');
      add(withFlags(big(v.x.c1) + big(P + 1n + rng.below(1000n)), 0xa0), 'compressed', 'coordinate', 'x.c0 = p + small, sign set');
      add(withFlags(big((1n << 381n) - 1n) + big(0n), 0x80), 'compressed', 'coordinate', 'x.c1 = 2^381 - 1');
      add(withFlags(big(P + 3n) + big(v.x.c0) + big(v.y.c1) + big(v.y.c0), 0), 'uncompressed', 'coordinate', 'x.c1 = p + 3');
      add(withFlags(big(v.x.c1) + big(v.x.c0) + pHex + big(v.y.c0), 0), 'uncompressed', 'coordinate', 'y.c1 = p');
      add(withFlags(big(v.x.c1) + big(v.x.c0) + big(v.y.c1) + big(P + 5n), 0), 'uncompressed', 'coordinate', 'y.c0 = p + 5');
    }
  }
  // --- infinity flag with non-zero payload ---
  {
    const a = encodePoint(group, null, true);
    a[a.length - 1] = 1;
    add(a, 'compressed', 'infinity', 'compressed infinity, last byte 1');
    const b = encodePoint(group, null, true);
    b[0] |= 0x01;
    add(b, 'compressed', 'infinity', 'compressed infinity, low bits of byte 0 set');
    const c = encodePoint(group, null, false);
    c[W - 1] = 0x2a;
    add(c, 'uncompressed', 'infinity', 'uncompressed infinity, x non-zero');
    const d = encodePoint(group, null, false);
    d[2 * W - 1] = 1;
    add(d, 'uncompressed', 'infinity', 'uncompressed infinity, y non-zero');
    const v = validAff();
    const e = encodePoint(group, v, false);
    e[0] |= 0x40;
    add(e, 'uncompressed', 'infinity', 'infinity flag on a valid uncompressed point');
  }
  // --- not on curve ---
  {
    const v = validAff();
    add(encodePoint(group, { x: v.x, y: F.add(v.y, F.ONE) }, false), 'uncompressed', 'not_on_curve', 'valid x, y + 1');
    let x;
    let y;
    do {
      x = rndF();
      y = rndF();
    } while (F.eql(F.sqr(y), rhsOf(x)));
    add(encodePoint(group, { x, y }, false), 'uncompressed', 'not_on_curve', 'random (x, y)');
    add(Buffer.alloc(2 * W), 'uncompressed', 'not_on_curve', 'all-zero uncompressed (0, 0) without infinity flag');
    for (let n = 0; n < 2; n++) {
      do x = rndF(); while (isSq(rhsOf(x)));
      const b = encodePoint(group, { x, y: F.ONE }, true); // y only used for the sign bit
      if (n === 1) b[0] |= 0x20;
      else b[0] &= ~0x20 & 0xff;
      add(b, 'compressed', 'not_on_curve', 'compressed x with x^3+b non-residue' + (n ? ', sign set' : ''));
    }
    if (group === 2) {
      check(!isSq(rhsOf(Fp2.ZERO)), 'G2: 4(u+1) is a non-square');
      add(encodePoint(2, { x: Fp2.ZERO, y: Fp2.ONE }, true).fill(0, 1).fill(0x80, 0, 1), 'compressed', 'not_on_curve', 'compressed x = 0');
    }
  }
  // --- on curve, not in the r-order subgroup ---
  {
    if (group === 1) {
      // (0, +-2) has order 3.
      add(encodePoint(1, { x: 0n, y: 2n }, true), 'compressed', 'not_in_subgroup', 'x = 0 (order-3 point (0, 2))');
      add(encodePoint(1, { x: 0n, y: P - 2n }, true), 'compressed', 'not_in_subgroup', 'x = 0, sign set (order-3 point (0, -2))');
      add(encodePoint(1, { x: 0n, y: 2n }, false), 'uncompressed', 'not_in_subgroup', 'uncompressed (0, 2)');
    }
    for (let n = 0; n < 4; n++) {
      let x;
      let y;
      for (;;) {
        x = rndF();
        const rhs = rhsOf(x);
        if (!isSq(rhs)) continue;
        y = F.sqrt(rhs);
        if (n % 2 === 1) y = F.neg(y);
        break;
      }
      const pt = new Pt(x, y, F.ONE);
      check(!pt.isTorsionFree(), `G${group} random curve point unexpectedly in subgroup`);
      add(encodePoint(group, { x, y }, n < 2), n < 2 ? 'compressed' : 'uncompressed', 'not_in_subgroup',
        'random curve point, no cofactor clearing');
    }
  }

  // Validate: our classifier agrees, and noble rejects every case.
  const out = [];
  for (const c of cases) {
    const got = classifyPoint(group, c.form, c.buf);
    check(got === c.error, `G${group} invalid '${c.what}': classifier says ${got}, expected ${c.error}`);
    let accepted = false;
    try {
      Pt.fromBytes(new Uint8Array(c.buf));
      accepted = true;
    } catch {
      accepted = false;
    }
    if (accepted) {
      console.warn(`WARNING: noble accepted G${group} invalid case '${c.what}' (${c.error}); dropped`);
      continue;
    }
    out.push({ hex: c.buf.toString('hex'), form: c.form, error: c.error });
  }
  return out;
}
