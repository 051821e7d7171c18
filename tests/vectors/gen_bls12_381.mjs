// Independent BLS12-381 test-vector generator for cuzk.
//
// Uses @noble/curves (pinned in package.json) as the reference implementation
// and writes bls12_381.json next to this script. See README.md for the schema.
//
//   cd tests/vectors && npm ci && node gen_bls12_381.mjs
//
// Determinism: every random value comes from a SHA-256 counter-mode stream over
// a fixed seed (one independent stream per section), never Math.random or a
// system RNG. Running the script twice yields byte-identical JSON.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { FpLegendre } from '@noble/curves/abstract/modular.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT_FILE = join(HERE, 'bls12_381.json');
const SEED = 'cuzk/tests/vectors/bls12_381/v1';
const NOBLE_VERSION = JSON.parse(
  readFileSync(join(HERE, 'node_modules', '@noble', 'curves', 'package.json'), 'utf8')
).version;

const { Fp, Fp2, Fp12, Fr } = bls12_381.fields;
const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;
const P = Fp.ORDER;
const R = Fr.ORDER;
const BLS_X = -0xd201000000010000n; // signed BLS parameter x
const FINAL_EXP = (P ** 12n - 1n) / R;
const G1_B = 4n;
const G2_B = Fp2.create({ c0: 4n, c1: 4n }); // 4(u+1)

let failures = 0;
function check(cond, msg) {
  if (!cond) {
    failures++;
    console.error('CHECK FAILED: ' + msg);
  }
}

