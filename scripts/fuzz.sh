#!/usr/bin/env bash
# Fuzzes cuzk's parsers of outside input with libFuzzer (tests/fuzz): builds the targets with
# clang, AddressSanitizer and UndefinedBehaviorSanitizer (RelWithDebInfo, -DCUZK_FUZZ=ON, a unity
# build) into build/fuzz, makes their seed corpora from real generated inputs
# (tests/fuzz/make_corpus.sh) and runs each target for SECONDS_PER_TARGET seconds, one per core
# at a time. Prints per target the executions, exec/s and coverage (cov / ft of libFuzzer's final
# stats); exits non-zero if any target found a crash, a leak, a timeout or ran out of memory (the
# input is kept in build/fuzz/artifacts/<target>/).
#   scripts/fuzz.sh [SECONDS_PER_TARGET]      (default 60)
# Environment: CUZK_FUZZ_BUILD  build folder (default build/fuzz)
#              CUZK_BENCH       the cuzk-bench that makes the corpora (default: build/release's,
#                               built with scripts/build.sh when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${CUZK_FUZZ_BUILD:-build/fuzz}
bench=${CUZK_BENCH:-build/release/apps/cuzk-bench/cuzk-bench}
targets=(fuzz_c1_json fuzz_vanilla fuzz_params fuzz_points fuzz_aggregate fuzz_config)

start=$SECONDS
cmake -S . -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUZK_FUZZ=ON -DCUZK_BUILD_APPS=OFF -DCUZK_BUILD_TESTS=OFF \
  -DCUZK_BUILD_BENCH=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$build" -j "$(nproc)" --target cuzk_fuzz
echo "fuzz: targets built in $((SECONDS - start)) s"

# Seeds, remade when cuzk-bench is newer than them; the corpora libFuzzer grows are kept.
[ -x "$bench" ] || scripts/build.sh
if [ ! -f "$build/seeds/done" ] || [ "$bench" -nt "$build/seeds/done" ]; then
  tests/fuzz/make_corpus.sh "$bench" "$build/seeds"
  touch "$build/seeds/done"
fi

# One target: its libFuzzer run, then its row of the table in artifacts/<target>/result.
fuzz_target() {
  local t=$1 log status=0 done_line cov ft execs rate result=ok
  mkdir -p "$build/corpus/$t" "$build/artifacts/$t"
  log="$build/artifacts/$t/fuzz.log"
  "$build/tests/fuzz/$t" -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=30 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$t/" \
    "$build/corpus/$t" "$build/seeds/$t" >"$log" 2>&1 || status=$?
  done_line=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1 || true)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$done_line")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$done_line")
  execs=$(sed -nE 's/^stat::number_of_executed_units: +([0-9]+)/\1/p' "$log")
  rate=$(sed -nE 's/^stat::average_exec_per_sec: +([0-9]+)/\1/p' "$log")
  if [ "$status" -ne 0 ]; then
    result="FAILED (exit $status): $(grep -m1 -E 'ERROR|==[0-9]+==|Test unit written' "$log" || true)"
  fi
  printf '%-14s %10s %8s %8s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
    "$result" >"$build/artifacts/$t/result"
}

# One target per core at a time (libFuzzer runs on one thread), the table in the targets' order.
for t in "${targets[@]}"; do
  rm -f "$build/artifacts/$t/result"
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
  fuzz_target "$t" &
done
wait
failed=()
printf '%-14s %10s %8s %8s %8s  %s\n' target executions exec/s cov ft result
for t in "${targets[@]}"; do
  row=$(cat "$build/artifacts/$t/result" 2>/dev/null || echo "$t (no result)")
  echo "$row"
  grep -q '  ok$' <<<"$row" || failed+=("$t")
done
echo "fuzz: ${#targets[@]} targets x ${seconds} s, $((SECONDS - start)) s in all"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]} (logs and inputs in $build/artifacts/)" >&2
  exit 1
fi
