#!/usr/bin/env bash
# CTest: WinningPoSt, WindowPoSt and SnapDeals through the cuzk daemon on a unix socket, as Curio
# sends them (cuzk-bench single --vanilla: genuine vanilla proofs of real 2 KiB sectors from
# gen-vanilla; Curio's request_ids; WindowPoSt one request per partition; SnapDeals as ProofShare
# sends it, with sector_size 0; [synthesis] precompiled, so PoSt, SnapDeals and PoRep go through
# recorded circuits), each proof verified by our verifier and by
# @noble/curves against public inputs rebuilt from the request alone; bad PoSt requests refused
# with INVALID_ARGUMENT. Then the latency check: with the daemon busy on two PoRep jobs (one
# proving, one synthesised and waiting for the prover), a WinningPoSt submitted now is proven
# before the waiting PoRep partition and beside the proving one (the deadline lane): its job
# total is below half of one PoRep partition's prove time, both measured in this run.
# Usage: daemon_post_e2e.sh CUZK CUZK_BENCH PARAMS_DIR WORKDIR
#   PARAMS_DIR holds the test parameters of winning-2k, wpost-2k, snap-2k and porep-2k.
set -euo pipefail
cuzk=$1 bench=$2 params=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
oracles="$here/../oracles"
rm -rf "$work" && mkdir -p "$work"
source "$here/daemon_lib.sh"
[ -d "$oracles/node_modules/@noble/curves" ] || (cd "$oracles" && npm ci --no-audit --no-fund >/dev/null)
mkdir -p "$work/pce"
start_daemon debug "" "" "precompiled = true
precompiled_cache = \"$work/pce\""

# --- every kind, verified by cuzk and noble --------------------------------------------------
single_options=()  # extra options of prove_kind's `single` call
prove_kind() {  # NAME KIND PROOF_TYPE [gen-vanilla options]
  local name=$1 kind=$2 type=$3
  shift 3
  local dir="$work/$name"
  "$bench" gen-vanilla "$kind" --proof-type "$type" "$@" --seed 5 --out "$dir" >/dev/null 2>&1
  "$bench" single --addr "$addr" --vanilla "$dir/request.json" --params-dir "$params" \
    "${single_options[@]}" --out-proof "$dir/proof.bin" >"$dir/single.out" 2>&1 \
    || fail "$name: $(cat "$dir/single.out")"
  tail -n 1 "$dir/single.out" | grep -qx valid || fail "$name not valid: $(cat "$dir/single.out")"
  "$bench" verify-vanilla --request "$dir/request.json" --params-dir "$params" \
    --proof "$dir/proof.bin" --out-inputs "$dir/inputs.json" >/dev/null
  local circuit
  circuit=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).circuit_id)' "$dir/request.json")
  [ "$(node "$oracles/verify_groth16.mjs" --vk "$params/cuzk-test-$circuit.vk" \
        --proof "$dir/proof.bin" --inputs "$dir/inputs.json")" = valid ] \
    || fail "$name: noble rejected the daemon's proof"
  echo "ok: $name ($type) through the daemon: $(grep -c '^job ' "$dir/single.out") request(s), $(stat -c %s "$dir/proof.bin") bytes, valid for cuzk and noble"
}
prove_kind winning winning-post StackedDrgWinning2KiBV1 --sectors 3
prove_kind window window-post StackedDrgWindow2KiBV1_2 --sectors 3
# As Curio's ProofShare sends SnapDeals: sector_size left at 0, its request_id shape.
single_options=(--sector-size 0 --request-id ps-snap-1000-1-77)
prove_kind snap snap-prove StackedDrg2KiBV1
single_options=()
# Again, as Curio sends it: the circuit is known good now, so a/b/c are deferred to the backend.
prove_kind snap-again snap-prove StackedDrg2KiBV1
grep -q "request 'ps-snap-1000-1-77'" "$work/daemon.log" || fail "snap: not sent as ProofShare"
grep -q "request 'wdpost-1000-0-\[" "$work/daemon.log" || fail "window: not Curio's request_id"
for circuit in winning-2k wpost-2k snap-2k; do  # PoSt and SnapDeals as PoRep
  grep -q "precompiled circuit $circuit [0-9a-f]*: recorded in" "$work/daemon.log" ||
    fail "$circuit: not synthesised through a precompiled circuit"
  ! grep -q "$circuit.*precompiled synthesis failed" "$work/daemon.log" ||
    fail "$circuit: the precompiled synthesis fell back to generic"
