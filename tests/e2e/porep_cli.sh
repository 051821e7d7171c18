#!/usr/bin/env bash
# CTest: PoRep C2 end to end through cuzk-bench, checked by our C2 verifier and independently by
# @noble/curves (tests/oracles/verify_groth16.mjs).
#   porep_cli.sh BENCH PARAMS_DIR WORKDIR params  PROOF_TYPE        test parameters (fixture)
#   porep_cli.sh BENCH PARAMS_DIR WORKDIR prove   PROOF_TYPE [--virtual]
#                 gen-c1 -> prove -> verify-c2 (ours) and noble; c2-inputs == the prover's
#                 inputs; a tampered proof is rejected by both
#   porep_cli.sh BENCH PARAMS_DIR WORKDIR ni      PROOF_TYPE
#                 a non-interactive PoRep: gen-c1 -> prove; the seal is the SnarkPack aggregate of
#                 its partitions (rust-fil-proofs' size), checked by verify-c2 and by verify-seal
#                 from public data with the test aggregation SRS; a tampered one is rejected
#   porep_cli.sh BENCH PARAMS_DIR WORKDIR corrupt PROOF_TYPE
#                 each kind of C1 damage is rejected with a message naming the field, before
#                 any parameter is loaded
set -euo pipefail
bench=$1 params=$2 work=$3 mode=$4 proof_type=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
oracles="$here/../oracles"
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work"

case "$mode" in
params)
  # Kept while newer than the cuzk-bench that made them (a rebuilt circuit gets new ones).
  mkdir -p "$params"
  made=$(find "$params" -name "cuzk-test-*.vk" -newer "$bench" | wc -l)
  stamp="$params/.made-for-$proof_type"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$bench" ] && [ "$made" -gt 0 ]; then
    echo "ok: test parameters for $proof_type already in $params"
  else
    "$bench" setup --proof-type "$proof_type" --out "$params" --seed 2048 2>&1 | tail -2
    touch "$stamp"
  fi
  ;;
prove)
  [ -d "$oracles/node_modules/@noble/curves" ] || (cd "$oracles" && npm ci --no-audit --no-fund >/dev/null)
  c1="$work/c1.json" env="$work/envelope.json"
  "$bench" gen-c1 --proof-type "$proof_type" "$@" --seed 9 --out "$c1" --envelope "$env"
  # The prover reads Curio's envelope; the verifier side reads the bare C1.
  "$bench" prove --proof-type "$proof_type" --params-dir "$params" --c1 "$env" \
    --out-proof "$work/proof.bin" --out-inputs "$work/inputs.json"
  case "$proof_type" in
    *2KiB*) circuit=porep-2k ;; *8MiB*) circuit=porep-8m ;; *512MiB*) circuit=porep-512m ;;
    *32GiB*) circuit=porep-32g ;; *64GiB*) circuit=porep-64g ;; *) fail "size of $proof_type" ;;
  esac
  vk="$params/cuzk-test-$circuit.vk"
  [ "$("$bench" verify-c2 --params-dir "$params" --c1 "$c1" --proof "$work/proof.bin")" = valid ] \
    || fail "verify-c2 rejected the proof"
  [ "$(node "$oracles/verify_groth16.mjs" --vk "$vk" --proof "$work/proof.bin" --inputs "$work/inputs.json")" = valid ] \
    || fail "noble rejected the proof"
  "$bench" c2-inputs --c1 "$c1" --out-inputs "$work/verifier-inputs.json"
  cmp "$work/inputs.json" "$work/verifier-inputs.json" || fail "c2-inputs differ from the prover's inputs"
  # Tampered: C replaced by A.
  { head -c 144 "$work/proof.bin"; head -c 48 "$work/proof.bin"; } >"$work/bad.bin"
  [ "$("$bench" verify-c2 --params-dir "$params" --c1 "$c1" --proof "$work/bad.bin" 2>/dev/null || true)" = invalid ] \
    || fail "verify-c2 accepted a tampered proof"
  [ "$(node "$oracles/verify_groth16.mjs" --vk "$vk" --proof "$work/bad.bin" --inputs "$work/inputs.json" || true)" = invalid ] \
    || fail "noble accepted a tampered proof"
  echo "ok: $proof_type $* proved, verified by cuzk and noble; tampered proof rejected"
  ;;
