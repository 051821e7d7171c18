#!/usr/bin/env bash
# CTest: scripts/pack-binaries.sh --gpu and scripts/gpu-check.sh --bin on a machine without a GPU.
# The packed programs run unpacked (host tests pass, device tests skip, benchmarks report no
# device), a program not packed is named, and a failing test program fails the whole check even
# though the memory tests after it pass (their exit status once replaced the tests').
# Skipped (77) where a GPU is present: there gpu-check.sh would run the full-size benchmarks.
# Usage: gpu_check_packed_test.sh BUILD_DIR
set -euo pipefail
build=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
if nvidia-smi -L >/dev/null 2>&1; then echo "skipped: a GPU is present"; exit 77; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$root/scripts/pack-binaries.sh" "$work/gpu.tgz" --gpu --name gpu --build "$build" >/dev/null
tar xzf "$work/gpu.tgz" -C "$work"
for p in test_gpu_host test_gpu gpu_field_bench gpu_ntt_bench gpu_msm_bench gpu_partition_bench; do
  [ -x "$work/gpu/$p" ] || fail "$p not packed"
done

# From the repository's root, as the script is meant to be run.
check() { (cd "$root" && scripts/gpu-check.sh --bin "$work/gpu" --out "$work/logs-$1"); }
out=$(check ok 2>&1) || fail "gpu-check.sh --bin failed with passing tests: $out"
grep -Eq '^test_gpu_host +ok ' <<<"$out" || fail "no passing test_gpu_host row: $out"
grep -Eq '^test_gpu +ok ' <<<"$out" || fail "no passing test_gpu row: $out"
grep -q '^== gpu_prove_bench: not built (or not packed)' <<<"$out" || fail "unpacked bench not named: $out"
echo "ok: packed programs run by gpu-check.sh --bin"

printf '#!/bin/sh\necho "[  FAILED  ] 1 test"\nexit 1\n' >"$work/gpu/test_gpu_host"
if out=$(check failing 2>&1); then fail "a failing test program left gpu-check.sh green: $out"; fi
grep -Eq '^test_gpu_host +FAILED ' <<<"$out" || fail "no failed test_gpu_host row: $out"
grep -Eq '^memory tests +ok ' <<<"$out" || fail "the memory tests did not run after it: $out"
echo "ok: a failing test program fails gpu-check.sh, whatever the memory tests say"
