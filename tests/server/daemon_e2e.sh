#!/usr/bin/env bash
# CTest: the cuzk daemon binary end to end on a unix socket, driven by cuzk-bench's client
# commands: 2 KiB PoRep C1s from real sealing; preload, status, a single proof (verified by our
# C2 verifier and, when node is available, by @noble/curves), the same sector proven again from a
# new C1 under the same request_id by an independent @grpc/grpc-js client built from the .proto
# (Curio's Prove call), a cancel by request_id,
# a batch from concurrent clients, a request the daemon must refuse (INVALID_ARGUMENT) while it
# keeps serving, metrics over gRPC and HTTP, evict, the daemon's memory back to its idle level
# after the proofs, and SIGTERM -> exit 0 with the socket removed.
# Commands' output is captured before it is grepped: `cmd | grep -q` under pipefail fails when
# grep leaves at its first match while cmd still writes.
# Usage: daemon_e2e.sh CUZK CUZK_BENCH PARAMS_DIR WORKDIR
#   PARAMS_DIR holds cuzk-test-porep-2k.params/.vk (the porep_params_2KiB fixture)
set -euo pipefail
cuzk=$1 bench=$2 params=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
oracles="$here/../oracles"
rm -rf "$work" && mkdir -p "$work"
source "$here/daemon_lib.sh"
start_daemon info 'status_listen = "127.0.0.1:0"
shutdown_grace = "60s"' 'preload = ["porep-2k"]'
[ "$(stat -c %a "$sock")" = 660 ] || fail "socket mode $(stat -c %a "$sock"), want 660"
port=$(sed -n 's/.*HTTP status on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/daemon.log" | head -1)

rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$pid/status"; }
rss_detail() { grep -E '^(RssAnon|RssFile|Threads):' "/proc/$pid/status" | tr -s ' \t' ' ' | tr '\n' ' '; }

# Sector 2 is sealed twice (seeds 2 and 12: other data, ticket and seed), as Curio proves a sector
# again after a failed commit, under the same request_id porep-1000-2.
for n in 2 4 12; do
  "$bench" gen-c1 --proof-type StackedDrg2KiBV1_1 --miner-id 1000 --sector-number "${n#1}" \
    --seed "$n" --out "$work/c1-$n.json" --envelope "$work/envelope-$n.json" >/dev/null 2>&1
done

# [srs] preload loads the set once the daemon serves; the PreloadSRS call then finds it loaded.
for _ in $(seq 1200); do grep -q "preload porep-2k: loaded" "$work/daemon.log" && break; sleep 0.1; done
grep -q "preload porep-2k: loaded" "$work/daemon.log" || fail "[srs] preload did not load porep-2k"
out=$("$bench" preload --addr "$addr" --circuit porep-2k) || fail "preload: $out"
grep -q "porep-2k: already loaded" <<<"$out" || fail "preload after [srs] preload: $out"
out=$("$bench" status --addr "$addr") || fail "status: $out"
grep -Eq "^srs +porep-2k +HOT" <<<"$out" || fail "status: porep-2k not HOT: $out"
rss_idle=$(rss_kib)
idle_detail=$(rss_detail)

# A single proof at critical priority, verified against the .vk. (One: a 2 KiB proof is ~30 s of
# CI's two cores; the node client below proves another at normal priority, the batch two more
# from concurrent clients, and the cancelled job goes in at low priority.)
"$bench" single --addr "$addr" --c1 "$work/envelope-2.json" --miner-id 1000 \
  --priority critical --params-dir "$params" --out-proof "$work/proof-2.bin" \
  >"$work/single-2.out" 2>&1 &
single=$!
# Refused while that runs: the wrong miner for sector 4's C1.
if "$bench" single --addr "$addr" --c1 "$work/c1-4.json" --miner-id 1001 --sector-number 4 \
    >"$work/bad.out" 2>&1; then
  fail "a C1 under the wrong miner was accepted"
fi
grep -q "INVALID_ARGUMENT: miner_id / sector_number" "$work/bad.out" || fail "bad request: $(cat "$work/bad.out")"
wait "$single" || fail "single: $(cat "$work/single-2.out")"
tail -n 1 "$work/single-2.out" | grep -qx valid || fail "single not valid: $(cat "$work/single-2.out")"
grep -q "total .* ms; round trip" "$work/single-2.out" || fail "single: no timings"
echo "ok: a single proof (critical) verified; bad request refused while it ran"

# A cancel: a low-priority job, cancelled through CancelProof; its client sees CANCELLED. Its C1
# is gen-c1's with no miner or sector given, sent bare by single with none either: the tools'
# defaults agree (else the submit is refused: the replica id names miner and sector).
"$bench" gen-c1 --proof-type StackedDrg2KiBV1_1 --seed 5 --out "$work/c1-defaults.json" \
  >/dev/null 2>&1
"$bench" single --addr "$addr" --c1 "$work/c1-defaults.json" --priority low \
  --request-id to-cancel >"$work/cancel.out" 2>&1 &
cancel_client=$!
for _ in $(seq 600); do grep -q "request 'to-cancel'" "$work/daemon.log" && break; sleep 0.1; done
grep -q "request 'to-cancel'" "$work/daemon.log" || fail "the job to cancel was not submitted"
out=$("$bench" cancel --addr "$addr" --job-id to-cancel) || fail "cancel: $out"
grep -q "^to-cancel: cancelled" <<<"$out" || fail "cancel by request_id: $out"
if wait "$cancel_client"; then fail "the cancelled job's client succeeded: $(cat "$work/cancel.out")"; fi
grep -q "CANCELLED" "$work/cancel.out" || fail "cancelled client: $(cat "$work/cancel.out")"
echo "ok: a job cancelled through CancelProof by its request_id ends CANCELLED for its client"
echo "ok: gen-c1's default miner and sector are single's"

if command -v node >/dev/null 2>&1; then
  [ -d "$oracles/node_modules/@noble/curves" ] || (cd "$oracles" && npm ci --no-audit --no-fund >/dev/null)
  "$bench" c2-inputs --c1 "$work/c1-2.json" --out-inputs "$work/inputs-2.json" 2>/dev/null
  [ "$(node "$oracles/verify_groth16.mjs" --vk "$params/cuzk-test-porep-2k.vk" \
        --proof "$work/proof-2.bin" --inputs "$work/inputs-2.json")" = valid ] \
    || fail "noble rejected the daemon's proof"
  echo "ok: noble verifies the daemon's proof"
  # A second, independent client (@grpc/grpc-js from the .proto), calling Prove as Curio does:
  # sector 2 proven again from a new C1 under the same request_id as the proof above (completed),
  # so the daemon must start a new job, not answer ALREADY_EXISTS or return the old proof.
  [ -d "$oracles/node_modules/@grpc/grpc-js" ] || (cd "$oracles" && npm ci --no-audit --no-fund >/dev/null)
  node "$oracles/grpc_client.mjs" --addr "$addr" prove --envelope "$work/envelope-12.json" \
    --registered-proof 5 --sector-size 2048 --sector-number 2 --miner-id 1000 \
    --priority NORMAL --request-id porep-1000-2 --rpc Prove --out "$work/proof-node.bin" \
    >"$work/node.out" 2>&1 || fail "node client: $(cat "$work/node.out")"
  grep -q "^completed .* 192$" "$work/node.out" || fail "node client: $(cat "$work/node.out")"
  mkdir -p "$work/vk-only" && cp "$params/cuzk-test-porep-2k.vk" "$work/vk-only/"
  [ "$("$bench" verify-c2 --params-dir "$work/vk-only" --c1 "$work/c1-12.json" --proof "$work/proof-node.bin" 2>/dev/null)" = valid ] \
    || fail "the proof of the re-proven sector does not verify against its new C1 (a directory of the .vk alone)"
  [ "$(grep -c "request 'porep-1000-2'" "$work/daemon.log")" = 2 ] \
    || fail "porep-1000-2: expected two jobs, one per C1"
  out=$(node "$oracles/grpc_client.mjs" --addr "$addr" status) || fail "node client: GetStatus: $out"
  grep -q '"circuit_id": "porep-2k"' <<<"$out" || fail "node client: GetStatus: $out"
  echo "ok: independent node gRPC client (Prove): a sector re-proven under the same request_id got a valid proof of its new C1"
  completed_before_batch=2
else
  completed_before_batch=1
fi

"$bench" batch --addr "$addr" --c1 "$work/envelope-4.json" --miner-id 1000 --count 2 -j 2 \
  >"$work/batch.out" 2>"$work/batch.err" || fail "batch: $(cat "$work/batch.out" "$work/batch.err")"
grep -q "batch: 2 completed, 0 failed" "$work/batch.out" || fail "batch: $(cat "$work/batch.out")"
grep -q "latency ms: p50" "$work/batch.out" || fail "batch: no percentiles"
echo "ok: batch of 2 from 2 clients"

"$bench" metrics --addr "$addr" >"$work/metrics.txt"
grep -q "cuzk_proofs_total{kind=\"porep_seal_commit\",result=\"completed\"} $((completed_before_batch + 2))" "$work/metrics.txt" \
  || fail "metrics: $(grep cuzk_proofs_total "$work/metrics.txt")"
if [ -n "$port" ] && command -v curl >/dev/null 2>&1; then
  curl -sf -o "$work/http-metrics.txt" "http://127.0.0.1:$port/metrics" || fail "GET /metrics"
  grep -q '^cuzk_memory_budget_bytes 8589934592$' "$work/http-metrics.txt" \
    || fail "GET /metrics: $(grep memory_budget "$work/http-metrics.txt")"
  curl -sf -o "$work/http-status.json" "http://127.0.0.1:$port/status" || fail "GET /status"
  grep -q '"circuit_id": "porep-2k"' "$work/http-status.json" || fail "GET /status: $(cat "$work/http-status.json")"
  echo "ok: HTTP /metrics and /status"
fi

# Memory back at the idle level (parameters loaded, no job): within 64 MiB of it, where one
# partition's working set is ~1 GiB. Not under AddressSanitizer (scripts/sanitize.sh sets
# CUZK_SANITIZE=1): its quarantine holds freed blocks (256 MiB), its allocator caches the rest;
# LeakSanitizer checks the daemon's heap at exit instead.
rss_after=$(rss_kib)
if [ "${CUZK_SANITIZE:-0}" = 1 ]; then
  echo "skipped: RSS bound under AddressSanitizer (idle $rss_idle KiB, after $rss_after KiB)"
else
  [ "$rss_after" -le $((rss_idle + 65536)) ] \
    || fail "RSS $rss_after KiB ($(rss_detail)) after the proofs, idle was $rss_idle KiB ($idle_detail)"
  echo "ok: RSS idle $rss_idle KiB, after $((completed_before_batch + 2)) proofs $rss_after KiB"
fi

out=$("$bench" evict --addr "$addr" --circuit porep-2k) || fail "evict: $out"
grep -q "porep-2k: evicted" <<<"$out" || fail "evict: $out"
out=$("$bench" status --addr "$addr") || fail "status after evict: $out"
grep -Eq "^srs +porep-2k +COLD" <<<"$out" || fail "status after evict: $out"

stop_daemon
