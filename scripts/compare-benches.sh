#!/usr/bin/env bash
# Two or more builds' GPU benchmarks on one host, taking turns (A B .. B A .. for --rounds rounds),
# so that a change is measured against the code before it in one call: the host's speed drifts by
# a few per cent between calls (docs/perf/gpu.md). A build is a folder holding the benchmark
# binaries, e.g. build/release/tests/gpu copied away before the change and the tree's own after
# it. Each benchmark after a `--` runs with its arguments in every turn; the summary of each run
# (from its `== ` or `GPU NTT over` heading on, or the lines matching --rows) is printed, and the
# whole output goes to --out/NAME-ROUND-K-BENCH.txt (K: the benchmark's place after the builds).
#   scripts/compare-benches.sh NAME=DIR NAME=DIR [...] [--rounds 2] [--out DIR] [--rows REGEX]
#                              -- BENCH [ARGS...] [-- BENCH [ARGS...] ...]
#   scripts/compare-benches.sh old=/tmp/old new=build/release/tests/gpu \
#     -- gpu_ntt_bench 10 27 -- gpu_msm_bench --sizes 26,27 --runs 5 --no-check
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/alternate.sh
builds=() rounds=2 out=build/compare rows=''
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case "$1" in
    *=*) builds+=("$1") ;;
    --rounds) rounds=$2; shift ;;
    --out) out=$2; shift ;;
    --rows) rows=$2; shift ;;
    *) echo "unknown argument $1 (builds are NAME=DIR, then -- BENCH ARGS)" >&2; exit 2 ;;
  esac
  shift
done
# The benchmarks: "--"-separated command lines, kept as one string each with a unit separator.
benches=()
while [ $# -gt 0 ]; do
  shift  # the --
  cmd=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do cmd+=("$1"); shift; done
  [ ${#cmd[@]} -gt 0 ] || { echo "compare-benches: an empty benchmark after --" >&2; exit 2; }
  benches+=("$(printf '%s\x1f' "${cmd[@]}")")
done
[ ${#builds[@]} -ge 2 ] || { echo "compare-benches: give at least two NAME=DIR" >&2; exit 2; }
[ ${#benches[@]} -ge 1 ] || { echo "compare-benches: give a benchmark after --" >&2; exit 2; }
for b in "${builds[@]}"; do
  for bench in "${benches[@]}"; do
    exe=${b#*=}/${bench%%$'\x1f'*}
    [ -x "$exe" ] || { echo "compare-benches: no $exe" >&2; exit 2; }
  done
done
mkdir -p "$out"

alternation_order "$rounds" "${builds[@]}"
status=0
for k in "${!benches[@]}"; do
  IFS=$'\x1f' read -r -a cmd <<<"${benches[k]}"
  for entry in "${order[@]}"; do
    round=${entry%%:*} b=${entry#*:}
    name=${b%%=*} dir=${b#*=}
    log=$out/$name-$round-$((k + 1))-${cmd[0]}.txt
    rc=0
    "$dir/${cmd[0]}" "${cmd[@]:1}" >"$log" 2>&1 || rc=$?
    [ "$rc" -eq 0 ] || status=1
    echo "=== ${cmd[*]}: $name, round $round (exit $rc; $log)"
    if [ -n "$rows" ]; then
      grep -E "$rows" "$log" || true
    else
      sed -n '/^\(== \|GPU NTT over\)/,$p' "$log"
    fi
  done
done
exit "$status"
