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
//
// Modules: bls_common.mjs (constants, self-check counter, PRNG), bls_math.mjs
// (independent arithmetic), bls_encoding.mjs (hex and point encodings),
// bls_fields.mjs, bls_groups.mjs and bls_pairings.mjs (the sections). This
// file assembles the document and writes it.

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, failureCount, Fp, Fp12, Fp2, Fr, P, R, SEED } from './bls_common.mjs';
import { fpHex, frHex } from './bls_encoding.mjs';
import { analyzeFinalExp, fp12Cases, fp2Cases, primeFieldCases } from './bls_fields.mjs';
import { groupSection, invalidSection } from './bls_groups.mjs';
import { pairingCases, pairingProductCases } from './bls_pairings.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT_FILE = join(HERE, 'bls12_381.json');
const NOBLE_VERSION = JSON.parse(
  readFileSync(join(HERE, 'node_modules', '@noble', 'curves', 'package.json'), 'utf8')
).version;

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
  const failures = failureCount();
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