done
[ "$(grep -c "precompiled circuit snap-2k [0-9a-f]*: recorded in" "$work/daemon.log")" = 1 ] ||
  fail "snap-2k: recorded more than once"
echo "ok: WinningPoSt, WindowPoSt and SnapDeals synthesised through precompiled circuits (SnapDeals twice, recorded once)"
[ "$(grep -c '^job ' "$work/window/single.out")" -ge 2 ] || fail "window: expected one request per partition"

# --- bad PoSt / SnapDeals requests: refused, the daemon keeps serving --------------------------
bad="$work/bad"
mkdir -p "$bad"
cp -r "$work/window/." "$bad/"
printf 'garbage' >"$bad/$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).vanilla_proofs[0])' "$bad/request.json")"
if "$bench" single --addr "$addr" --vanilla "$bad/request.json" --request-id bad-window \
    >"$bad/single.out" 2>&1; then
  fail "a garbage vanilla proof was accepted"
fi
grep -q "INVALID_ARGUMENT: vanilla_proofs\[0\]" "$bad/single.out" || fail "garbage: $(cat "$bad/single.out")"
echo "ok: a garbage PoSt vanilla proof is refused with INVALID_ARGUMENT naming vanilla_proofs[0]"

# --- WinningPoSt jumps the PoRep queue ----------------------------------------------------------
for n in 1 2; do
  "$bench" gen-c1 --proof-type StackedDrg2KiBV1_1 --miner-id 1000 --sector-number "$n" \
    --seed "$n" --out "$work/c1-$n.json" --envelope "$work/envelope-$n.json" >/dev/null 2>&1
done
"$bench" preload --addr "$addr" --circuit porep-2k >/dev/null || fail "preload porep-2k"
synthesised() { grep -c ': synthesised in' "$work/daemon.log" || true; }
before=$(synthesised)
for n in 1 2; do
  "$bench" single --addr "$addr" --c1 "$work/envelope-$n.json" --miner-id 1000 \
    >"$work/porep-$n.out" 2>&1 &
  eval "porep_$n=\$!"
done
# Both PoRep partitions synthesised: one is being proven, the other waits for the prover.
for _ in $(seq 6000); do
  [ "$(synthesised)" -ge $((before + 2)) ] && break
  sleep 0.1
done
[ "$(synthesised)" -ge $((before + 2)) ] || fail "the two PoRep partitions were not synthesised"
"$bench" single --addr "$addr" --vanilla "$work/winning/request.json" --params-dir "$params" \
  --request-id winning-while-busy >"$work/winning-busy.out" 2>&1 || fail "winning while busy: $(cat "$work/winning-busy.out")"
for n in 1 2; do
  eval "wait \$porep_$n" || fail "porep $n: $(cat "$work/porep-$n.out")"
done
job_of() { sed -n 's/^job \([^:]*\):.*/\1/p' "$1" | head -1; }
ms_of() { sed -n "s/.* $2 \([0-9]*\) ms.*/\1/p" "$1" | head -1; }
completed_line() { grep -n "job $1: completed and verified" "$work/daemon.log" | cut -d: -f1; }
winning_done=$(completed_line "$(job_of "$work/winning-busy.out")")
porep_after=0 porep_prove=
for n in 1 2; do
  out=$work/porep-$n.out
  [ "$(completed_line "$(job_of "$out")")" -gt "$winning_done" ] && porep_after=$((porep_after + 1))
  prove=$(ms_of "$out" prove)
  if [ -z "$porep_prove" ] || [ "$prove" -lt "$porep_prove" ]; then porep_prove=$prove; fi
done
[ "$porep_after" -ge 1 ] || fail "the WinningPoSt was proven after both PoRep jobs"
# It did not wait for the PoRep partition being proven either (the deadline lane): its whole job,
# queue to verified proof, took less than half of one PoRep partition's prove time.
winning_total=$(ms_of "$work/winning-busy.out" total)
[ $((2 * winning_total)) -lt "$porep_prove" ] \
  || fail "WinningPoSt took $winning_total ms in all, a PoRep partition's prove $porep_prove ms"
grep -q "deadline lane" "$work/daemon.log" || fail "the WinningPoSt did not use the deadline lane"
echo "ok: WinningPoSt submitted behind 2 PoRep partitions (one proving, one waiting) finished before $porep_after of them, in $winning_total ms < half a PoRep partition's prove ($porep_prove ms)"

stop_daemon
