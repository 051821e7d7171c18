#!/usr/bin/env bash
# The main job on a fresh machine: set up, build, then
#   1. the BLS12-381 arithmetic self-check against the independent @noble/curves vectors,
#   2. a real Groth16 proof end to end: parameters for the built-in 2^16-constraint test circuit,
#      a proof on the CPU, and its verification by cuzk and by @noble/curves,
#   3. the field and curve micro-benchmarks.
# (It becomes a PoRep proof through the daemon as those land.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
bench=build/release/apps/cuzk-bench/cuzk-bench
work=build/demo
mkdir -p "$work"

echo "== 1. arithmetic self-check (vectors from @noble/curves)"
build/release/tests/test_ff --gtest_brief=1 --gtest_filter='Noble*'
build/release/tests/test_curve --gtest_brief=1 --gtest_filter='*Noble*'

echo "== 2. Groth16 end to end on a 2^16-constraint circuit"
"$bench" setup --constraints 65536 --out "$work"
"$bench" prove --params-dir "$work" --constraints 65536 \
  --out-proof "$work/proof.bin" --out-inputs "$work/inputs.json"
echo -n "cuzk verifier:  "
"$bench" verify --vk "$work/cuzk-test-chain-65536.vk" --proof "$work/proof.bin" \
  --inputs "$work/inputs.json"
[ -d tests/oracles/node_modules/@noble/curves ] ||
  (cd tests/oracles && npm ci --no-audit --no-fund >/dev/null)
echo -n "noble verifier: "
node tests/oracles/verify_groth16.mjs --vk "$work/cuzk-test-chain-65536.vk" \
  --proof "$work/proof.bin" --inputs "$work/inputs.json"

echo "== 3. micro-benchmarks"
build/release/bench/ff_bench --benchmark_min_time=0.1 --benchmark_filter='^(Fp|Fr)/(mul|square|inverse)$'
build/release/bench/curve_bench --benchmark_min_time=0.1
