// Writes damaged copies of a C1 JSON, one per kind of damage, for the CLI end-to-end test:
//   node corrupt_c1.mjs C1.json OUTDIR
// prints one line per file: "<file>\t<text the error message must contain>".
import { readFileSync, writeFileSync } from 'node:fs';

const [src, out] = process.argv.slice(2);
const text = readFileSync(src, 'utf8');
const c1 = () => JSON.parse(text);
const v1 = (j) => Object.keys(j.vanilla_proofs)[0];
const first = (j) => j.vanilla_proofs[v1(j)][0][0];
const cases = [];
const emit = (name, content, expect) => {
  const file = `${out}/${name}.json`;
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  cases.push(`${file}\t${expect}`);
};

emit('truncated', text.slice(0, Math.floor(text.length / 2)), 'invalid JSON at byte');
{
  const j = c1();
  delete j.seed;
  emit('missing_seed', j, 'seed');
}
{
  const j = c1();
  j.comm_d[3] = 256;
  emit('byte_out_of_range', j, 'comm_d[3]');
}
{
  const j = c1();
  first(j).comm_d_proofs.data.Single.path.path[2].hashes[0][5] ^= 1;
  emit('tree_d_sibling', j, 'vanilla_proofs[0][0].comm_d_proofs');
}
{
  const j = c1();
  first(j).replica_column_proofs.drg_parents[3].column.index += 1;
  emit('parent_index', j, 'vanilla_proofs[0][0].replica_column_proofs.drg_parents[3]');
}
{
  const j = c1();
  first(j).replica_column_proofs.exp_parents[1].column.rows[0][0] ^= 1;
  emit('parent_label', j, 'vanilla_proofs[0][0].replica_column_proofs.exp_parents[1]');
}
{
  const j = c1();
  j.vanilla_proofs[v1(j)][0].pop();
  emit('missing_challenge', j, 'vanilla_proofs[0]');
}
{
  const j = c1();
  j.seed[0] ^= 1;
  emit('wrong_seed', j, 'challenge');
}
{
  const j = c1();
  j.comm_r = Array(32).fill(255);
  emit('non_canonical_comm_r', j, 'comm_r');
}
{
  const j = c1();
  j.registered_proof = 'StackedDrg8MiBV1_1';
  emit('wrong_size', j, 'StackedDrg');
}
console.log(cases.join('\n'));
