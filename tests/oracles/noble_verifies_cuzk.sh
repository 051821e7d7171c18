#!/usr/bin/env bash
# CTest: cuzk proves test circuits; @noble/curves (verify_groth16.mjs) and cuzk-bench verify
# them; a tampered proof and tampered inputs are rejected by both.
# Usage: noble_verifies_cuzk.sh CUZK_BENCH WORKDIR
set -euo pipefail
bench=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
[ -d "$here/node_modules/@noble/curves" ] || (cd "$here" && npm ci --no-audit --no-fund >/dev/null)
rm -rf "$work" && mkdir -p "$work"
failures=0
expect() {  # expect WANT(valid|invalid) LABEL -- files
  local want=$1 label=$2 vk=$3 proof=$4 inputs=$5 ours theirs
  ours=$("$bench" verify --vk "$vk" --proof "$proof" --inputs "$inputs" 2>/dev/null || true)
  theirs=$(node "$here/verify_groth16.mjs" --vk "$vk" --proof "$proof" --inputs "$inputs" || true)
  if [ "$ours" = "$want" ] && [ "$theirs" = "$want" ]; then
    echo "ok   $label: cuzk=$ours noble=$theirs"
  else
    echo "FAIL $label: want $want, cuzk=$ours noble=$theirs"
    failures=$((failures + 1))
  fi
}
for n in 2 1000 5000; do
  "$bench" setup --constraints "$n" --out "$work" --seed "$n" >/dev/null 2>&1
  vk="$work/cuzk-test-chain-$n.vk"
  for k in 1 2; do
    p="$work/proof-$n-$k.bin" in="$work/inputs-$n-$k.json"
    "$bench" prove --params-dir "$work" --constraints "$n" --out-proof "$p" --out-inputs "$in" \
      >/dev/null 2>&1
    expect valid "n=$n proof $k" "$vk" "$p" "$in"
  done
  # Tampered proof: C replaced by A (a valid point, wrong proof).
  p="$work/proof-$n-1.bin" bad="$work/bad-proof-$n.bin"
  { head -c 144 "$p"; head -c 48 "$p"; } >"$bad"
  expect invalid "n=$n tampered proof" "$vk" "$bad" "$work/inputs-$n-1.json"
  # Tampered inputs: the other proof's inputs.
  expect invalid "n=$n wrong inputs" "$vk" "$p" "$work/inputs-$n-2.json"
done
echo "$(( 12 - failures )) passed, $failures failed"
[ "$failures" -eq 0 ]
