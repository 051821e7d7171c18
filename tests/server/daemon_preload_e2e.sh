#!/usr/bin/env bash
# CTest: a restart without recording. The daemon with precompiled PoRep synthesis proves a 2 KiB
# C2 (recording the circuit into its .pce cache file) and stops; started again with
# [srs] preload = ["porep-2k"], it loads the parameters and the .pce before any request, and
# its next proof records nothing (the circuit is in memory) and verifies; started a third time
# without it, a PreloadSRS call loads the same (parameters and .pce: the engine call that [srs]
# preload makes, so no third proof); started a fourth time with [srs] preload and no cache file,
# the preload records the circuit from its blank synthesis (no proof pays for it). Each 2 KiB
# proof is ~30 s of CI's two cores: three, where each shows something the others do not.
# Usage: daemon_preload_e2e.sh CUZK CUZK_BENCH PARAMS_DIR WORKDIR
#   PARAMS_DIR holds cuzk-test-porep-2k.params/.vk (the porep_params_2KiB fixture)
set -euo pipefail
cuzk=$1 bench=$2 params=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work/pce"
source "$here/daemon_lib.sh"
synthesis="precompiled = true
precompiled_cache = \"$work/pce\""

"$bench" gen-c1 --proof-type StackedDrg2KiBV1_1 --seed 9 --out "$work/c1.json" >/dev/null 2>&1
prove() {  # LOG: one proof of the C1 (gen-c1's default miner and sector), verified
  "$bench" single --addr "$addr" --c1 "$work/c1.json" --params-dir "$params" >"$work/$1" 2>&1 ||
    fail "single: $(cat "$work/$1")"
  tail -n 1 "$work/$1" | grep -qx valid || fail "not valid: $(cat "$work/$1")"
}

start_daemon info "" "" "$synthesis"
prove first.out
grep -q "precompiled circuit porep-2k [0-9a-f]*: recorded in" "$work/daemon.log" ||
  fail "the first proof did not record the circuit"
[ -s "$work/pce/porep-2k.pce" ] || fail "no cache file $work/pce/porep-2k.pce"
stop_daemon
mv "$work/daemon.log" "$work/daemon-first.log"

start_daemon info '' 'preload = ["porep-2k"]' "$synthesis"
for _ in $(seq 1200); do grep -q "preload porep-2k: loaded" "$work/daemon.log" && break; sleep 0.1; done
grep -q "preload porep-2k: loaded" "$work/daemon.log" || fail "[srs] preload did not finish"
grep -q "preload porep-2k: precompiled circuit from $work/pce/porep-2k.pce in" "$work/daemon.log" ||
  fail "the .pce was not loaded at preload"
prove second.out
if grep -q "precompiled circuit porep-2k [0-9a-f]*: \(recorded\|cache file\)" "$work/daemon.log"; then
  fail "the proof after preload loaded or recorded the circuit again"
fi
stop_daemon
mv "$work/daemon.log" "$work/daemon-second.log"

# The PreloadSRS call loads what [srs] preload does: parameters and .pce, the set HOT.
start_daemon info "" "" "$synthesis"
"$bench" preload --addr "$addr" --circuit porep-2k >"$work/preload.out" 2>&1 ||
  fail "PreloadSRS: $(cat "$work/preload.out")"
grep -q "preload porep-2k: precompiled circuit from $work/pce/porep-2k.pce in" "$work/daemon.log" ||
  fail "the .pce was not loaded by PreloadSRS"
out=$("$bench" status --addr "$addr") || fail "status: $out"
grep -Eq "^srs +porep-2k +HOT" <<<"$out" || fail "status after PreloadSRS: porep-2k not HOT: $out"
stop_daemon
mv "$work/daemon.log" "$work/daemon-third.log"
echo "ok: restart with [srs] preload, and PreloadSRS: parameters and precompiled circuit loaded before the first request"

# No cache file: [srs] preload records the circuit from its blank synthesis and writes the file;
# the proof after it records nothing and verifies (its a, b, c from the blank-recorded matrices).
rm -f "$work/pce/porep-2k.pce"
start_daemon info '' 'preload = ["porep-2k"]' "$synthesis"
for _ in $(seq 1200); do grep -q "preload porep-2k: loaded" "$work/daemon.log" && break; sleep 0.1; done
grep -q "preload porep-2k: precompiled circuit recorded from its blank synthesis in [0-9]* ms, written to $work/pce/porep-2k.pce" \
  "$work/daemon.log" || fail "[srs] preload did not record the circuit"
[ -s "$work/pce/porep-2k.pce" ] || fail "no cache file written at preload"
prove fourth.out
if grep -q "precompiled circuit porep-2k [0-9a-f]*: \(recorded\|cache file\)" "$work/daemon.log"; then
  fail "the proof after a recording preload recorded or loaded the circuit again"
fi
stop_daemon
echo "ok: without a cache file, [srs] preload records the circuit from its blank synthesis"
