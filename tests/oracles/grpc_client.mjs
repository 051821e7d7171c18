// Independent gRPC client of cuzk.v1.ProvingEngine, built at run time from proto/cuzk/v1/
// proving.proto by @grpc/proto-loader and @grpc/grpc-js (code nobody on the project wrote), to
// check that the daemon speaks the protocol as any other implementation reads it. Usage:
//   node grpc_client.mjs --addr unix:///path prove --envelope FILE --registered-proof N
//        --sector-size BYTES --sector-number N --miner-id N --out PROOF [--priority CRITICAL]
//        [--request-id ID] [--rpc Prove]
//     SubmitProof, then AwaitProof (with --rpc Prove: the one call Curio makes); writes the proof
//     bytes; prints "completed <job> <bytes>"
//   node grpc_client.mjs --addr unix:///path status
//     GetStatus as JSON
// Exits 0 on success, 1 when the proof did not complete, 2 on an RPC error.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';

const here = dirname(fileURLToPath(import.meta.url));
const protoRoot = join(here, '..', '..', 'proto');

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i < 0 || i + 1 >= process.argv.length) {
    if (fallback !== undefined) return fallback;
    throw new Error(`missing ${name}`);
  }
  return process.argv[i + 1];
}

const definition = protoLoader.loadSync('cuzk/v1/proving.proto', {
  includeDirs: [protoRoot],
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
});
const { ProvingEngine } = grpc.loadPackageDefinition(definition).cuzk.v1;
const client = new ProvingEngine(arg('--addr'), grpc.credentials.createInsecure(), {
  'grpc.max_send_message_length': 256 << 20,
  'grpc.max_receive_message_length': 256 << 20,
});
const call = (method, request) =>
  new Promise((resolve, reject) =>
    client[method](request, (error, response) => (error ? reject(error) : resolve(response))));

async function prove() {
  const submit = {
    request_id: arg('--request-id', `node-${process.pid}-${arg('--sector-number')}`),
    proof_kind: 'POREP_SEAL_COMMIT',
    sector_size: arg('--sector-size'),
    registered_proof: arg('--registered-proof'),
    priority: arg('--priority', 'NORMAL'),
    vanilla_proof: readFileSync(arg('--envelope')),
    sector_number: arg('--sector-number'),
    miner_id: arg('--miner-id'),
  };
  let result;
  if (arg('--rpc', 'SubmitProof') === 'Prove') {
    result = (await call('Prove', { submit })).result;
  } else {
    const submitted = await call('SubmitProof', submit);
    result = await call('AwaitProof', { job_id: submitted.job_id, timeout_ms: 0 });
  }
  if (result.status !== 'COMPLETED') {
    console.log(`${result.status.toLowerCase()} ${result.job_id}: ${result.error_message}`);
    return 1;
  }
  writeFileSync(arg('--out'), result.proof);
  console.log(`completed ${result.job_id} ${result.proof.length}`);
  return 0;
}

async function status() {
  console.log(JSON.stringify(await call('GetStatus', {}), null, 2));
  return 0;
}

const command = process.argv.includes('prove') ? prove : status;
command()
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(`rpc error: ${error.code} ${error.details || error.message}`);
    process.exit(2);
  });
