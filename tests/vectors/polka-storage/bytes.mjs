// Byte helpers for extract.mjs: big-endian <-> BigInt, concatenation, hex, equality.

export function beToBig(bytes) {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}
export function bigToBe(v, len = 48) {
  const out = new Uint8Array(len);
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  if (v !== 0n) throw new Error('value does not fit');
  return out;
}
export const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
export const toHex = (u8) => Buffer.from(u8).toString('hex');
export const sameBytes = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
