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
// Modules (this folder): field.mjs (Fp, Fp2, square roots), curve.mjs (G1, G2, subgroup
// test), bytes.mjs, encoding.mjs (point (de)compression), groth16.mjs (keys, proofs),
// rust_source.mjs (reading the .rs files) and config.mjs (proof configuration, PoSt inputs).
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
import { sameBytes, toHex } from './bytes.mjs';
import { assertFr, POREP_2K, WPOST_2K, wpostPublicInputs } from './config.mjs';
import { checkProof, parseVk, sameVk, serializeVk } from './groth16.mjs';
import { filled, fnBody, hexIn, one, sectorNumber } from './rust_source.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = 'eigerco/polka-storage';
// The snapshot the committed files were made from (develop branch, 2024-12-20).
const DEFAULT_COMMIT = 'ce0aa7ff8f4e0c0028542882779cd82ff481dd9d';

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