ni)
  [ -f "$params/cuzk-test-inner-product.srs" ] ||
    "$bench" setup --aggregation-srs --out "$params" --seed 4096 2>&1 | tail -1
  c1="$work/c1.json" env="$work/envelope.json"
  "$bench" gen-c1 --proof-type "$proof_type" --seed 11 --out "$c1" --envelope "$env"
  "$bench" prove --proof-type "$proof_type" --params-dir "$params" --c1 "$env" \
    --out-proof "$work/proof.bin" --out-inputs "$work/inputs.json"
  size=$(stat -c %s "$work/proof.bin")
  [ "$size" = 14164 ] || fail "aggregate of $size bytes, rust-fil-proofs' NI seals of 13 partitions have 14164"
  [ "$("$bench" verify-c2 --params-dir "$params" --c1 "$c1" --proof "$work/proof.bin")" = valid ] \
    || fail "verify-c2 rejected the aggregate"
  hex() { node -e 'const c = require(process.argv[1]);
    process.stdout.write(Buffer.from(c[process.argv[2]]).toString("hex"))' "$c1" "$1"; }
  seal=(verify-seal --vk "$params/cuzk-test-porep-2k.vk" --srs "$params/cuzk-test-inner-product.srs"
        --proof-type "$proof_type" --miner-id 1000 --sector-number 1 --ticket "$(hex ticket)"
        --seed "$(hex seed)" --comm-d "$(hex comm_d)" --comm-r "$(hex comm_r)")
  [ "$("$bench" "${seal[@]}" --proof "$work/proof.bin")" = valid ] \
    || fail "verify-seal rejected the aggregate"
  # Tampered: one byte of com_ab's T.
  { head -c 100 "$work/proof.bin"; printf '\x00'; tail -c +102 "$work/proof.bin"; } >"$work/bad.bin"
  [ "$("$bench" "${seal[@]}" --proof "$work/bad.bin" 2>/dev/null || true)" = invalid ] \
    || fail "verify-seal accepted a tampered aggregate"
  [ "$("$bench" verify-c2 --params-dir "$params" --c1 "$c1" --proof "$work/bad.bin" 2>/dev/null || true)" = invalid ] \
    || fail "verify-c2 accepted a tampered aggregate"
  echo "ok: $proof_type proved as a ${size}-byte aggregate, verified by verify-c2 and verify-seal; tampered one rejected"
  ;;
corrupt)
  c1="$work/c1.json"
  "$bench" gen-c1 --proof-type "$proof_type" --seed 3 --out "$c1"
  failures=0
  while IFS=$'\t' read -r file expect; do
    if out=$("$bench" prove --proof-type "$proof_type" --params-dir "$params" --c1 "$file" \
                --out-proof "$work/p.bin" --out-inputs "$work/i.json" 2>&1); then
      echo "FAIL $(basename "$file"): accepted"; failures=$((failures + 1)); continue
    fi
    if ! grep -qF -- "$expect" <<<"$out"; then
      echo "FAIL $(basename "$file"): message lacks '$expect': $out"; failures=$((failures + 1))
    elif grep -q "loaded in" <<<"$out"; then
      echo "FAIL $(basename "$file"): rejected only after loading parameters"; failures=$((failures + 1))
    else
      echo "ok   $(basename "$file"): $(tail -1 <<<"$out")"
    fi
  done < <(node "$here/corrupt_c1.mjs" "$c1" "$work")
  [ "$failures" -eq 0 ] || fail "$failures damaged C1s not rejected as expected"
  ;;
*) fail "unknown mode $mode" ;;
esac
