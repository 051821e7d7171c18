// Independent Groth16 verifier: checks a cuzk proof with @noble/curves, code nobody on the
// project wrote. Usage:
//   node verify_groth16.mjs --vk FILE.vk --proof FILE --inputs FILE.json
// .vk: bellperson verifying key (alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2 as
// uncompressed zcash points, u32 big-endian n_ic, ic[n_ic]); proof: 192 bytes A|B|C compressed;
// inputs: JSON array of 64-hex little-endian scalars (without the constant one). A multi-proof
// (PoRep C2: k partition proofs concatenated, k x 192 bytes) comes with a JSON array of k such
// arrays; it is valid when every partition proof is.
// Prints "valid" / "invalid" and exits 0 / 1 (2 for unreadable input).
// The check is e(A, B) == e(alpha, beta) * e(acc, gamma) * e(C, delta), acc = ic0 + sum x_i ic_i.
import { readFileSync } from 'node:fs';
import { bls12_381 } from '@noble/curves/bls12-381.js';

const { G1, G2, fields } = bls12_381;
const { Fp12 } = fields;
const R = bls12_381.fields.Fr.ORDER;

function arg(name) {
  const i = process.argv.indexOf(name);
  if (i < 0 || i + 1 >= process.argv.length) throw new Error(`missing ${name}`);
  return process.argv[i + 1];
}

function parseVk(bytes) {
  let pos = 0;
  const take = (n) => bytes.subarray(pos, (pos += n));
  const g1 = () => G1.Point.fromBytes(take(96));
  const g2 = () => G2.Point.fromBytes(take(192));
  const vk = { alpha: g1(), beta1: g1(), beta2: g2(), gamma: g2(), delta1: g1(), delta2: g2() };
  const n = new DataView(bytes.buffer, bytes.byteOffset + pos, 4).getUint32(0, false);
  pos += 4;
  vk.ic = Array.from({ length: n }, g1);
  if (pos !== bytes.length) throw new Error(`vk: ${bytes.length - pos} trailing bytes`);
  return vk;
}

function scalarFromLeHex(hex) {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`bad input scalar ${hex}`);
  const x = BigInt('0x' + Buffer.from(hex, 'hex').reverse().toString('hex'));
  if (x >= R) throw new Error(`input scalar >= r: ${hex}`);
  return x;
}

function verify(vk, proofBytes, inputs) {
  if (proofBytes.length !== 192) return false;
  let A, B, C;
  try {
    A = G1.Point.fromBytes(proofBytes.subarray(0, 48));
    B = G2.Point.fromBytes(proofBytes.subarray(48, 144));
    C = G1.Point.fromBytes(proofBytes.subarray(144, 192));
  } catch {
    return false;
  }
  if (A.is0() || B.is0() || C.is0()) return false;
  if (inputs.length + 1 !== vk.ic.length) return false;
  let acc = vk.ic[0];
  inputs.forEach((x, i) => {
    if (x !== 0n) acc = acc.add(vk.ic[i + 1].multiply(x));
  });
  const lhs = bls12_381.pairing(A, B);
  const pairs = [
    { g1: vk.alpha, g2: vk.beta2 },
    { g1: C, g2: vk.delta2 },
  ];
  if (!acc.is0()) pairs.push({ g1: acc, g2: vk.gamma });
  const rhs = bls12_381.pairingBatch(pairs);
  return Fp12.eql(lhs, rhs);
}

try {
  const vk = parseVk(new Uint8Array(readFileSync(arg('--vk'))));
  const proof = new Uint8Array(readFileSync(arg('--proof')));
  const json = JSON.parse(readFileSync(arg('--inputs'), 'utf8'));
  const nested = json.length > 0 && Array.isArray(json[0]);
  const perProof = nested ? json : [json];
  let ok = proof.length === 192 * perProof.length;
  perProof.forEach((inputs, k) => {
    ok = ok && verify(vk, proof.subarray(192 * k, 192 * (k + 1)), inputs.map(scalarFromLeHex));
  });
  console.log(ok ? 'valid' : 'invalid');
  process.exit(ok ? 0 : 1);
} catch (e) {
  console.error(`error: ${e.message}`);
  process.exit(2);
}
