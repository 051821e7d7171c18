// Groth16 verifying keys and proofs for extract.mjs: parse and write a key in SCALE
// (compressed) or bellperson .vk (uncompressed) form, compare keys, check a proof.

import { concat } from './bytes.mjs';
import { G1, G2 } from './curve.mjs';
import { compress, decompress, parseUncompressed, samePoint, uncompress } from './encoding.mjs';

// ---------------------------------------------------------------------------------------------
// Verifying keys and proofs.
// ---------------------------------------------------------------------------------------------
export const VK_FIELDS = [
  ['alpha_g1', G1],
  ['beta_g1', G1],
  ['beta_g2', G2],
  ['gamma_g2', G2],
  ['delta_g1', G1],
  ['delta_g2', G2],
];

// Reads a key in either polka-storage's SCALE (compressed) form or bellperson's .vk form
// (uncompressed); both are: 6 fixed points ‖ u32 BE n_ic ‖ ic[n_ic], nothing after.
export function parseVk(bytes, compressed, what) {
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

export function serializeVk(vk, compressed) {
  const enc = compressed ? compress : uncompress;
  const n = new Uint8Array(4);
  new DataView(n.buffer).setUint32(0, vk.ic.length, false);
  return concat(...VK_FIELDS.map(([name, curve]) => enc(curve, vk[name])), n, ...vk.ic.map((p) => enc(G1, p)));
}

export function sameVk(a, b) {
  return (
    VK_FIELDS.every(([name, curve]) => samePoint(curve, a[name], b[name])) &&
    a.ic.length === b.ic.length &&
    a.ic.every((p, i) => samePoint(G1, p, b.ic[i]))
  );
}

// A proof is A (G1) ‖ B (G2) ‖ C (G1), compressed: 192 bytes, bellperson's Proof::write order.
export function checkProof(bytes, what) {
  if (bytes.length !== 192) throw new Error(`${what}: ${bytes.length} bytes, expected 192`);
  decompress(G1, bytes.subarray(0, 48), `${what}.a`);
  decompress(G2, bytes.subarray(48, 144), `${what}.b`);
  decompress(G1, bytes.subarray(144, 192), `${what}.c`);
}
