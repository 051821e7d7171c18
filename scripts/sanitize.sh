#!/usr/bin/env bash
# Memory errors and leaks: builds the daemon's test programs with gcc, AddressSanitizer (leak
# detection on) and UndefinedBehaviorSanitizer (-g -O1, CPU only) into a separate build folder
# and runs them: test_engine, test_server (every engine and gRPC-service test, one process
# each), then the daemon end-to-end CTest entries daemon_e2e and daemon_post_e2e (the cuzk daemon
# and cuzk-bench, both instrumented, on a unix socket). Exits non-zero on a failed test or on
# any sanitizer report (leak, invalid access, undefined behaviour) of any of those processes;
# the reports are printed at the end and kept in BUILD/sanitize-logs/.
#   scripts/sanitize.sh [BUILD]          BUILD: build folder (default build/asan)
# Environment: CUZK_SANITIZE_BUILD        build folder, when no argument is given
#              CUZK_SANITIZE_PARAMS_FROM  a folder of test parameters made before (a normal
#                                         build's test-params/: cuzk-test-porep-2k, winning-2k,
#                                         wpost-2k, snap-2k): copied in instead of making them
#                                         with the instrumented cuzk-bench (the PoRep 2 KiB
#                                         setup alone takes ~9 min in a Release build)
# Leaks in third-party libraries only are suppressed: tests/sanitize/lsan.supp.
# Time on a 2-core machine: ~18 min to build from scratch (~24 CPU-minutes; a rebuild after an
# edit recompiles only what changed), then 11-17 min to run, most of it the two daemon tests
# (instrumented PoRep proofs are 2-3x slower); see "Memory errors and leaks" in
# docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${1:-${CUZK_SANITIZE_BUILD:-build/asan}}
params_from=${CUZK_SANITIZE_PARAMS_FROM:-}
san="-fsanitize=address,undefined -fno-omit-frame-pointer"

start=$SECONDS
cmake -S . -B "$build" -G Ninja -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
  -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCUZK_CUDA=OFF -DCUZK_BUILD_APPS=ON -DCUZK_BUILD_TESTS=ON -DCUZK_BUILD_BENCH=OFF \
  -DCUZK_FUZZ=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target test_engine test_server cuzk cuzk-bench
echo "sanitize: built in $((SECONDS - start)) s"

# Test parameters: copied from a normal build if given, newer than the instrumented cuzk-bench
# so that the CTest fixtures (tests/e2e/porep_cli.sh, post_cli.sh) keep them.
if [ -n "$params_from" ]; then
  mkdir -p "$build/test-params"
  for c in porep-2k winning-2k wpost-2k snap-2k; do
    cp "$params_from/cuzk-test-$c.params" "$params_from/cuzk-test-$c.vk" "$build/test-params/"
  done
  touch "$build"/test-params/cuzk-test-* "$build/test-params/.made-for-StackedDrg2KiBV1_1"
fi

logs="$root/$build/sanitize-logs"
rm -rf "$logs" && mkdir -p "$logs"
# Every instrumented process writes its reports to $logs/report.<pid> (also those whose output
# a test script discards); a leak makes the process exit non-zero as well.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:detect_odr_violation=2:log_path=$logs/report"
export LSAN_OPTIONS="suppressions=$root/tests/sanitize/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/report"
export CUZK_SANITIZE=1  # tests/server/daemon_e2e.sh: no RSS bound (ASan keeps freed memory)

failed=()
for t in test_engine test_server; do
  t0=$SECONDS
  if "$build/tests/$t" >"$logs/$t.log" 2>&1; then r=ok; else r="FAILED (exit $?)"; failed+=("$t"); fi
  echo "sanitize: $t $r in $((SECONDS - t0)) s ($(grep -c '^\[       OK \]' "$logs/$t.log") tests passed)"
done
t0=$SECONDS
if ctest --test-dir "$build" -R '^daemon_(post_)?e2e$' --output-on-failure \
    >"$logs/ctest-daemon.log" 2>&1; then r=ok; else r=FAILED; failed+=(daemon_e2e); fi
echo "sanitize: daemon_e2e, daemon_post_e2e (and their parameter fixtures) $r in $((SECONDS - t0)) s"
grep -E '^ *[0-9]+/[0-9]+ Test' "$logs/ctest-daemon.log" || true

reports=$(find "$logs" -name 'report.*' -size +0 | sort)
if [ -n "$reports" ]; then
  for f in $reports; do echo "=== $f"; cat "$f"; done
  failed+=("sanitizer reports: $(wc -w <<<"$reports")")
fi
echo "sanitize: $((SECONDS - start)) s in all"
if [ ${#failed[@]} -gt 0 ]; then
  echo "sanitize: FAILED: ${failed[*]} (logs in $build/sanitize-logs/)" >&2
  exit 1
fi
echo "sanitize: no sanitizer report"
