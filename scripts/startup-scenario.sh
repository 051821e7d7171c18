#!/usr/bin/env bash
# Cold start through the daemon: how long from starting cuzk until a parameter set is hot, and
# until the first C2 is verified, with and without the precompiled circuit (.pce) on disk.
#   scripts/startup-scenario.sh [--size 32g|2k] [--bin DIR] [--work DIR] [--cpu] [--set CIRCUIT]
# --set CIRCUIT (wpost-32g, say): only the load of that circuit's test parameters (made under
# --work/params first if missing): starts cuzk with it preloaded twice and prints when it is hot.
# Otherwise: uses scripts/deadline-scenario.sh prepare's test parameters and virtual C1 under
# --work (made first if missing). Then, twice — first with no .pce (the preload records it), then with it —: starts
# cuzk with `[srs] preload = ["porep-<size>"]` (docs/daemon.md's 32 GiB keys), waits for the set
# to be hot, proves one C2 (verified), stops the daemon. Prints each start's times and writes the
# daemons' logs to --work/startup-{1,2}.log.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/scenario.sh
size=32g bin="" work=/tmp/cuzk-deadline cpu=0 set=""
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift ;;
    --bin) bin=$2; shift ;;
    --work) work=$2; shift ;;
    --cpu) cpu=1 ;;
    --set) set=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
scenario_binaries "$bin"
prep=(--size "$size" --work "$work")
[ -n "$bin" ] && prep+=(--bin "$bin")
[ "$cpu" = 1 ] && prep+=(--cpu)
params=$work/params
if [ -z "$set" ]; then
  scripts/deadline-scenario.sh prepare "${prep[@]}"
  set=porep-$size
else
  mkdir -p "$params"
  gpu=(--gpu 0)
  [ "$cpu" = 1 ] && gpu=()
  t0=$SECONDS
  [ -f "$params/cuzk-test-$set.vk" ] ||
    "$bench" setup --circuit "$set" "${gpu[@]}" --out "$params" >"$work/setup-$set.log" 2>&1
  echo "prepare: $((SECONDS - t0)) s; $(du -sh "$params/cuzk-test-$set.params" | cut -f1) for $set"
fi
sock=$work/startup.sock
scenario_device_keys "$cpu"
cat >"$work/startup.toml" <<TOML
[daemon]
listen = "unix://$sock"
[srs]
param_cache = "$params"
preload = ["$set"]
$srs_keys
[gpus]
$gpu_keys
[synthesis]
precompiled = true
[logging]
level = "info"
TOML
rm -f "$params"/*.pce
ms() { echo $(( $(date +%s%N) / 1000000 )); }
for round in 1 2; do
  log=$work/startup-$round.log
  rm -f "$sock"
  t0=$(ms)
  start_scenario_daemon "$work/startup.toml" "$log" "srs $set: loaded in"
  hot=$(( $(ms) - t0 ))
  if [ "$set" != "porep-$size" ]; then
    stop_scenario_daemon
    echo "start $round: $set hot after $hot ms"
    grep -E "srs $set: (loaded|decoded|h |l |a |b_g1|b_g2)" "$log" | cut -c1-160 || true
    continue
  fi
  "$bench" single --addr "unix://$sock" --c1 "$work/envelope.json" --miner-id 1000 \
    --params-dir "$params" | tail -n 2
  first=$(( $(ms) - t0 ))
  stop_scenario_daemon
  pce=$(ls "$params"/*.pce >/dev/null 2>&1 && echo "with .pce" || echo "no .pce")
  [ "$round" = 1 ] && pce="no .pce (recorded by the preload)"
  echo "start $round ($pce): porep-$size hot after $hot ms; first C2 verified after $first ms"
  grep -E "srs porep-$size: (loaded|h |l |a |b_g1|b_g2)|precompiled" "$log" | cut -c1-160 || true
done
