#!/usr/bin/env bash
# One WindowPoSt partition through the daemon, as Curio sends it: a full partition of virtual
# sectors (2349 at 32 GiB), proven three times on a warm daemon — the first proof records the
# precompiled circuit, the second uploads its matrices to the GPU (a/b/c evaluated there), the
# third is the steady state — each verified against the .vk. Prints each proof's job total and
# client round trip and the daemon's phase line.
#   scripts/window-post-scenario.sh [--size 32g|2k] [--bin DIR] [--work DIR] [--params DIR]
#                                   [--cpu]
# --params: where the wpost test parameters are (made there first if missing: 61 GB at 32 GiB,
# ~4 minutes on GPU 0; a RAM-backed folder such as /dev/shm/wpost keeps a 64 GiB disk free for
# the .pce, 12 GB, written under --work). --bin: where cuzk and cuzk-bench are.
set -euo pipefail
cd "$(dirname "$0")/.."
size=32g bin="" work=/tmp/cuzk-window-post params="" cpu=0
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift ;;
    --bin) bin=$2; shift ;;
    --work) work=$2; shift ;;
    --params) params=$2; shift ;;
    --cpu) cpu=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
case "$size" in
  32g) proof=StackedDrgWindow32GiBV1_2 sectors=2349 ;;
  2k) proof=StackedDrgWindow2KiBV1_2 sectors=2 ;;
  *) echo "--size: 32g or 2k" >&2; exit 2 ;;
esac
cuzk=${bin:+$bin/cuzk} bench=${bin:+$bin/cuzk-bench}
cuzk=${cuzk:-build/release/apps/cuzk/cuzk} bench=${bench:-build/release/apps/cuzk-bench/cuzk-bench}
params=${params:-$work/params}
mkdir -p "$work" "$params" "$work/pce"
gpu=(--gpu 0)
[ "$cpu" = 1 ] && gpu=()

t0=$SECONDS
[ -f "$params/cuzk-test-wpost-$size.vk" ] ||
  "$bench" setup --circuit "wpost-$size" "${gpu[@]}" --out "$params" >"$work/setup.log" 2>&1
echo "parameters: $((SECONDS - t0)) s ($(du -sh "$params" | cut -f1) in $params)"
t0=$SECONDS
[ -f "$work/window/request.json" ] ||
  "$bench" gen-vanilla window-post --proof-type "$proof" --virtual --sectors "$sectors" \
    --seed 5 --out "$work/window" >"$work/gen.log" 2>&1
echo "vanilla proofs: $((SECONDS - t0)) s ($(du -sh "$work/window" | cut -f1))"

sock=$work/cuzk.sock
devices='devices = [0]
cpu_fallback = false'
srs='host_copy = false'
if [ "$cpu" = 1 ]; then devices='devices = []' srs=''; fi
cat >"$work/cuzk.toml" <<TOML
[daemon]
listen = "unix://$sock"
[srs]
param_cache = "$params"
preload = ["wpost-$size"]
$srs
[gpus]
$devices
[synthesis]
precompiled = true
precompiled_cache = "$work/pce"
[logging]
level = "info"
TOML
rm -f "$sock"
"$cuzk" --config "$work/cuzk.toml" >"$work/daemon.log" 2>&1 &
pid=$!
trap 'kill -9 $pid 2>/dev/null || true' EXIT
until grep -q "srs wpost-$size: loaded in" "$work/daemon.log"; do
  kill -0 "$pid" 2>/dev/null || { tail -20 "$work/daemon.log"; exit 1; }
  sleep 0.1
done
echo "daemon: $(grep -o "srs wpost-$size: loaded in.*" "$work/daemon.log" | head -1)"
for label in first second steady; do  # distinct request ids: a repeated one is answered at once
  out=$("$bench" single --addr "unix://$sock" --vanilla "$work/window/request.json" \
    --params-dir "$params" --request-id "wdpost-$label-$$" 2>&1)
  grep -q '^valid' <<<"$out" || { echo "$label: not verified: $out" >&2; exit 1; }
  echo "$label: $(grep -E '^job |round trip' <<<"$out" | tr '\n' ' ')"
  grep "completed and verified" "$work/daemon.log" | tail -1 | sed 's/^.*\] //'
  grep "partition 0/1" "$work/daemon.log" | tail -1 | sed 's/^.*\] //'
done
kill -TERM "$pid"
wait "$pid" || true
trap - EXIT