// ---------------------------------------------------------------------------
// Deterministic PRNG: SHA-256(SHA-256(seed || label) || counter_be64) blocks.
// ---------------------------------------------------------------------------
class Drbg {
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

// ---------------------------------------------------------------------------
// Encodings
// ---------------------------------------------------------------------------
const hexBE = (x, len) => x.toString(16).padStart(2 * len, '0');
const fpHex = (x) => {
  check(x >= 0n && x < P, 'fp out of range');
  return hexBE(x, 48);
};
const frHex = (x) => {
  check(x >= 0n && x < R, 'fr out of range');
  return Buffer.from(hexBE(x, 32), 'hex').reverse().toString('hex');
};
const fp2Json = (a) => ({ c0: fpHex(a.c0), c1: fpHex(a.c1) });
// Order: c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1 (f = g + h w, g = g0 + g1 v + g2 v^2).
const fp12Json = (f) => {
  const out = [];
  for (const c6 of [f.c0, f.c1]) for (const c2 of [c6.c0, c6.c1, c6.c2]) out.push(fpHex(c2.c0), fpHex(c2.c1));
  return out;
};
const toHex = (u8) => Buffer.from(u8).toString('hex');
const fromHex = (h) => new Uint8Array(Buffer.from(h, 'hex'));

// Our own zcash/bellperson encoder (works for points outside the subgroup too).
// group: 1 or 2. aff: null for infinity, else {x, y}.
function encodePoint(group, aff, compressed) {
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
function ySign(group, y) {
  const half = (P - 1n) / 2n;
  if (group === 1) return y > half;
  return y.c1 !== 0n ? y.c1 > half : y.c0 > half;
}

function pointJson(group, pt0) {
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

// ---------------------------------------------------------------------------
// Independent helpers (not relying on noble's shortcuts)
// ---------------------------------------------------------------------------
// Plain left-to-right square-and-multiply over any noble field object.
function powPlain(F, a, e) {
  if (e < 0n) throw new Error('negative exponent');
  let acc = F.ONE;
  for (let i = e.toString(2).length - 1; i >= 0; i--) {
    acc = F.sqr(acc);
    if ((e >> BigInt(i)) & 1n) acc = F.mul(acc, a);
  }
  return acc;
}
// Plain double-and-add (no GLV / endomorphisms): valid for any curve point.
function mulPlain(pt, k) {
  let acc = pt.constructor.ZERO;
  for (let i = k.toString(2).length - 1; i >= 0; i--) {
    acc = acc.double();
    if ((k >> BigInt(i)) & 1n) acc = acc.add(pt);
  }
  return acc;
}
// Schoolbook Fp12 multiplication in the basis 1, w, ..., w^5 with w^6 = xi = u+1,
// u^2 = -1, used to confirm noble's tower is Fp2[v]/(v^3-(u+1)), Fp6[w]/(w^2-v).
function fp2MulNaive(a, b) {
  return { c0: ((a.c0 * b.c0 - a.c1 * b.c1) % P + P) % P, c1: (a.c0 * b.c1 + a.c1 * b.c0) % P };
}
function fp12MulNaive(f, g) {
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

// Classify a point encoding by the documented check order:
// length, flags, coordinate, infinity, not_on_curve, not_in_subgroup; else 'ok'.
function classifyPoint(group, form, bytes) {
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
function fp2IsSquare(a) {
  // a is a square in Fp2 iff its norm a0^2 + a1^2 is a square in Fp.
  return FpLegendre(Fp, Fp.add(Fp.sqr(a.c0), Fp.sqr(a.c1))) !== -1;
}
const trySqrt = (F, a) => {
  try {
    return F.sqrt(a);
  } catch {
    return null;
  }
};

// ---------------------------------------------------------------------------
// Prime fields: fp and fr
// ---------------------------------------------------------------------------
function primeFieldCases(F, M, enc, label, count) {
  const rng = new Drbg(label);
  const h = (M - 1n) / 2n;
  const edges = [
    [0n, 0n], [0n, 1n], [1n, 0n], [1n, 1n], [1n, M - 1n], [M - 1n, M - 1n], [M - 1n, 1n],
    [M - 2n, M - 1n], [M - 1n, 2n], [h, h + 1n], [h + 1n, h + 1n], [2n, h + 1n],
    [M - 3n, M - 5n], [M - 1n, 0n], [0n, M - 1n], [4n, 9n],
    [M - 1n - rng.below(1n << 64n), M - 1n - rng.below(1n << 64n)],
    [M - (1n << 64n), M - (1n << 128n)],
    [(1n << BigInt(M.toString(2).length - 1)) , rng.below(M)],
    [(1n << 384n) % M, (1n << 256n) % M],
  ];
  const powEdges = [0n, 1n, 2n, (1n << 64n) - 1n];
  const out = [];
  for (let i = 0; i < count; i++) {
    const [a, b] = i < edges.length ? edges[i] : [rng.below(M), rng.below(M)];
    const e = i < powEdges.length ? powEdges[i] : rng.u64();
    const legendre = FpLegendre(F, a);
    // independent Euler criterion check
    const euler = powPlain(F, a, (M - 1n) / 2n);
    check(legendre === (a === 0n ? 0 : euler === 1n ? 1 : -1), `${label} legendre`);
    const s = trySqrt(F, a);
    check((s === null) === (legendre === -1), `${label} sqrt existence`);
    if (s !== null) check(F.eql(F.sqr(s), a), `${label} sqrt`);
    const inv = a === 0n ? null : F.inv(a);
    if (inv !== null) check(F.mul(inv, a) === 1n, `${label} inv`);
    const pw = F.pow(a, e);
    check(pw === powPlain(F, a, e), `${label} pow`);
    check(F.mul(a, b) === (a * b) % M && F.add(a, b) === (a + b) % M, `${label} mul/add`);
    out.push({
      a: enc(a),
      b: enc(b),
      add: enc(F.add(a, b)),
      sub: enc(F.sub(a, b)),
      mul: enc(F.mul(a, b)),
      sqr: enc(F.sqr(a)),
      neg: enc(F.neg(a)),
      inv: inv === null ? null : enc(inv),
      legendre,
      sqrt: s === null ? null : enc(s),
      pow_e: e.toString(10),
      pow: enc(pw),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Fp2
// ---------------------------------------------------------------------------
function fp2Cases(count) {
  const rng = new Drbg('fp2');
  const rnd = () => Fp2.create({ c0: rng.below(P), c1: rng.below(P) });
  const mk = (c0, c1) => Fp2.create({ c0, c1 });
  const sq = () => Fp2.sqr(rnd());
  const edges = [
    [Fp2.ZERO, Fp2.ZERO], [Fp2.ONE, Fp2.ONE], [mk(0n, 1n), mk(0n, 1n)], [mk(P - 1n, 0n), mk(0n, P - 1n)],
    [mk(P - 1n, P - 1n), mk(P - 1n, P - 1n)], [mk(4n, 0n), rnd()], [mk(P - 4n, 0n), rnd()],
    [mk(0n, 4n), rnd()], [mk(0n, P - 1n), rnd()], [mk(1n, 1n), mk(1n, P - 1n)],
    [mk(rng.below(P), 0n), mk(rng.below(P), 0n)], [mk(0n, rng.below(P)), rnd()],
    [sq(), rnd()], [sq(), sq()], [Fp2.ZERO, rnd()], [rnd(), Fp2.ZERO],
  ];
  const out = [];
  for (let i = 0; i < count; i++) {
    const [a, b] = i < edges.length ? edges[i] : [rnd(), i % 3 === 0 ? sq() : rnd()];
    const isSq = fp2IsSquare(a);
    const s = trySqrt(Fp2, a);
    check((s === null) === !isSq, 'fp2 sqrt existence');
    if (s !== null) check(Fp2.eql(Fp2.sqr(s), a), 'fp2 sqrt');
    const inv = Fp2.is0(a) ? null : Fp2.inv(a);
    if (inv !== null) check(Fp2.eql(Fp2.mul(a, inv), Fp2.ONE), 'fp2 inv');
    const frob = Fp2.frobeniusMap(a, 1);
    check(Fp2.eql(frob, powPlain(Fp2, a, P)), 'fp2 frob == a^p');
    check(Fp2.eql(Fp2.mul(a, b), Fp2.create(fp2MulNaive(a, b))), 'fp2 mul naive');
    out.push({
      a: fp2Json(a),
      b: fp2Json(b),
      add: fp2Json(Fp2.add(a, b)),
      sub: fp2Json(Fp2.sub(a, b)),
      mul: fp2Json(Fp2.mul(a, b)),
      sqr: fp2Json(Fp2.sqr(a)),
      inv: inv === null ? null : fp2Json(inv),
      sqrt: s === null ? null : fp2Json(s),
      frob: fp2Json(frob),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Fp12 and the final-exponentiation analysis
// ---------------------------------------------------------------------------
function randFp12(rng) {
  return Fp12.fromBigTwelve(Array.from({ length: 12 }, () => rng.below(P)));
}

// Symbolic trace of noble's Fp12finalExponentiate (src/bls12-381.ts) on exponents:
// after the easy part (p^6-1)(p^2+1) the value is in the cyclotomic subgroup, where
// conjugate = inverse (exponent * -1), cyclotomicSquare = exponent * 2,
// frobeniusMap(k) = exponent * p^k, powMinusX = conjugate(t^|x|) = t^x.
function nobleHardPartExponent() {
  const x = BLS_X;
  const t1 = 1n;
  const t2 = x * t1;
  const t3 = -2n * t1 + t2;
  const t4 = x * t3;
  const t5 = x * t4;
  const t6 = x * t5 + 2n * t2;
  const t7 = x * t6;
  return (t2 + t5) * P ** 2n + (t4 + t1) * P ** 3n + (t6 - t1) * P + (t7 - t3 + t1);
}

function analyzeFinalExp() {
  const phi12 = P ** 4n - P ** 2n + 1n;
  check(phi12 % R === 0n, 'r | Phi12(p)');
  const hard = nobleHardPartExponent();
  const exactHard = phi12 / R;
  let k = null;
  if (hard % exactHard === 0n) k = hard / exactHard;
  console.log('noble final exponentiation: hard-part exponent traced symbolically = ' +
    (k === null ? 'NOT a multiple of (p^4-p^2+1)/r' : `${k} * (p^4-p^2+1)/r`));
  // Empirical confirmation with random Fp12 elements.
  const rng = new Drbg('final-exp-analysis');
  const kk = k === null ? 1n : ((k % R) + R) % R;
  let eqExact = true;
  let eqPowK = true;
  for (let i = 0; i < 3; i++) {
    const a = randFp12(rng);
    const exact = powPlain(Fp12, a, FINAL_EXP);
    const noble = Fp12.finalExponentiate(a);
    eqExact &&= Fp12.eql(noble, exact);
    eqPowK &&= Fp12.eql(noble, powPlain(Fp12, exact, kk));
    check(Fp12.eql(powPlain(Fp12, exact, R), Fp12.ONE), 'exact final exp lands in GT');
  }
  check(k !== null && eqPowK, 'noble final exp == exact^k');
  const msg = eqExact
    ? 'noble finalExponentiate(a) == a^((p^12-1)/r) exactly'
    : `noble finalExponentiate(a) == a^(${kk}*(p^12-1)/r) != a^((p^12-1)/r) ` +
      `(checked on random Fp12 elements; noble's pairing() output is therefore e_exact^${kk}, ` +
      `where e_exact = MillerLoop^((p^12-1)/r))`;
  console.log('FINAL EXPONENTIATION FINDING: ' + msg);
  return { k: kk, exact: eqExact, msg };
}

function fp12Cases(count) {
  const rng = new Drbg('fp12');
  const g1 = G1.BASE.multiplyUnsafe(rng.nonzeroBelow(R));
  const g2 = G2.BASE.multiplyUnsafe(rng.nonzeroBelow(R));
  const miller1 = bls12_381.pairing(G1.BASE, G2.BASE, false);
  const miller2 = bls12_381.pairing(g1, g2, false);
  const w = Fp12.create({ c0: Fp12.ZERO.c0, c1: Fp12.ONE.c0 });
  const edges = [
    [Fp12.ONE, Fp12.ONE],
    [w, w],
    [miller1, randFp12(rng)],
    [miller2, miller1],
    [Fp12.fromBigTwelve([rng.below(P), 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]), randFp12(rng)],
    [Fp12.fromBigTwelve(Array.from({ length: 12 }, () => P - 1n)), randFp12(rng)],
  ];
  const out = [];
  for (let i = 0; i < count; i++) {
    const [a, b] = i < edges.length ? edges[i] : [randFp12(rng), randFp12(rng)];
    const mul = Fp12.mul(a, b);
    check(Fp12.eql(mul, fp12MulNaive(a, b)), 'fp12 mul vs naive tower');
    check(Fp12.eql(Fp12.sqr(a), fp12MulNaive(a, a)), 'fp12 sqr vs naive tower');
    const inv = Fp12.inv(a);
    check(Fp12.eql(fp12MulNaive(a, inv), Fp12.ONE), 'fp12 inv');
    const f1 = Fp12.frobeniusMap(a, 1);
    const f2 = Fp12.frobeniusMap(a, 2);
    const f3 = Fp12.frobeniusMap(a, 3);
    check(Fp12.eql(f2, Fp12.frobeniusMap(f1, 1)) && Fp12.eql(f3, Fp12.frobeniusMap(f2, 1)), 'fp12 frob chain');
    if (i < 4) check(Fp12.eql(f1, powPlain(Fp12, a, P)), 'fp12 frob1 == a^p');
    if (i < 2) check(Fp12.eql(f2, powPlain(Fp12, a, P ** 2n)), 'fp12 frob2 == a^(p^2)');
    const fe = powPlain(Fp12, a, FINAL_EXP);
    out.push({
      a: fp12Json(a),
      b: fp12Json(b),
      mul: fp12Json(mul),
      sqr: fp12Json(Fp12.sqr(a)),
      inv: fp12Json(inv),
      frob1: fp12Json(f1),
      frob2: fp12Json(f2),
      frob3: fp12Json(f3),
      final_exp: fp12Json(fe),
      noble_final_exp: fp12Json(Fp12.finalExponentiate(a)),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------
function groupSection(group, count) {
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
function invalidSection(group) {
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

// ---------------------------------------------------------------------------
// Pairings
// ---------------------------------------------------------------------------
function pairingCases(count, fe) {
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

function pairingProductCases(count, fe) {
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

// ---------------------------------------------------------------------------
// Output: deterministic, one test case per line.
// ---------------------------------------------------------------------------
function serialize(obj) {
  const lines = ['{'];
  const keys = Object.keys(obj);
  keys.forEach((key, ki) => {
    const v = obj[key];
    const comma = ki < keys.length - 1 ? ',' : '';
    if (Array.isArray(v)) {
      lines.push(`  ${JSON.stringify(key)}: [`);
      v.forEach((item, i) => lines.push('    ' + JSON.stringify(item) + (i < v.length - 1 ? ',' : '')));
      lines.push('  ]' + comma);
    } else if (v && typeof v === 'object') {
      lines.push(`  ${JSON.stringify(key)}: {`);
      const sub = Object.keys(v);
      sub.forEach((sk, si) => {
        const sv = v[sk];
        const scomma = si < sub.length - 1 ? ',' : '';
        if (Array.isArray(sv)) {
          lines.push(`    ${JSON.stringify(sk)}: [`);
          sv.forEach((item, i) => lines.push('      ' + JSON.stringify(item) + (i < sv.length - 1 ? ',' : '')));
          lines.push('    ]' + scomma);
        } else {
          lines.push(`    ${JSON.stringify(sk)}: ${JSON.stringify(sv)}${scomma}`);
        }
      });
      lines.push('  }' + comma);
    } else {
      lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(v)}${comma}`);
    }
  });
  lines.push('}');
  return lines.join('\n') + '\n';
}

function main() {
  const t0 = Date.now();
  console.log(`@noble/curves ${NOBLE_VERSION}; seed "${SEED}"`);
  // Tower sanity: v^3 = u+1 and w^2 = v in noble's representation.
  const v = Fp12.create({ c0: { c0: Fp2.ZERO, c1: Fp2.ONE, c2: Fp2.ZERO }, c1: Fp12.ZERO.c1 });
  const w = Fp12.create({ c0: Fp12.ZERO.c0, c1: Fp12.ONE.c0 });
  const xi = Fp12.create({ c0: { c0: Fp2.create({ c0: 1n, c1: 1n }), c1: Fp2.ZERO, c2: Fp2.ZERO }, c1: Fp12.ZERO.c1 });
  check(Fp12.eql(Fp12.sqr(w), v), 'tower: w^2 == v');
  check(Fp12.eql(Fp12.mul(Fp12.sqr(v), v), xi), 'tower: v^3 == u+1');
  check(Fp2.eql(Fp2.sqr(Fp2.create({ c0: 0n, c1: 1n })), Fp2.create({ c0: P - 1n, c1: 0n })), 'tower: u^2 == -1');

  const fe = analyzeFinalExp();
  const doc = {
    meta: {
      generator: 'tests/vectors/gen_bls12_381.mjs',
      noble_curves: NOBLE_VERSION,
      seed: SEED,
      final_exp_note: fe.msg,
      noble_final_exp_power: fe.k.toString(10),
    },
    fp: primeFieldCases(Fp, P, fpHex, 'fp', 40),
    fr: primeFieldCases(Fr, R, frHex, 'fr', 40),
    fp2: fp2Cases(32),
    fp12: fp12Cases(10),
    g1: groupSection(1, 32),
    g2: groupSection(2, 16),
    g1_invalid: invalidSection(1),
    g2_invalid: invalidSection(2),
    pairing: pairingCases(6, fe),
    pairing_product: pairingProductCases(4, fe),
  };
  if (failures) {
    console.error(`${failures} self-check(s) failed; not writing ${OUT_FILE}`);
    process.exit(1);
  }
  const text = serialize(doc);
  JSON.parse(text); // sanity
  writeFileSync(OUT_FILE, text);
  const counts = Object.entries(doc)
    .filter(([k]) => k !== 'meta')
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.length : v.ops.length}`)
    .join(' ');
  console.log(`wrote bls12_381.json (${text.length} bytes): ${counts}; ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  console.log('FINAL EXPONENTIATION FINDING: ' + fe.msg);
}

main();
