# shellcheck shell=bash disable=SC2034  # the variables set here are the callers'
# Sourced by the scenario scripts (vanilla-, deadline- and startup-scenario.sh): the binaries, the
# daemon's device keys, and its start and stop. Expects to run from the repository root.
#   scenario_binaries BIN       $cuzk and $bench: BIN/cuzk and BIN/cuzk-bench, or build/release's
#   scenario_device_keys CPU [DEVICES]
#                               $gpu_keys ([gpus] lines) and $srs_keys ([srs] lines): DEVICES
#                               (default [0]) with no CPU fallback and parameters decoded on the
#                               device (host_copy = false); CPU = 1: the CPU backend
#   start_scenario_daemon CONFIG LOG PATTERN
#                               starts cuzk, sets $pid (killed if the script exits early), waits
#                               until LOG has a line matching PATTERN; the log's tail if cuzk dies
#   stop_scenario_daemon        prints its peak RSS, SIGTERM, waits for it
#   scenario_timeline LOG SVG [CIRCUIT]
#                               draws the run's partitions (cuzk-bench timeline) and prints the
#                               GPU's busy %, each circuit's pace and its phases' medians; with
#                               CIRCUIT, again before and from its first partition

scenario_binaries() {
  cuzk=${1:+$1/cuzk} bench=${1:+$1/cuzk-bench}
  cuzk=${cuzk:-build/release/apps/cuzk/cuzk} bench=${bench:-build/release/apps/cuzk-bench/cuzk-bench}
}

scenario_device_keys() {
  gpu_keys="devices = ${2:-[0]}
cpu_fallback = false"
  srs_keys='host_copy = false'
  if [ "$1" = 1 ]; then gpu_keys='devices = []' srs_keys=''; fi
}

start_scenario_daemon() {
  local config=$1 log=$2 pattern=$3
  "$cuzk" --config "$config" >"$log" 2>&1 &
  pid=$!
  trap 'kill -9 $pid 2>/dev/null || true' EXIT
  until grep -Eq "$pattern" "$log"; do
    kill -0 "$pid" 2>/dev/null || { tail -20 "$log"; exit 1; }
    sleep 0.05
  done
}

stop_scenario_daemon() {
  echo "daemon peak RSS: $(awk '/^VmHWM:/ {printf "%.1f GiB", $2 / 1048576}' "/proc/$pid/status")"
  kill -TERM "$pid"
  wait "$pid" || true
  trap - EXIT
}

scenario_timeline() {
  "$bench" timeline --log "$1" --out "$2" ${3:+--split-at-first "$3"} ||
    echo "timeline: no partition in $1"
}
