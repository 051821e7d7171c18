#!/usr/bin/env bash
# The deadline-first scenario through the daemon: PoRep C2s kept queued while a WinningPoSt comes
# every few seconds (cuzk-bench deadline: phases alone / c2 / mixed), on test parameters made here.
#   scripts/deadline-scenario.sh prepare|run|all [--size 32g|2k] [--bin DIR] [--work DIR]
#                                [--duration 60s] [--queue 4] [--every 10s] [--cpu]
#                                [--example-config] [--phases alone,c2,mixed] [--gpus N|auto]
#                                [--window [--window-params DIR]] [--budget 40GiB]
#   prepare  test parameters (porep and winning circuits; on GPU 0 unless --cpu) with the circuits
#            setup recorded as the daemon's .pce, a virtual C1 and a virtual WinningPoSt request,
#            under --work (kept for the next call)
#   run      starts cuzk (docs/daemon.md's configuration for 32g; the CPU backend with --cpu),
#            preloads both parameter sets, proves one C2 (recording the circuit; "first C2:")
#            and one more on the idle daemon ("idle C2:"), runs the scenario (every proof
#            verified), stops the daemon; the table goes to stdout and --work/deadline.txt, the
#            daemon's log to --work/daemon.log; then the GPU's pace and phase medians per circuit
#            (cuzk-bench timeline; the drawing to --work/timeline.svg), over the run and split at
#            the first WinningPoSt
# --gpus: the daemon's devices — N: GPUs 0..N-1, auto: every usable one (default 1); with more
# than one the memory budget is the daemon's auto value instead of --budget (default 40 GiB; a
# 32 GiB WindowPoSt beside PoRep needs 48GiB: the two circuits' .pce files hold 21 GB).
# --example-config: the daemon runs cuzk.example.toml with only listen and param_cache changed
# (its auto values) instead of docs/daemon.md's hand-set 32g keys.
# --window: a WindowPoSt partition (HIGH) too, with each WinningPoSt: a full partition of virtual
# sectors (2349 at 32g); its parameters (wpost-32g: 61 GB, ~4 minutes on GPU 0) are made in
# --window-params (default --work/params; /dev/shm/wpost keeps them beside porep-32g's 45 GB when
# the disk is 64 GiB) and linked into --work/params with its .pce (11.6 GB at 32g, kept there
# too); one WindowPoSt is proven before the phases (its first upload of the circuit's matrices).
# Its queue wait under load is the mixed phase's job total against the alone phase's.
# --bin: where cuzk and cuzk-bench are (default build/release/apps/*). 32g needs ~50 GB of disk
# for the parameters and a GPU with the 47 GiB PoRep set beside its workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/scenario.sh
step=${1:-all}
shift || true
size=32g bin="" work=/tmp/cuzk-deadline duration=60s queue=4 every=10s cpu=0 example=0 gpus=1
phases=alone,c2,mixed window=0 window_params="" budget_size=40GiB
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift ;;
    --bin) bin=$2; shift ;;
    --work) work=$2; shift ;;
    --duration) duration=$2; shift ;;
    --queue) queue=$2; shift ;;
    --every) every=$2; shift ;;
    --cpu) cpu=1 ;;
    --example-config) example=1 ;;
    --phases) phases=$2; shift ;;
    --gpus) gpus=$2; shift ;;
    --window) window=1 ;;
    --window-params) window_params=$2; shift ;;
    --budget) budget_size=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
case "$size" in
  32g) porep=StackedDrg32GiBV1_1 winning=StackedDrgWinning32GiBV1
    wpost=StackedDrgWindow32GiBV1_2 wpost_sectors=2349 ;;
  2k) porep=StackedDrg2KiBV1_1 winning=StackedDrgWinning2KiBV1
    wpost=StackedDrgWindow2KiBV1_2 wpost_sectors=2 ;;
  *) echo "--size: 32g or 2k" >&2; exit 2 ;;
esac
scenario_binaries "$bin"
params=$work/params
window_params=${window_params:-$params}
mkdir -p "$params" "$window_params"
gpu=(--gpu 0)
[ "$cpu" = 1 ] && gpu=()

