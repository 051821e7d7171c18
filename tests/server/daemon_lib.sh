# Sourced by the daemon end-to-end scripts (daemon_e2e.sh, daemon_post_e2e.sh). Expects $cuzk,
# $params and $work; defines $sock, $addr, $pid and:
#   fail MESSAGE                          print it and the daemon log's tail, exit 1
#   start_daemon LOG_LEVEL [DAEMON_KEYS] [SRS_KEYS] [SYNTHESIS_KEYS]
#                                         write $work/cuzk.toml (unix socket, $params, 8 GiB
#                                         budget, 2 synthesis threads, 1 prover worker; extra
#                                         [daemon], [srs] and [synthesis] keys as TOML lines) and
#                                         wait for the socket
#   stop_daemon                           SIGTERM: exit 0, the socket removed
fail() { echo "FAIL: $*"; echo "--- daemon log (tail) ---"; tail -n 40 "$work/daemon.log" || true; exit 1; }
sock="$work/cuzk.sock"
addr="unix://$sock"

start_daemon() {
  cat >"$work/cuzk.toml" <<TOML
[daemon]
listen = "$addr"
${2:-}

[srs]
param_cache = "$params"
${3:-}

[memory]
total_budget = "8GiB"

[synthesis]
threads = 2
${4:-}

[gpus]
gpu_workers_per_device = 1

[logging]
level = "$1"
TOML
  "$cuzk" --config "$work/cuzk.toml" >"$work/daemon.log" 2>&1 &
  pid=$!
  trap 'kill -9 $pid 2>/dev/null || true' EXIT
  for _ in $(seq 600); do [ -S "$sock" ] && break; sleep 0.1; done
  [ -S "$sock" ] || fail "no socket at $sock"
}

stop_daemon() {
  kill -TERM "$pid"
  local rc=0
  wait "$pid" || rc=$?
  trap - EXIT
  [ "$rc" = 0 ] || fail "daemon exited $rc on SIGTERM"
  [ ! -e "$sock" ] || fail "socket left behind"
  grep -q "cuzk stopped" "$work/daemon.log" || fail "no clean stop in the log"
  echo "ok: SIGTERM -> exit 0"
}
