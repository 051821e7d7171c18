#!/usr/bin/env bash
# CTest: WindowPoSt / WinningPoSt / SnapDeals end to end through cuzk-bench, checked by our
# verifier and independently by @noble/curves (tests/oracles/verify_groth16.mjs).
#   post_cli.sh BENCH PARAMS_DIR WORKDIR params CIRCUIT_ID...      test parameters (fixture)
#   post_cli.sh BENCH PARAMS_DIR WORKDIR prove  KIND PROOF_TYPE [gen-vanilla options]
#                 gen-vanilla -> prove-vanilla -> verify-vanilla (ours) and noble; the
#                 verifier's inputs (from the request alone) == the prover's; a tampered proof
#                 is rejected by both
set -euo pipefail
bench=$1 params=$2 work=$3 mode=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
oracles="$here/../oracles"
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work"

case "$mode" in
params)
  for circuit in "$@"; do
    # Kept while newer than the cuzk-bench that made them (a rebuilt circuit gets new ones).
    vk="$params/cuzk-test-$circuit.vk"
    if [ -f "$vk" ] && [ "$vk" -nt "$bench" ]; then
      echo "ok: test parameters for $circuit already in $params"
    else
      "$bench" setup --circuit "$circuit" --out "$params" --seed 2048 2>&1 | tail -1
    fi
  done
  ;;
prove)
  kind=$1 proof_type=$2
  shift 2
  [ -d "$oracles/node_modules/@noble/curves" ] || (cd "$oracles" && npm ci --no-audit --no-fund >/dev/null)
  req="$work/vanilla/request.json"
  "$bench" gen-vanilla "$kind" --proof-type "$proof_type" "$@" --seed 9 --out "$work/vanilla" >/dev/null
  "$bench" prove-vanilla --request "$req" --params-dir "$params" \
    --out-proof "$work/proof.bin" --out-inputs "$work/inputs.json"
  circuit=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).circuit_id)' "$req")
  partitions=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).partitions)' "$req")
  [ "$(stat -c %s "$work/proof.bin")" -eq $((192 * partitions)) ] || fail "proof is not $partitions x 192 bytes"
  vk="$params/cuzk-test-$circuit.vk"
  [ "$("$bench" verify-vanilla --request "$req" --params-dir "$params" --proof "$work/proof.bin" \
        --out-inputs "$work/verifier-inputs.json")" = valid ] || fail "verify-vanilla rejected the proof"
  cmp "$work/inputs.json" "$work/verifier-inputs.json" || fail "the verifier's inputs differ from the prover's"
  [ "$(node "$oracles/verify_groth16.mjs" --vk "$vk" --proof "$work/proof.bin" --inputs "$work/inputs.json")" = valid ] \
    || fail "noble rejected the proof"
  # Tampered: the last partition's C replaced by its A.
  size=$(stat -c %s "$work/proof.bin")
  { head -c $((size - 48)) "$work/proof.bin"; tail -c 192 "$work/proof.bin" | head -c 48; } >"$work/bad.bin"
  [ "$("$bench" verify-vanilla --request "$req" --params-dir "$params" --proof "$work/bad.bin" 2>/dev/null || true)" = invalid ] \
    || fail "verify-vanilla accepted a tampered proof"
  [ "$(node "$oracles/verify_groth16.mjs" --vk "$vk" --proof "$work/bad.bin" --inputs "$work/inputs.json" || true)" = invalid ] \
    || fail "noble accepted a tampered proof"
  echo "ok: $kind $proof_type${*:+ $*} ($partitions partition(s)) proved, verified by cuzk and noble; tampered proof rejected"
  ;;
*) fail "unknown mode $mode" ;;
esac
