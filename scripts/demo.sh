#!/usr/bin/env bash
# The main job on a fresh machine: set up, build, then run the BLS12-381 arithmetic self-check
# against the independent @noble/curves vectors and the field micro-benchmarks.
# (Later this becomes a real end-to-end PoRep proof through the daemon.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
echo "== arithmetic self-check (vectors from @noble/curves) =="
build/release/tests/test_ff --gtest_brief=1
build/release/tests/test_curve --gtest_brief=1
if [ -x build/release/bench/ff_bench ]; then
  echo "== field micro-benchmarks =="
  build/release/bench/ff_bench --benchmark_min_time=0.2
fi
