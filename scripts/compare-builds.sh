#!/usr/bin/env bash
# Two or more builds of the daemon through the same deadline scenario on one host, alternated, so
# that their figures come from one machine and one call (the host's speed drifts by a few per cent
# between calls: docs/perf/gpu.md). The test parameters and requests are prepared once
# (scripts/deadline-scenario.sh prepare), then each build runs the scenario in the order
# A B .. B A .. for --rounds rounds. Prints, per build and round, the C2 times, the deadline table,
# the peak GPU memory (nvidia-smi every 0.5 s, where there is one) and each circuit's pace and phase
# medians; the outputs go to --work/compare/NAME-ROUND/ (scenario.txt, daemon.log, gpu-memory.txt).
#   scripts/compare-builds.sh NAME=DIR NAME=DIR [...] [--rounds 2] [--work DIR]
#                             [deadline-scenario.sh run options: --size, --phases, --duration, ...]
# DIR holds cuzk and cuzk-bench (a build's apps copied together, or a folder that
# scripts/pack-binaries.sh made: its lib/ is put on LD_LIBRARY_PATH).
#   scripts/compare-builds.sh before=/tmp/b/bin now=build/release/bin --size 2k --cpu \
#     --phases c2,mixed --duration 10s
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/alternate.sh
builds=() rounds=2 work=/tmp/cuzk-deadline scenario=()
while [ $# -gt 0 ]; do
  case "$1" in
    *=*) builds+=("$1") ;;
    --rounds) rounds=$2; shift ;;
    --work) work=$2; shift ;;
    --cpu) scenario+=("$1") ;;
    --*) scenario+=("$1" "$2"); shift ;;
    *) echo "unknown argument $1 (builds are NAME=DIR)" >&2; exit 2 ;;
  esac
  shift
done
[ ${#builds[@]} -ge 2 ] || { echo "compare-builds: give at least two NAME=DIR" >&2; exit 2; }
for b in "${builds[@]}"; do
  dir=${b#*=}
  if [ ! -x "$dir/cuzk" ] || [ ! -x "$dir/cuzk-bench" ]; then
    echo "$dir: no cuzk / cuzk-bench" >&2
    exit 2
  fi
done

# A build's binaries, with the shared libraries pack-binaries.sh put beside them.
with_build() {
  local dir=$1
  shift
  LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$@"
}

# The deadline-scenario options prepare takes (size and --cpu; the rest are run's).
prepare_args=()
for ((i = 0; i < ${#scenario[@]}; i++)); do
  case "${scenario[i]}" in
    --size) prepare_args+=(--size "${scenario[i + 1]}") ;;
    --cpu) prepare_args+=(--cpu) ;;
  esac
done
first=${builds[0]#*=}
with_build "$first" scripts/deadline-scenario.sh prepare --bin "$first" --work "$work" \
  "${prepare_args[@]}"

alternation_order "$rounds" "${builds[@]}"

for entry in "${order[@]}"; do
  round=${entry%%:*} b=${entry#*:}
  name=${b%%=*} dir=${b#*=}
  out=$work/compare/$name-$round
  mkdir -p "$out"
  sampler=""
  if command -v nvidia-smi >/dev/null 2>&1; then
    (while :; do
      nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits | head -1
      sleep 0.5
    done) >"$out/gpu-memory.txt" 2>/dev/null &
    sampler=$!
  fi
  rc=0
  with_build "$dir" scripts/deadline-scenario.sh run --bin "$dir" --work "$work" \
    "${scenario[@]}" >"$out/scenario.txt" 2>&1 || rc=$?
  [ -z "$sampler" ] || kill "$sampler" 2>/dev/null || true
  cp "$work/daemon.log" "$out/" 2>/dev/null || true
  echo "=== $name, round $round (exit $rc; $out)"
  if [ -n "$sampler" ]; then
    echo "peak GPU memory: $(sort -n "$out/gpu-memory.txt" | tail -1) MiB"
  fi
  grep -E "^(first|idle) C2:|^phase |^(alone|c2|mixed) |C2s per minute|C2 rate|peak RSS" \
    "$out/scenario.txt" || true
  sed -n '/(median of the non-wait phases/,$p' "$out/scenario.txt"
done
