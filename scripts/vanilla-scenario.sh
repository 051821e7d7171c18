#!/usr/bin/env bash
# A WindowPoSt partition, a WinningPoSt or a SnapDeals update through the daemon, as Curio sends
# them: a full WindowPoSt partition of virtual sectors (2349 at 32 GiB), a WinningPoSt of 40
# virtual sectors (one challenged), or a generated SnapDeals sector (16 partitions at 32 GiB;
# gen-vanilla snap-prove --virtual), proven three times on a warm daemon — the first proof
# uploads the circuit's matrices to the GPU (a/b/c evaluated there; the circuit itself comes from
# the .pce setup wrote, or the preload records it), then the steady state — then --queue N more
# submitted at once (the steady rate: their wall time / N). Each is verified against the .vk.
# Prints each proof's job total and client round trip, the daemon's lines and its peak RSS, then
# the GPU's pace and phase medians per circuit (cuzk-bench timeline; timeline.svg under --work).
#   scripts/vanilla-scenario.sh [--kind window|winning|snap] [--size 32g|2k] [--queue N]
#                               [--winning-beside N] [--bin DIR] [--work DIR] [--params DIR] [--cpu]
# --winning-beside N (with --queue): N WinningPoSts (40 virtual sectors) one after another, the
# first 2 s after the queue is submitted, while it holds the workers; each one's times printed
# ("winning beside the queue K: job ..."). winning-<size> is set up in --params if missing.
# --params: where the test parameters are (made there first if missing: wpost-32g 61 GB, ~4
# minutes on GPU 0; a RAM-backed folder such as /dev/shm/wpost keeps a 64 GiB disk free for the
# .pce, 12 GB, written under --work). --bin: where cuzk and cuzk-bench are.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/scenario.sh
kind=window size=32g queue=0 beside=0 bin="" work="" params="" cpu=0
while [ $# -gt 0 ]; do
  case "$1" in
    --kind) kind=$2; shift ;;
    --queue) queue=$2; shift ;;
    --winning-beside) beside=$2; shift ;;
    --size) size=$2; shift ;;
    --bin) bin=$2; shift ;;
    --work) work=$2; shift ;;
    --params) params=$2; shift ;;
    --cpu) cpu=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
case "$kind:$size" in
  window:32g) proof=StackedDrgWindow32GiBV1_2 gen=(--sectors 2349) ;;
  window:2k) proof=StackedDrgWindow2KiBV1_2 gen=(--sectors 2) ;;
  winning:32g) proof=StackedDrgWinning32GiBV1 gen=(--sectors 40) ;;
  winning:2k) proof=StackedDrgWinning2KiBV1 gen=(--sectors 40) ;;
  snap:32g) proof=StackedDrg32GiBV1 gen=() ;;
  snap:2k) proof=StackedDrg2KiBV1 gen=() ;;
  *) echo "--kind window|winning|snap, --size 32g|2k" >&2; exit 2 ;;
esac
case "$kind" in
  window) circuit=wpost-$size what=window-post ;;
  winning) circuit=winning-$size what=winning-post ;;
  snap) circuit=snap-$size what=snap-prove ;;
esac
work=${work:-/tmp/cuzk-$what}
scenario_binaries "$bin"
params=${params:-$work/params}
mkdir -p "$work" "$params" "$work/pce"
gpu=(--gpu 0)
[ "$cpu" = 1 ] && gpu=()

t0=$SECONDS
# The circuit setup records is written as the daemon's .pce too: the preload loads it.
[ -f "$params/cuzk-test-$circuit.vk" ] ||
  "$bench" setup --circuit "$circuit" "${gpu[@]}" --out "$params" --pce-dir "$work/pce" \
    >"$work/setup.log" 2>&1
echo "parameters: $((SECONDS - t0)) s ($(du -sh "$params" | cut -f1) in $params)"
t0=$SECONDS
request=$work/vanilla/request.json
[ -f "$request" ] ||
  "$bench" gen-vanilla "$what" --proof-type "$proof" --virtual "${gen[@]}" --seed 5 \
    --out "$work/vanilla" >"$work/gen.log" 2>&1
echo "vanilla proofs: $((SECONDS - t0)) s ($(du -sh "$work/vanilla" | cut -f1))"
if [ "$beside" -gt 0 ]; then
  [ -f "$params/cuzk-test-winning-$size.vk" ] ||
    "$bench" setup --circuit "winning-$size" "${gpu[@]}" --out "$params" --pce-dir "$work/pce" \
      >"$work/setup-winning.log" 2>&1
  winning_proof=StackedDrgWinning32GiBV1
  [ "$size" = 2k ] && winning_proof=StackedDrgWinning2KiBV1
  [ -f "$work/winning/request.json" ] ||
    "$bench" gen-vanilla winning-post --proof-type "$winning_proof" --virtual --sectors 40 \
      --seed 3 --out "$work/winning" >/dev/null 2>&1
fi

sock=$work/cuzk.sock
scenario_device_keys "$cpu"
cat >"$work/cuzk.toml" <<TOML
[daemon]
listen = "unix://$sock"
[srs]
param_cache = "$params"
preload = ["$circuit"]
$srs_keys
[gpus]
$gpu_keys
[synthesis]
precompiled = true
precompiled_cache = "$work/pce"
[logging]
level = "info"
TOML
rm -f "$sock"
start_scenario_daemon "$work/cuzk.toml" "$work/daemon.log" "srs $circuit: loaded in"
echo "daemon: $(grep -o "srs $circuit: loaded in.*" "$work/daemon.log" | head -1)"
# One proof of REQUEST (default: the scenario's); distinct request ids (a repeated one is
# answered at once). Prints its times.
prove() {
  local out
  out=$("$bench" single --addr "unix://$sock" --vanilla "${2:-$request}" --params-dir "$params" \
    --request-id "$kind-${1// /-}-$$" 2>&1)
  grep -q '^valid' <<<"$out" || { echo "$1: not verified: $out" >&2; return 1; }
  echo "$1: $(grep -E '^job |round trip' <<<"$out" | tr '\n' ' ')"
}
for label in first second steady; do
  prove "$label"
  grep "completed and verified" "$work/daemon.log" | tail -1 | sed 's/^.*\] //'
  grep -E "partition [0-9]+/[0-9]+ \($circuit\)" "$work/daemon.log" | tail -1 | sed 's/^.*\] //'
done
if [ "$queue" -gt 0 ]; then
  t0=$(date +%s.%N)
  pids=()
  for i in $(seq 1 "$queue"); do
    prove "queued-$i" &
    pids+=($!)
  done
  beside_pid=""
  if [ "$beside" -gt 0 ]; then
    (
      sleep 2
      for i in $(seq 1 "$beside"); do
        prove "winning beside the queue $i" "$work/winning/request.json"
      done
    ) &
    beside_pid=$!
  fi
  for p in "${pids[@]}"; do wait "$p"; done
  awk -v t0="$t0" -v t1="$(date +%s.%N)" -v n="$queue" \
    'BEGIN { printf "queue of %d: %.2f s per proof\n", n, (t1 - t0) / n }'
  [ -z "$beside_pid" ] || wait "$beside_pid"
fi
stop_scenario_daemon
scenario_timeline "$work/daemon.log" "$work/timeline.svg"