prepare() {
  local t0=$SECONDS
  [ -f "$params/cuzk-test-porep-$size.vk" ] ||
    "$bench" setup --proof-type "$porep" "${gpu[@]}" --out "$params" --pce-dir "$params" \
      >"$work/setup-porep.log" 2>&1
  [ -f "$params/cuzk-test-winning-$size.vk" ] ||
    "$bench" setup --circuit "winning-$size" "${gpu[@]}" --out "$params" --pce-dir "$params" \
      >"$work/setup-winning.log" 2>&1
  local virtual=()
  [ "$size" = 32g ] && virtual=(--virtual)
  [ -f "$work/envelope.json" ] ||
    "$bench" gen-c1 --proof-type "$porep" "${virtual[@]}" --seed 7 --out "$work/c1.json" \
      --envelope "$work/envelope.json" >/dev/null
  [ -f "$work/winning/request.json" ] ||
    "$bench" gen-vanilla winning-post --proof-type "$winning" --virtual --sectors 40 --seed 3 \
      --out "$work/winning" >/dev/null
  if [ "$window" = 1 ]; then
    local f
    [ -f "$window_params/cuzk-test-wpost-$size.vk" ] ||
      "$bench" setup --circuit "wpost-$size" "${gpu[@]}" --out "$window_params" \
        --pce-dir "$window_params" >"$work/setup-wpost.log" 2>&1
    if [ "$window_params" != "$params" ]; then
      for f in params vk; do
        ln -sf "$window_params/cuzk-test-wpost-$size.$f" "$params/cuzk-test-wpost-$size.$f"
      done
      [ ! -f "$window_params/wpost-$size.pce" ] ||
        ln -sf "$window_params/wpost-$size.pce" "$params/wpost-$size.pce"
    fi
    [ -f "$work/window/request.json" ] ||
      "$bench" gen-vanilla window-post --proof-type "$wpost" --virtual --sectors "$wpost_sectors" \
        --seed 4 --out "$work/window" >/dev/null
  fi
  echo "prepare: $((SECONDS - t0)) s; $(du -sh "$params" | cut -f1) of parameters in $params"
}

run() {
  local sock=$work/cuzk.sock
  local addr=unix://$sock
  local devices budget="total_budget = \"$budget_size\""
  if [ "$gpus" = auto ]; then
    devices='"auto"' budget=''
  else
    devices="[$(seq -s ', ' 0 $((gpus - 1)))]"
    [ "$gpus" -gt 1 ] && budget=''
  fi
  local gpu_keys srs_keys
  scenario_device_keys "$cpu" "$devices"
  [ "$cpu" = 1 ] || gpu_keys+=$'\ngpu_workers_per_device = 2'
  if [ "$example" = 1 ]; then
    sed -e "s|^listen = .*|listen = \"$addr\"|" -e "s|^param_cache = .*|param_cache = \"$params\"|" \
      cuzk.example.toml >"$work/cuzk.toml"
  else
    cat >"$work/cuzk.toml" <<TOML
[daemon]
listen = "$addr"
[srs]
param_cache = "$params"
$srs_keys
[gpus]
$gpu_keys
[synthesis]
threads = 2
precompiled = true
witness_threads = 0
[pipeline]
synthesis_lookahead = 2
[memory]
$budget
[logging]
level = "info"
TOML
  fi
  "$cuzk" --config "$work/cuzk.toml" --print-config >"$work/effective.toml"
  rm -f "$sock"
  start_scenario_daemon "$work/cuzk.toml" "$work/daemon.log" " cuzk ready$"
  "$bench" preload --addr "$addr" --circuit "porep-$size"
  "$bench" preload --addr "$addr" --circuit "winning-$size"
  local window_args=() out
  if [ "$window" = 1 ]; then
    "$bench" preload --addr "$addr" --circuit "wpost-$size"
    window_args=(--window "$work/window/request.json")
    # One first, alone: the first upload of its matrices (and the recording without a .pce).
    out=$("$bench" single --addr "$addr" --vanilla "$work/window/request.json" \
      --params-dir "$params" --request-id "first-window-$$")
    grep -q '^valid' <<<"$out" || { echo "first WindowPoSt not verified: $out" >&2; exit 1; }
    echo "first WindowPoSt: $(grep '^job ' <<<"$out")"
  fi
  # One C2 first: it pays the one-off costs (the matrices' first upload; the circuit's recording,
  # a minute at 32 GiB, where no .pce was written), which no phase should.
  local c2=(single --addr "$addr" --c1 "$work/envelope.json" --miner-id 1000 --params-dir "$params")
  local label out
  for label in first idle; do  # distinct request ids: the daemon answers a repeated one at once
    out=$("$bench" "${c2[@]}" --request-id "$label-c2-$$")
    grep -q '^valid' <<<"$out" || { echo "$label C2 not verified: $out" >&2; exit 1; }
    echo "$label C2: $(grep '^job ' <<<"$out")"
  done
  "$bench" deadline --addr "$addr" --c1 "$work/envelope.json" --miner-id 1000 \
    --winning "$work/winning/request.json" "${window_args[@]}" --queue "$queue" --every "$every" \
    --duration "$duration" --phases "$phases" --params-dir "$params" | tee "$work/deadline.txt"
  stop_scenario_daemon
  # The deadline lane's first proof can change the main lane's phases for good: both periods too.
  scenario_timeline "$work/daemon.log" "$work/timeline.svg" "winning-$size"
}

case "$step" in
  prepare) prepare ;;
  run) run ;;
  all) prepare && run ;;
  *) echo "step: prepare, run or all" >&2; exit 2 ;;
esac
