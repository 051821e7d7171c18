#!/usr/bin/env node
// Extracts the 2 KiB PoRep and WindowPoSt Groth16 test vectors that eigerco/polka-storage
// publishes (as hex strings) in its pallet tests, and writes them as cuzk test-vector files.
//
//   node extract.mjs [--out DIR] [--commit SHA] POREP_RS POST_RS
//
//   POREP_RS  pallets/proofs/src/tests/porep.rs (from `git show <commit>:<path>`)
//   POST_RS   pallets/proofs/src/tests/post.rs
//   --out     output folder (default: the folder holding this script)
//   --commit  the polka-storage commit both files were taken from (recorded in the JSON
//             "source"; default below)
//
// Node.js 20+, ESM, no dependencies, runs offline. See README.md for what each file holds.
//
// polka-storage's SCALE encoding of `polka_storage_proofs::VerifyingKey<Bls12>` is *not* a
// derived SCALE struct: its hand-written `Encode` writes alpha_g1 ‖ beta_g1 ‖ beta_g2 ‖ gamma_g2 ‖
// delta_g1 ‖ delta_g2 ‖ u32 big-endian ic.len() ‖ ic[..], every point COMPRESSED (zcash encoding:
// G1 48 B, G2 96 B). bellperson's .vk is the same field order with UNCOMPRESSED points (G1 96 B,
// G2 192 B). So this script decompresses every point (BigInt arithmetic below) and re-serialises.
//
// Self-checks (exit status 1 if any fails, and nothing is written):
//   - every point decodes (compression flag set, not infinity, coordinates < p, a square root
//     exists), lies on its curve (G1: y^2 = x^3 + 4; G2: y^2 = x^3 + 4(u+1)) and in the prime-order
//     subgroup ([r]P = O);
//   - re-compressing each point gives back its original 48/96 bytes, i.e. the whole SCALE key and
//     the proof re-encode byte for byte;
//   - the written .vk re-parses (uncompressed) to the same points, with the layout our reader
//     read_verifying_key (src/groth16/parameters.hpp) expects, and its size is
//     868 + 96 * n_ic bytes;
//   - n_ic matches the circuit shape of the registered proof (PoRep 2 KiB: 1 + 3 + 2 * 18 = 40;
//     WindowPoSt 2 KiB: 1 + 2 * (1 + 10) = 23);
//   - every 32-byte value used as an Fr (comm_d, comm_r, randomness, ...) is canonical (< r).

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = 'eigerco/polka-storage';
// The snapshot the committed files were made from (develop branch, 2024-12-20).
const DEFAULT_COMMIT = 'ce0aa7ff8f4e0c0028542882779cd82ff481dd9d';

// ---------------------------------------------------------------------------------------------
// BLS12-381 base field Fp, Fp2 = Fp[u]/(u^2 + 1), scalar field order r.
// ---------------------------------------------------------------------------------------------
const P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const HALF_P = (P - 1n) / 2n;

const mod = (a) => {
  const m = a % P;
  return m < 0n ? m + P : m;
};
function powFp(a, e) {
  let result = 1n;
  let base = mod(a);
  while (e > 0n) {
    if (e & 1n) result = (result * base) % P;
    base = (base * base) % P;
    e >>= 1n;
  }
  return result;
}
const invFp = (a) => {
  if (mod(a) === 0n) throw new Error('inverse of zero');
  return powFp(a, P - 2n);
};

