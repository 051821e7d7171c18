#!/usr/bin/env bash
# The main job on a fresh machine: set up, build, then
#   1. the BLS12-381 arithmetic self-check against the independent @noble/curves vectors,
#   2. a real PoRep commit-phase-2 proof through the daemon: a 2 KiB sector sealed for real
#      (its C1 in Curio's envelope), test parameters for its circuit (a random setup: a few
#      minutes on two cores, kept in build/demo for the next run), the cuzk daemon on a unix
#      socket, the proof submitted by `cuzk-bench single` (timing breakdown printed, proof
#      verified against the .vk), checked again by @noble/curves, and the daemon stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
bench=build/release/apps/cuzk-bench/cuzk-bench
daemon=build/release/apps/cuzk/cuzk
work=$PWD/build/demo  # absolute: the daemon's unix socket address needs an absolute path
params=$work/params
mkdir -p "$work" "$params"

echo "== 1. arithmetic self-check (vectors from @noble/curves)"
build/release/tests/test_ff --gtest_brief=1 --gtest_filter='Noble*'
build/release/tests/test_curve --gtest_brief=1 --gtest_filter='*Noble*'

echo "== 2. PoRep C2 of a real 2 KiB sector through the daemon"
"$bench" gen-c1 --proof-type StackedDrg2KiBV1_1 --miner-id 1000 --sector-number 1 \
  --out "$work/c1.json" --envelope "$work/envelope.json"
if [ ! -f "$params/cuzk-test-porep-2k.vk" ] || [ "$params/cuzk-test-porep-2k.vk" -ot "$bench" ]; then
  "$bench" setup --proof-type StackedDrg2KiBV1_1 --out "$params"
fi
sock=$work/cuzk.sock
rm -f "$sock"
"$daemon" --listen "unix://$sock" --param-cache "$params" --log-level info >"$work/daemon.log" 2>&1 &
pid=$!
trap 'kill -9 $pid 2>/dev/null || true' EXIT
for _ in $(seq 300); do [ -S "$sock" ] && break; sleep 0.1; done
[ -S "$sock" ] || { tail -20 "$work/daemon.log"; exit 1; }
grep -m1 "prover backend" "$work/daemon.log" || true
"$bench" single --addr "unix://$sock" --c1 "$work/envelope.json" --miner-id 1000 \
  --sector-number 1 --params-dir "$params" --out-proof "$work/proof.bin"
"$bench" c2-inputs --c1 "$work/c1.json" --out-inputs "$work/inputs.json"
[ -d tests/oracles/node_modules/@noble/curves ] ||
  (cd tests/oracles && npm ci --no-audit --no-fund >/dev/null)
echo -n "noble verifier: "
node tests/oracles/verify_groth16.mjs --vk "$params/cuzk-test-porep-2k.vk" \
  --proof "$work/proof.bin" --inputs "$work/inputs.json"
kill -TERM "$pid"
wait "$pid" && echo "daemon stopped (exit 0)"
trap - EXIT
