// Field sections of the BLS12-381 vectors: fp and fr (prime fields), fp2, fp12,
// and the analysis of noble's final exponentiation (which power it computes).

import { FpLegendre } from '@noble/curves/abstract/modular.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { BLS_X, check, Drbg, FINAL_EXP, Fp12, Fp2, G1, G2, P, R } from './bls_common.mjs';
import { fp12Json, fp2Json } from './bls_encoding.mjs';
import { fp12MulNaive, fp2IsSquare, fp2MulNaive, powPlain, trySqrt } from './bls_math.mjs';

// ---------------------------------------------------------------------------
// Prime fields: fp and fr
// ---------------------------------------------------------------------------
export function primeFieldCases(F, M, enc, label, count) {
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
export function fp2Cases(count) {
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
export function randFp12(rng) {
  return Fp12.fromBigTwelve(Array.from({ length: 12 }, () => rng.below(P)));
}

// Symbolic trace of noble's Fp12finalExponentiate (src/bls12-381.ts) on exponents:
// after the easy part (p^6-1)(p^2+1) the value is in the cyclotomic subgroup, where
// conjugate = inverse (exponent * -1), cyclotomicSquare = exponent * 2,
// frobeniusMap(k) = exponent * p^k, powMinusX = conjugate(t^|x|) = t^x.
export function nobleHardPartExponent() {
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

export function analyzeFinalExp() {
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

export function fp12Cases(count) {
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