const Fp = {
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

const Fp2 = {
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
function sqrtFp(a) {
  const s = powFp(a, (P + 1n) / 4n);
  return (s * s) % P === mod(a) ? s : null;
}

// sqrt in Fp2 for p = 3 (mod 4): Algorithm 9 of Adj & Rodríguez-Henríquez, "Square root
// computation over even extension fields" (ePrint 2012/685). Result is checked by squaring.
function sqrtFp2(a) {
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
const largestFp = (y) => y > HALF_P;
const largestFp2 = (y) => largestFp(y.c1) || (y.c1 === 0n && largestFp(y.c0));

// ---------------------------------------------------------------------------------------------
// Curves: G1: y^2 = x^3 + 4 over Fp; G2: y^2 = x^3 + 4(u+1) over Fp2.
// ---------------------------------------------------------------------------------------------
const G1 = { F: Fp, b: 4n, name: 'G1', compressedLen: 48, uncompressedLen: 96 };
const G2 = { F: Fp2, b: { c0: 4n, c1: 4n }, name: 'G2', compressedLen: 96, uncompressedLen: 192 };

function onCurve(curve, { x, y }) {
  const F = curve.F;
  return F.eq(F.sqr(y), F.add(F.mul(F.sqr(x), x), curve.b));
}

// Jacobian arithmetic (a = 0), generic over the field.
function jacDouble(F, { X, Y, Z }) {
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
function jacAddAffine(F, p, q) {
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
function inSubgroup(curve, pt) {
  const F = curve.F;
  let acc = { X: F.one, Y: F.one, Z: F.zero };
  for (let i = BigInt(R.toString(2).length - 1); i >= 0n; i--) {
    acc = jacDouble(F, acc);
    if ((R >> i) & 1n) acc = jacAddAffine(F, acc, pt);
  }
  return F.isZero(acc.Z);
}

// ---------------------------------------------------------------------------------------------
// Encodings (zcash BLS12-381 serialisation, as bellperson/blstrs/zkcrypto use).
// ---------------------------------------------------------------------------------------------
const FLAG_COMPRESSED = 0x80;
const FLAG_INFINITY = 0x40;
const FLAG_SORT = 0x20;

function beToBig(bytes) {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}
function bigToBe(v, len = 48) {
  const out = new Uint8Array(len);
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  if (v !== 0n) throw new Error('value does not fit');
  return out;
}
const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const toHex = (u8) => Buffer.from(u8).toString('hex');
const sameBytes = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

// Reads a field element (or the c1 half of an Fp2 x) with the three flag bits masked off.
function fieldFromBe(bytes, what) {
  const v = beToBig(bytes);
  if (v >= P) throw new Error(`${what}: coordinate not below p`);
  return v;
}

function decompress(curve, bytes, what) {
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

function validate(curve, pt, what) {
  if (!onCurve(curve, pt)) throw new Error(`${what}: not on the ${curve.name} curve`);
  if (!inSubgroup(curve, pt)) throw new Error(`${what}: not in the ${curve.name} r-torsion`);
}

function compress(curve, { x, y }) {
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

function uncompress(curve, { x, y }) {
  if (curve === G1) return concat(bigToBe(x), bigToBe(y));
  return concat(bigToBe(x.c1), bigToBe(x.c0), bigToBe(y.c1), bigToBe(y.c0));
}

function parseUncompressed(curve, bytes, what) {
  if (bytes.length !== curve.uncompressedLen) throw new Error(`${what}: wrong length`);
  if (bytes[0] & 0xe0) throw new Error(`${what}: flag bits set in an uncompressed point`);
  const f = (i) => fieldFromBe(bytes.subarray(48 * i, 48 * (i + 1)), what);
  const pt = curve === G1 ? { x: f(0), y: f(1) } : { x: { c1: f(0), c0: f(1) }, y: { c1: f(2), c0: f(3) } };
  validate(curve, pt, what);
  return pt;
}

const samePoint = (curve, a, b) => curve.F.eq(a.x, b.x) && curve.F.eq(a.y, b.y);

// ---------------------------------------------------------------------------------------------
// Verifying keys and proofs.
// ---------------------------------------------------------------------------------------------
const VK_FIELDS = [
  ['alpha_g1', G1],
  ['beta_g1', G1],
  ['beta_g2', G2],
  ['gamma_g2', G2],
  ['delta_g1', G1],
  ['delta_g2', G2],
];

// Reads a key in either polka-storage's SCALE (compressed) form or bellperson's .vk form
// (uncompressed); both are: 6 fixed points ‖ u32 BE n_ic ‖ ic[n_ic], nothing after.
function parseVk(bytes, compressed, what) {
  const len = (c) => (compressed ? c.compressedLen : c.uncompressedLen);
  const read = compressed ? decompress : parseUncompressed;
  const vk = {};
  let o = 0;
  for (const [name, curve] of VK_FIELDS) {
    if (o + len(curve) > bytes.length) throw new Error(`${what}: truncated at ${name}`);
    vk[name] = read(curve, bytes.subarray(o, o + len(curve)), `${what}.${name}`);
    o += len(curve);
  }
  if (o + 4 > bytes.length) throw new Error(`${what}: truncated at n_ic`);
  const n = new DataView(bytes.buffer, bytes.byteOffset + o, 4).getUint32(0, false);
  o += 4;
  if (bytes.length - o !== n * len(G1)) {
    throw new Error(`${what}: n_ic = ${n} but ${bytes.length - o} bytes of ic follow`);
  }
  vk.ic = [];
  for (let i = 0; i < n; i++, o += len(G1)) {
    vk.ic.push(read(G1, bytes.subarray(o, o + len(G1)), `${what}.ic[${i}]`));
  }
  return vk;
}

function serializeVk(vk, compressed) {
  const enc = compressed ? compress : uncompress;
  const n = new Uint8Array(4);
  new DataView(n.buffer).setUint32(0, vk.ic.length, false);
  return concat(...VK_FIELDS.map(([name, curve]) => enc(curve, vk[name])), n, ...vk.ic.map((p) => enc(G1, p)));
}

function sameVk(a, b) {
  return (
    VK_FIELDS.every(([name, curve]) => samePoint(curve, a[name], b[name])) &&
    a.ic.length === b.ic.length &&
    a.ic.every((p, i) => samePoint(G1, p, b.ic[i]))
  );
}

// A proof is A (G1) ‖ B (G2) ‖ C (G1), compressed: 192 bytes, bellperson's Proof::write order.
function checkProof(bytes, what) {
  if (bytes.length !== 192) throw new Error(`${what}: ${bytes.length} bytes, expected 192`);
  decompress(G1, bytes.subarray(0, 48), `${what}.a`);
  decompress(G2, bytes.subarray(48, 144), `${what}.b`);
  decompress(G1, bytes.subarray(144, 192), `${what}.c`);
}

// ---------------------------------------------------------------------------------------------
// Reading the Rust test files (data only: hex literals and small constants).
// ---------------------------------------------------------------------------------------------
function fnBody(src, name, file) {
  const m = new RegExp(`\\bfn\\s+${name}\\s*\\(\\)[^{]*\\{`).exec(src);
  if (!m) throw new Error(`${file}: no function ${name}()`);
  // The body ends at the first line that is exactly "}" (rustfmt'd top-level fn).
  const start = m.index + m[0].length;
  const end = src.indexOf('\n}', start);
  if (end < 0) throw new Error(`${file}: cannot find the end of ${name}()`);
  return src.slice(start, end);
}

function hexIn(src, name, file, bytes) {
  const body = fnBody(src, name, file);
  const all = [...body.matchAll(/"([0-9a-fA-F]+)"/g)];
  if (all.length !== 1) throw new Error(`${file}: ${name}() holds ${all.length} hex strings, expected 1`);
  const hex = all[0][1].toLowerCase();
  if (hex.length % 2) throw new Error(`${file}: ${name}(): odd-length hex`);
  const out = Uint8Array.from(Buffer.from(hex, 'hex'));
  if (bytes !== undefined && out.length !== bytes) {
    throw new Error(`${file}: ${name}(): ${out.length} bytes, expected ${bytes}`);
  }
  return out;
}

function one(body, re, what, file) {
  const all = [...body.matchAll(new RegExp(re, 'g'))];
  if (all.length !== 1) throw new Error(`${file}: expected one ${what}, found ${all.length}`);
  return all[0];
}

// `let NAME = [Nu8; 32];`
function filled(body, name, file) {
  const m = one(body, `let\\s+${name}\\s*=\\s*\\[(\\d+)u8;\\s*32\\]`, `${name} = [n; 32]`, file);
  return new Uint8Array(32).fill(Number(m[1]));
}

// The sector number, SectorNumber::new(N) (newer) or SectorNumber::from(Nu64) (older).
function sectorNumber(body, file) {
  const m = one(body, `SectorNumber::(?:new\\((\\d+)\\)|from\\((\\d+)u64\\))`, 'sector number', file);
  return Number(m[1] ?? m[2]);
}

// ---------------------------------------------------------------------------------------------
// Facts about polka-storage's configuration (cited in README.md), not present in the test files.
// ---------------------------------------------------------------------------------------------
// lib/polka-storage-proofs/src/porep/mod.rs `seal_to_config`: sector_size 1 << 11, porep_id
// [0; 32], ApiVersion::V1_2_0 (also pallets/proofs/src/porep/config.rs `porep_id`: proof id 0,
// nonce 0). filecoin-proofs 18.1.0 constants: 1 partition, 2 interactive challenges, 2 layers.
const POREP_2K = {
  sector_size: 2048,
  api_version: '1.2.0',
  porep_id: new Uint8Array(32),
  partitions: 1,
  challenges: 2,
  layers: 2,
  drg_parents: 6,
  exp_parents: 8,
};
// lib/polka-storage-proofs/src/post/mod.rs `seal_to_config`: PoStType::Window,
// challenge_count WINDOW_POST_CHALLENGE_COUNT (10), sector_count 2, ApiVersion::V1_2_0.
const WPOST_2K = { sector_size: 2048, api_version: '1.2.0', challenge_count: 10, sector_count: 2 };

// Public inputs of the WindowPoSt circuit (one partition), as storage-proofs-post 18.1.0
// FallbackPoStCompound::generate_public_inputs lays them out for ApiVersion 1.2.0: per sector
// comm_r, then for n in 0..challenge_count the leaf index
//   u64_le(SHA256(randomness ‖ u64_le(sector_id) ‖ u64_le(n))[0..8]) mod (sector_size / 32);
// the last sector's inputs are repeated up to sector_count sectors. Fr values are written as
// 32-byte little-endian hex (Filecoin's Fr byte order). prover_id is not a public input.
function wpostPublicInputs(randomness, sectors) {
  const leaves = BigInt(WPOST_2K.sector_size / 32);
  const le32 = (v) => {
    const b = new Uint8Array(32);
    for (let i = 0; i < 32; i++, v >>= 8n) b[i] = Number(v & 0xffn);
    return toHex(b);
  };
  const u64le = (v) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    return b;
  };
  const perSector = [];
  const challengedLeaves = [];
  for (const { sector_number, comm_r } of sectors) {
    const inputs = [toHex(comm_r)];
    const leavesOfSector = [];
    for (let n = 0; n < WPOST_2K.challenge_count; n++) {
      const h = createHash('sha256').update(randomness).update(u64le(sector_number)).update(u64le(n)).digest();
      const leaf = h.readBigUInt64LE(0) % leaves;
      leavesOfSector.push(Number(leaf));
      inputs.push(le32(leaf));
    }
    perSector.push(inputs);
    challengedLeaves.push({ sector_number, leaves: leavesOfSector });
  }
  while (perSector.length < WPOST_2K.sector_count) perSector.push(perSector[perSector.length - 1]);
  return { inputs: perSector.flat(), challengedLeaves };
}

// Every Fr input must be canonical (< r) when read little-endian.
function assertFr(bytes, what) {
  const v = beToBig(Uint8Array.from(bytes).reverse());
  if (v >= R) throw new Error(`${what}: not a canonical Fr (little-endian) value`);
}

// ---------------------------------------------------------------------------------------------
// Main.
// ---------------------------------------------------------------------------------------------
function usage(msg) {
  if (msg) console.error(msg);
  console.error('usage: node extract.mjs [--out DIR] [--commit SHA] POREP_RS POST_RS');
  process.exit(2);
}

const args = process.argv.slice(2);
let outDir = HERE;
let commit = DEFAULT_COMMIT;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--out') outDir = resolve(args[++i] ?? usage('--out needs a folder'));
  else if (args[i] === '--commit') commit = args[++i] ?? usage('--commit needs a sha');
  else if (args[i].startsWith('--')) usage(`unknown option ${args[i]}`);
  else files.push(args[i]);
}
if (files.length !== 2) usage();
if (!/^[0-9a-f]{40}$/.test(commit)) usage('--commit must be a 40-hex-digit sha');

const sha256 = (u8) => createHash('sha256').update(u8).digest('hex');
const outputs = []; // [name, bytes]
const emit = (name, bytes) => outputs.push([name, bytes]);
const emitJson = (name, obj) => emit(name, Buffer.from(JSON.stringify(obj, null, 2) + '\n'));
const log = (...a) => console.log(...a);

function vkFiles(stem, scaleVk, expectedNIc, what) {
  const vk = parseVk(scaleVk, true, what);
  if (!sameBytes(serializeVk(vk, true), scaleVk)) throw new Error(`${what}: SCALE re-encoding differs`);
  if (vk.ic.length !== expectedNIc) throw new Error(`${what}: n_ic = ${vk.ic.length}, expected ${expectedNIc}`);
  const bellperson = serializeVk(vk, false);
  if (bellperson.length !== 868 + 96 * vk.ic.length) throw new Error(`${what}: .vk size`);
  if (!sameVk(parseVk(bellperson, false, `${what} (.vk)`), vk)) throw new Error(`${what}: .vk re-parse differs`);
  emit(`${stem}.vk`, bellperson);
  log(`${what}: ${scaleVk.length} B SCALE (compressed) -> ${bellperson.length} B .vk, n_ic = ${vk.ic.length}; all points valid`);
  return { vk, bellperson };
}

const POREP_NIC = 1 + 3 + POREP_2K.challenges * (1 + POREP_2K.drg_parents + POREP_2K.exp_parents + 3);
const WPOST_NIC = 1 + WPOST_2K.sector_count * (1 + WPOST_2K.challenge_count);

function porepRecord({ registered, sector, proverId, ticket, seed, commD, commR, proof, vkBytes, source }) {
  [proverId, ticket, seed, commD, commR].forEach((b, i) => assertFr(b, ['prover_id', 'ticket', 'seed', 'comm_d', 'comm_r'][i]));
  return {
    kind: 'porep',
    registered_proof: registered,
    sector_size: POREP_2K.sector_size,
    api_version: POREP_2K.api_version,
    api_features: [],
    porep_id: toHex(POREP_2K.porep_id),
    prover_id: toHex(proverId),
    sector_number: sector,
    ticket: toHex(ticket),
    seed: toHex(seed),
    comm_d: toHex(commD),
    comm_r: toHex(commR),
    partitions: POREP_2K.partitions,
    challenges: POREP_2K.challenges,
    layers: POREP_2K.layers,
    num_public_inputs: POREP_NIC - 1,
    proof_file: `${source.stem}.proof`,
    proof_sha256: sha256(proof),
    vk_file: `${source.stem}.vk`,
    vk_sha256: sha256(vkBytes),
    vk_origin:
      'Groth16 parameters generated at random by polka-storage (`polka-storage-provider utils porep-params`, ' +
      'bellperson generate_random_parameters); not the Filecoin ceremony parameters',
    byte_order:
      'prover_id, ticket, seed, comm_d, comm_r and porep_id are the raw [u8; 32] values passed to ' +
      'rust-fil-proofs (comm_d/comm_r: Fr little-endian bytes, as filecoin-proofs Commitment)',
    source: { repo: REPO, commit: source.commit, path: source.path, functions: source.functions },
  };
}

try {
  // ----- PoRep (pallets/proofs/src/tests/porep.rs) -----
  const porepPath = files[0];
  const porepSrc = readFileSync(porepPath, 'utf8');
  const setup = fnBody(porepSrc, 'default_porep_test_setup', porepPath);
  const porepProof = hexIn(porepSrc, 'default_porep_proof', porepPath, 192);
  checkProof(porepProof, 'porep proof');
  const porepScaleVk = hexIn(porepSrc, 'default_porep_verifyingkey', porepPath);
  const porepVk = vkFiles('porep-2k', porepScaleVk, POREP_NIC, 'porep vk');
  const porepRegistered = one(setup, 'RegisteredSealProof::(\\w+)', 'RegisteredSealProof', porepPath)[1];
  if (porepRegistered !== 'StackedDRG2KiBV1P1') throw new Error(`unexpected seal proof ${porepRegistered}`);
  emit('porep-2k.proof', porepProof);
  emitJson(
    'porep-2k.json',
    porepRecord({
      registered: porepRegistered,
      sector: sectorNumber(setup, porepPath),
      proverId: filled(setup, 'prover_id', porepPath),
      ticket: filled(setup, 'ticket', porepPath),
      seed: filled(setup, 'seed', porepPath),
      commD: hexIn(porepSrc, 'default_porep_comm_d', porepPath, 32),
      commR: hexIn(porepSrc, 'default_porep_comm_r', porepPath, 32),
      proof: porepProof,
      vkBytes: porepVk.bellperson,
      source: {
        stem: 'porep-2k',
        commit,
        path: 'pallets/proofs/src/tests/porep.rs',
        functions: {
          setup: 'default_porep_test_setup',
          vk: 'default_porep_verifyingkey',
          proof: 'default_porep_proof',
          comm_r: 'default_porep_comm_r',
          comm_d: 'default_porep_comm_d',
        },
      },
    })
  );
  log('porep proof: 192 B, A/B/C valid');

  // ----- WindowPoSt (pallets/proofs/src/tests/post.rs) -----
  const postPath = files[1];
  const postSrc = readFileSync(postPath, 'utf8');
  const tsetup = fnBody(postSrc, 'test_setup', postPath);
  const postProof = hexIn(postSrc, 'default_post_proof', postPath, 192);
  checkProof(postProof, 'post proof');
  const postScaleVk = hexIn(postSrc, 'default_post_verifyingkey', postPath);
  const postVk = vkFiles('wpost-2k', postScaleVk, WPOST_NIC, 'post vk');
  const postRegistered = one(tsetup, 'RegisteredPoStProof::(\\w+)', 'RegisteredPoStProof', postPath)[1];
  if (postRegistered !== 'StackedDRGWindow2KiBV1P1') throw new Error(`unexpected PoSt proof ${postRegistered}`);
  one(tsetup, 'replicas\\.insert\\(', 'replicas.insert', postPath);
  one(tsetup, 'comm_r:\\s*default_porep_comm_r\\(\\)', 'comm_r: default_porep_comm_r()', postPath);
  const randomness = filled(tsetup, 'randomness', postPath);
  const postCommR = hexIn(postSrc, 'default_porep_comm_r', postPath, 32);
  [randomness, postCommR].forEach((b, i) => assertFr(b, ['randomness', 'comm_r'][i]));
  const sectors = [{ sector_number: sectorNumber(tsetup, postPath), comm_r: postCommR }];
  const pub = wpostPublicInputs(randomness, sectors);
  if (pub.inputs.length !== WPOST_NIC - 1) throw new Error('PoSt public-input count');
  emit('wpost-2k.proof', postProof);
  emitJson('wpost-2k.json', {
    kind: 'window-post',
    registered_post_proof: postRegistered,
    sector_size: WPOST_2K.sector_size,
    api_version: WPOST_2K.api_version,
    challenge_count: WPOST_2K.challenge_count,
    sector_count: WPOST_2K.sector_count,
    partitions: 1,
    randomness: toHex(randomness),
    prover_id: toHex(new Uint8Array(32)),
    prover_id_note:
      'prover [0; 32] was used when proving (polka-storage utils post); it is not a public input of the WindowPoSt circuit',
    sectors: sectors.map((s) => ({ sector_number: s.sector_number, comm_r: toHex(s.comm_r) })),
    challenged_leaves: pub.challengedLeaves,
    num_public_inputs: pub.inputs.length,
    public_inputs_le_hex: pub.inputs,
    public_inputs_note:
      'derived by extract.mjs: per sector comm_r then 10 leaf indices; the single sector is repeated to fill ' +
      'sector_count = 2 (storage-proofs-post 18.1.0 FallbackPoStCompound::generate_public_inputs, ApiVersion 1.2.0)',
    proof_file: 'wpost-2k.proof',
    proof_sha256: sha256(postProof),
    vk_file: 'wpost-2k.vk',
    vk_sha256: sha256(postVk.bellperson),
    vk_origin:
      'Groth16 parameters generated at random by polka-storage (`polka-storage-provider utils post-params`, ' +
      'bellperson generate_random_parameters); not the Filecoin ceremony parameters',
    source: {
      repo: REPO,
      commit,
      path: 'pallets/proofs/src/tests/post.rs',
      functions: {
        setup: 'test_setup',
        vk: 'default_post_verifyingkey',
        proof: 'default_post_proof',
        comm_r: 'default_porep_comm_r',
      },
    },
  });
  log('post proof: 192 B, A/B/C valid');
} catch (e) {
  console.error(`SELF-CHECK FAILED: ${e.message}`);
  process.exit(1);
}

mkdirSync(outDir, { recursive: true });
for (const [name, bytes] of outputs) {
  writeFileSync(join(outDir, name), bytes);
  log(`wrote ${join(outDir, name)} (${bytes.length} B)`);
}
log('all self-checks passed');
