#!/usr/bin/env bash
# CTest: proofs made by rust-fil-proofs (published by eigerco/polka-storage; tests/vectors/
# polka-storage) verified from their public data alone through our public-input code:
#   - the 2 KiB PoRep with `cuzk-bench verify-seal` (porep_id [0;32], API 1.2.0), valid; and
#     invalid for another sector number, seed, ticket, API version (1.0.0: its graph differs),
#     challenge variant (synthetic) or porep_id (negative controls);
#   - the 2 KiB WindowPoSt with `verify-vanilla` from a request of its public values (no vanilla
#     proofs), valid; invalid for another randomness, sector number or comm_r; and `verify` with
#     the inputs that the extraction script derived on its own, valid.
# Usage: published_proofs.sh CUZK_BENCH VECTORS_DIR WORKDIR
set -euo pipefail
bench=$1 vectors=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
field() { node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1])); console.log(j[process.argv[2]])' "$1" "$2"; }

# --- PoRep --------------------------------------------------------------------------------------
p=$vectors/porep-2k.json
seal() {  # verify-seal with the published values, overridden by "--option value" pairs
  declare -A o=(
    [--sector-size]=$(field "$p" sector_size) [--porep-id]=$(field "$p" porep_id)
    [--api-version]=$(field "$p" api_version) [--prover-id]=$(field "$p" prover_id)
    [--sector-number]=$(field "$p" sector_number) [--ticket]=$(field "$p" ticket)
    [--seed]=$(field "$p" seed) [--comm-d]=$(field "$p" comm_d) [--comm-r]=$(field "$p" comm_r))
  while [ $# -gt 0 ]; do o[$1]=$2; shift 2; done
  local args=()
  for k in "${!o[@]}"; do args+=("$k" "${o[$k]}"); done
  "$bench" verify-seal --vk "$vectors/porep-2k.vk" --proof "$vectors/porep-2k.proof" "${args[@]}" 2>/dev/null
}
[ "$(seal)" = valid ] || fail "verify-seal: the published PoRep proof is not valid for its public data"
# API 1.1.0 and 1.2.0 build the same graph and the same interactive challenges (they differ only
# in which features exist): the same public inputs, so the proof is valid for both.
[ "$(seal --api-version 1.1.0)" = valid ] || fail "verify-seal with API 1.1.0: not valid"
other=0101010101010101010101010101010101010101010101010101010101010101
for control in "--sector-number 78" "--seed $other" "--ticket $other" "--api-version 1.0.0" \
               "--feature synthetic" \
               "--porep-id 0500000000000000000000000000000000000000000000000000000000000000"; do
  # shellcheck disable=SC2086
  out=$(seal $control || true)
  [ "$out" = invalid ] || fail "verify-seal with $control: '$out', expected invalid"
done
echo "ok: verify-seal: the rust-fil-proofs 2 KiB PoRep proof is valid from its public data; 6 negative controls invalid"
# The same inputs, and the WindowPoSt's below, checked by an independent verifier too.
oracles=$(cd "$(dirname "$0")/../oracles" && pwd)
[ -d "$oracles/node_modules/@noble/curves" ] || (cd "$oracles" && npm ci --no-audit --no-fund >/dev/null 2>&1)
noble() { node "$oracles/verify_groth16.mjs" --vk "$1" --proof "$2" --inputs "$3"; }
seal --out-inputs "$work/porep-inputs.json" >/dev/null
[ "$(noble "$vectors/porep-2k.vk" "$vectors/porep-2k.proof" "$work/porep-inputs.json")" = valid ] \
  || fail "noble: the PoRep proof with our public inputs"
echo "ok: noble verifies the PoRep proof with the public inputs verify-seal built"

# --- WindowPoSt ---------------------------------------------------------------------------------
w=$vectors/wpost-2k.json
params=$work/params
mkdir -p "$params"
cp "$vectors/wpost-2k.vk" "$params/cuzk-test-wpost-2k.vk"
request() {  # RANDOMNESS SECTOR COMM_R -> $work/request.json
  cat >"$work/request.json" <<JSON
{"kind": "window-post", "proof_type": "StackedDrgWindow2KiBV1_2", "circuit_id": "wpost-2k",
 "partitions": 1, "miner_id": 0, "prover_id": "$(field "$w" prover_id)", "randomness": "$1",
 "sector_set_size": 1, "sectors": [{"sector_id": $2, "comm_r": "$3"}], "vanilla_proofs": []}
JSON
}
randomness=$(field "$w" randomness)
comm_r=$(node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1])); console.log(j.sectors[0].comm_r)' "$w")
post() {
  "$bench" verify-vanilla --request "$work/request.json" --params-dir "$params" \
    --proof "$vectors/wpost-2k.proof" --out-inputs "$work/inputs.json" 2>/dev/null || true
}
request "$randomness" 77 "$comm_r"
[ "$(post)" = valid ] || fail "verify-vanilla: the published WindowPoSt proof is not valid"
node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1])); console.log(JSON.stringify(j.public_inputs_le_hex))' "$w" >"$work/derived.json"
[ "$(node -e 'const f = require("fs"); console.log(JSON.stringify(JSON.parse(f.readFileSync(process.argv[1]))[0]) === f.readFileSync(process.argv[2], "utf8").trim())' "$work/inputs.json" "$work/derived.json")" = true ] \
  || fail "our WindowPoSt public inputs differ from the ones the extraction script derived"
[ "$("$bench" verify --vk "$vectors/wpost-2k.vk" --proof "$vectors/wpost-2k.proof" --inputs "$work/derived.json")" = valid ] \
  || fail "verify: the WindowPoSt proof with the derived inputs"
[ "$("$bench" verify --vk "$vectors/wpost-2k.vk" --proof "$vectors/wpost-2k.proof" --inputs "$work/inputs.json")" = valid ] \
  || fail "verify: the WindowPoSt proof with verify-vanilla's per-partition inputs file"
[ "$(noble "$vectors/wpost-2k.vk" "$vectors/wpost-2k.proof" "$work/derived.json")" = valid ] \
  || fail "noble: the WindowPoSt proof with the derived inputs"
request "${other//01/02}" 77 "$comm_r"
[ "$(post)" = invalid ] || fail "verify-vanilla with other randomness: valid"
request "$randomness" 78 "$comm_r"
[ "$(post)" = invalid ] || fail "verify-vanilla with sector 78: valid"
request "$randomness" 77 "$(field "$p" comm_d)"
[ "$(post)" = invalid ] || fail "verify-vanilla with another comm_r: valid"
echo "ok: verify-vanilla: the rust-fil-proofs 2 KiB WindowPoSt proof is valid from its public data (inputs equal to the independently derived ones); 3 negative controls invalid"
