#!/usr/bin/env bash
# Several GPUs at full size through one daemon, in one call: the deadline scenario (C2s always in
# flight, a WinningPoSt every few seconds; scripts/deadline-scenario.sh) on one GPU, then on N,
# each after one C2 on the idle daemon; then the comparison table (C2s per minute and its ratio to
# one GPU's, the idle C2, the WinningPoSt under load) to stdout and --out.
#   scripts/multi-gpu-scenario.sh [--gpus N] [--size 32g|2k] [--bin DIR] [--work DIR]
#                                 [--duration 60s] [--queue-per-gpu 4] [--every 10s]
#                                 [--out FILE] [--cpu]
# --gpus: default every GPU nvidia-smi lists (at least 2 needed; 1 runs the one-GPU half alone).
# The test parameters are made once under --work (scripts/deadline-scenario.sh prepare, on GPU 0)
# and every device loads its own copy (host_copy = false). --cpu (with --size 2k): both runs on
# the CPU backend, to check the script itself on a machine without GPUs.
# --out: default --work/multi-gpu.md; docs/perf/multi-gpu.md says what to keep from it.
set -euo pipefail
cd "$(dirname "$0")/.."
size=32g bin="" work=/tmp/cuzk-multi duration=60s per_gpu=4 every=10s out="" cpu=0 gpus=""
while [ $# -gt 0 ]; do
  case "$1" in
    --gpus) gpus=$2; shift ;;
    --size) size=$2; shift ;;
    --bin) bin=$2; shift ;;
    --work) work=$2; shift ;;
    --duration) duration=$2; shift ;;
    --queue-per-gpu) per_gpu=$2; shift ;;
    --every) every=$2; shift ;;
    --out) out=$2; shift ;;
    --cpu) cpu=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
out=${out:-$work/multi-gpu.md}
if [ -z "$gpus" ]; then
  if [ "$cpu" = 1 ]; then gpus=2; else gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true); fi
fi
[ "$gpus" -ge 1 ] 2>/dev/null || { echo "no GPU found (nvidia-smi -L); --gpus N or --cpu" >&2; exit 2; }
[ "$gpus" -ge 2 ] || echo "multi-gpu-scenario: one GPU only: the one-GPU half alone" >&2

common=(--size "$size" --work "$work" --duration "$duration" --every "$every")
[ -n "$bin" ] && common+=(--bin "$bin")
[ "$cpu" = 1 ] && common+=(--cpu)
scripts/deadline-scenario.sh prepare "${common[@]}"

# field N of a phase's row for a kind ("mixed", "winning"), counted from the row's end (1 = last):
# rows are phase, kind, proofs, bad, total p50 / p99 / max, round trip p50 / p99 / max.
row_field() { grep -i "^$2 .*$3" "$1" | head -1 | awk -v k="$4" '{print $(NF - k + 1)}'; }
job_total() { sed -n "s/^$2 C2: .* total \([0-9]*\) ms.*/\1/p" "$1"; }

runs=(1)
[ "$gpus" -ge 2 ] && runs+=("$gpus")
for g in "${runs[@]}"; do
  log=$work/multi-$g.txt
  scripts/deadline-scenario.sh run "${common[@]}" --gpus "$g" --queue $((per_gpu * g)) \
    --phases c2,mixed | tee "$log"
  cp "$work/daemon.log" "$work/daemon-$g.log"
done

rate() { sed -n "s/^C2s per minute ($2): \([0-9.]*\)/\1/p" "$1"; }
base=$(rate "$work/multi-1.txt" c2)
{
  echo "| GPUs | C2s per minute (c2 phase) | vs one GPU | with WinningPoSts | idle C2 (job total) | WinningPoSt under load: job total p99 / round trip p99 |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
  for g in "${runs[@]}"; do
    f=$work/multi-$g.txt
    c2=$(rate "$f" c2) mixed=$(rate "$f" mixed)
    ratio=$(awk -v a="$c2" -v b="$base" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }')
    echo "| $g | $c2 | $ratio | $mixed | $(job_total "$f" idle) ms |" \
      "$(row_field "$f" mixed winning 5) / $(row_field "$f" mixed winning 2) ms |"
  done
  echo
  echo "$(date -u +%F), $size, --duration $duration, $per_gpu C2s in flight per GPU, a WinningPoSt every $every;"
  echo "command: scripts/multi-gpu-scenario.sh --gpus $gpus --size $size; logs in $work."
} | tee "$out"
