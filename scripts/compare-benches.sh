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
# The benchmarks: the "--"-separated command lines of args, benchmark k at starts[k], lens[k] words.
args=("$@") starts=() lens=()
for ((i = 0; i < ${#args[@]}; i++)); do
  if [ "${args[i]}" = -- ]; then
    starts+=($((i + 1)))
    lens+=(0)
  else
    lens[-1]=$((lens[-1] + 1))
  fi
done
[ ${#builds[@]} -ge 2 ] || { echo "compare-benches: give at least two NAME=DIR" >&2; exit 2; }
[ ${#starts[@]} -ge 1 ] || { echo "compare-benches: give a benchmark after --" >&2; exit 2; }
for k in "${!starts[@]}"; do
  [ "${lens[k]}" -gt 0 ] || { echo "compare-benches: an empty benchmark after --" >&2; exit 2; }
  for b in "${builds[@]}"; do
    exe=${b#*=}/${args[starts[k]]}
    [ -x "$exe" ] || { echo "compare-benches: no $exe" >&2; exit 2; }
  done
done
mkdir -p "$out"

alternation_order "$rounds" "${builds[@]}"
status=0
for k in "${!starts[@]}"; do
  cmd=("${args[@]:starts[k]:lens[k]}")
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
