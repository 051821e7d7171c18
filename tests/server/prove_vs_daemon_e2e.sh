#!/usr/bin/env bash
# CTest: `cuzk-bench prove` (the engine in the bench's process) and the daemon (the same C1 sent
# over its unix socket by `cuzk-bench single`) on one 2 KiB PoRep C1: both proofs verify with
# verify-c2, and the public inputs prove wrote equal the verifier's (c2-inputs), which the
# daemon's proof verifies against. The proofs themselves differ: each has fresh blinding.
# Usage: prove_vs_daemon_e2e.sh CUZK CUZK_BENCH PARAMS_DIR WORKDIR
#   PARAMS_DIR holds cuzk-test-porep-2k.params/.vk (the porep_params_2KiB fixture)
set -euo pipefail
cuzk=$1 bench=$2 params=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
source "$here/daemon_lib.sh"

"$bench" gen-c1 --proof-type StackedDrg2KiBV1_1 --seed 7 --out "$work/c1.json" \
  --envelope "$work/envelope.json" >/dev/null 2>&1
"$bench" prove --proof-type StackedDrg2KiBV1_1 --params-dir "$params" --c1 "$work/envelope.json" \
  --out-proof "$work/prove.bin" --out-inputs "$work/prove-inputs.json" >"$work/prove.out" 2>&1 \
  || fail "prove: $(cat "$work/prove.out")"
grep -q "synthesis .* ms, prove .* ms" "$work/prove.out" || fail "prove: no job timings"

start_daemon info
"$bench" single --addr "$addr" --c1 "$work/envelope.json" --params-dir "$params" \
  --out-proof "$work/daemon.bin" >"$work/single.out" 2>&1 || fail "single: $(cat "$work/single.out")"
stop_daemon

for p in prove daemon; do
  [ "$("$bench" verify-c2 --params-dir "$params" --c1 "$work/c1.json" --proof "$work/$p.bin")" = valid ] \
    || fail "verify-c2 rejected the $p proof"
done
"$bench" c2-inputs --c1 "$work/c1.json" --out-inputs "$work/verifier-inputs.json"
cmp "$work/prove-inputs.json" "$work/verifier-inputs.json" \
  || fail "prove's public inputs differ from those the daemon's proof verifies against"
echo "ok: prove and the daemon give proofs that verify, for the same public inputs"
