// polka-storage's 2 KiB PoRep and WindowPoSt configuration for extract.mjs (facts cited
// in README.md), the WindowPoSt public inputs, and the canonical-Fr check.

import { createHash } from 'node:crypto';
import { beToBig, toHex } from './bytes.mjs';
import { R } from './field.mjs';

// ---------------------------------------------------------------------------------------------
// Facts about polka-storage's configuration (cited in README.md), not present in the test files.
// ---------------------------------------------------------------------------------------------
// lib/polka-storage-proofs/src/porep/mod.rs `seal_to_config`: sector_size 1 << 11, porep_id
// [0; 32], ApiVersion::V1_2_0 (also pallets/proofs/src/porep/config.rs `porep_id`: proof id 0,
// nonce 0). filecoin-proofs 18.1.0 constants: 1 partition, 2 interactive challenges, 2 layers.
export const POREP_2K = {
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
export const WPOST_2K = { sector_size: 2048, api_version: '1.2.0', challenge_count: 10, sector_count: 2 };

// Public inputs of the WindowPoSt circuit (one partition), as storage-proofs-post 18.1.0
// FallbackPoStCompound::generate_public_inputs lays them out for ApiVersion 1.2.0: per sector
// comm_r, then for n in 0..challenge_count the leaf index
//   u64_le(SHA256(randomness ‖ u64_le(sector_id) ‖ u64_le(n))[0..8]) mod (sector_size / 32);
// the last sector's inputs are repeated up to sector_count sectors. Fr values are written as
// 32-byte little-endian hex (Filecoin's Fr byte order). prover_id is not a public input.
export function wpostPublicInputs(randomness, sectors) {
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
export function assertFr(bytes, what) {
  const v = beToBig(Uint8Array.from(bytes).reverse());
  if (v >= R) throw new Error(`${what}: not a canonical Fr (little-endian) value`);
}
