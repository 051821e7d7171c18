// BLS12-381 field arithmetic for extract.mjs, in plain BigInt: the base field Fp,
// Fp2 = Fp[u]/(u^2 + 1), the scalar field order r, square roots in Fp and Fp2, and
// the "lexicographically largest" test used by the compressed point encoding.

// ---------------------------------------------------------------------------------------------
// BLS12-381 base field Fp, Fp2 = Fp[u]/(u^2 + 1), scalar field order r.
// ---------------------------------------------------------------------------------------------
export const P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
export const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
export const HALF_P = (P - 1n) / 2n;

export const mod = (a) => {
  const m = a % P;
  return m < 0n ? m + P : m;
};
export function powFp(a, e) {
  let result = 1n;
  let base = mod(a);
  while (e > 0n) {
    if (e & 1n) result = (result * base) % P;
    base = (base * base) % P;
    e >>= 1n;
  }
  return result;
}
export const invFp = (a) => {
  if (mod(a) === 0n) throw new Error('inverse of zero');
  return powFp(a, P - 2n);
};

export const Fp = {
  zero: 0n,
  one: 1n,
  add: (a, b) => mod(a + b),
  sub: (a, b) => mod(a - b),
  mul: (a, b) => (a * b) % P,
  sqr: (a) => (a * a) % P,
  neg: (a) => mod(-a),
  isZero: (a) => a === 0n,
  eq: (a, b) => a === b,
};

export const Fp2 = {
  zero: { c0: 0n, c1: 0n },
  one: { c0: 1n, c1: 0n },
  add: (a, b) => ({ c0: mod(a.c0 + b.c0), c1: mod(a.c1 + b.c1) }),
  sub: (a, b) => ({ c0: mod(a.c0 - b.c0), c1: mod(a.c1 - b.c1) }),
  mul: (a, b) => ({
    c0: mod(a.c0 * b.c0 - a.c1 * b.c1),
    c1: mod(a.c0 * b.c1 + a.c1 * b.c0),
  }),
  sqr: (a) => Fp2.mul(a, a),
  neg: (a) => ({ c0: mod(-a.c0), c1: mod(-a.c1) }),
  isZero: (a) => a.c0 === 0n && a.c1 === 0n,
  eq: (a, b) => a.c0 === b.c0 && a.c1 === b.c1,
  conj: (a) => ({ c0: a.c0, c1: mod(-a.c1) }), // Frobenius a^p
  pow(a, e) {
    let result = Fp2.one;
    let base = a;
    while (e > 0n) {
      if (e & 1n) result = Fp2.mul(result, base);
      base = Fp2.sqr(base);
      e >>= 1n;
    }
    return result;
  },
};

// sqrt in Fp for p = 3 (mod 4): a^((p+1)/4), checked.
export function sqrtFp(a) {
  const s = powFp(a, (P + 1n) / 4n);
  return (s * s) % P === mod(a) ? s : null;
}

// sqrt in Fp2 for p = 3 (mod 4): Algorithm 9 of Adj & Rodríguez-Henríquez, "Square root
// computation over even extension fields" (ePrint 2012/685). Result is checked by squaring.
export function sqrtFp2(a) {
  if (Fp2.isZero(a)) return Fp2.zero;
  const minusOne = { c0: P - 1n, c1: 0n };
  const a1 = Fp2.pow(a, (P - 3n) / 4n);
  const alpha = Fp2.mul(Fp2.sqr(a1), a); // a^((p-1)/2)
  const a0 = Fp2.mul(Fp2.conj(alpha), alpha); // alpha^(p+1), the norm of alpha
  if (Fp2.eq(a0, minusOne)) return null; // a is not a square
  const x0 = Fp2.mul(a1, a); // a^((p+1)/4)
  let x;
  if (Fp2.eq(alpha, minusOne)) {
    x = { c0: mod(-x0.c1), c1: x0.c0 }; // u * x0
  } else {
    const b = Fp2.pow(Fp2.add(Fp2.one, alpha), (P - 1n) / 2n);
    x = Fp2.mul(b, x0);
  }
  return Fp2.eq(Fp2.sqr(x), a) ? x : null;
}

// "Lexicographically largest" as in the zcash/ZCash-BLS12-381 serialisation (and zkcrypto's
// bls12_381): y > (p-1)/2 in Fp; in Fp2 compare c1 first, and c0 only if c1 == 0.
export const largestFp = (y) => y > HALF_P;
export const largestFp2 = (y) => largestFp(y.c1) || (y.c1 === 0n && largestFp(y.c0));
