#!/usr/bin/env bash
# CTest: the scripts that measure on the GPU host, run end to end at 2 KiB on the CPU backend, so
# that a change breaking one shows here and not on a lent GPU's clock:
#   scripts/vanilla-scenario.sh  a WindowPoSt partition three times (first, second, steady), then
#                                a queue of two with a WinningPoSt beside it; each verified; the
#                                daemon's peak RSS; and a WinningPoSt on parameters it makes,
#                                whose .pce setup writes;
#   scripts/deadline-scenario.sh its alone phase with a WindowPoSt (--window): the first C2 and
#                                the first WindowPoSt before it, every proof verified;
#   scripts/startup-scenario.sh  two cold starts to the first verified C2 (without, then with the
#                                .pce), on deadline-scenario's work folder; and --set wpost-2k.
# Timings are printed, not checked. Usage: scenario_scripts_e2e.sh CUZK CUZK_BENCH PARAMS_DIR WORKDIR
#   PARAMS_DIR holds the porep-2k, winning-2k and wpost-2k test parameters (the fixtures).
set -euo pipefail
cuzk=$1 bench=$2 params=$3 work=$4
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work/bin" "$work/deadline/params"
ln -s "$cuzk" "$work/bin/cuzk"
ln -s "$bench" "$work/bin/cuzk-bench"

out=$("$root/scripts/vanilla-scenario.sh" --kind window --size 2k --cpu --queue 2 \
  --winning-beside 1 --bin "$work/bin" --params "$params" --work "$work/vanilla" 2>&1) ||
  fail "vanilla-scenario: $out"
echo "$out"
for line in '^first: job ' '^second: job ' '^steady: job .* round trip' '^queue of 2: ' \
  '^winning beside the queue 1: job .* round trip' '^daemon peak RSS: [0-9.]* GiB$'; do
  grep -Eq "$line" <<<"$out" || fail "vanilla-scenario printed no line like $line"
done
# Its own parameters (a WinningPoSt, made by setup here): setup writes the circuit it recorded as
# the daemon's .pce (--pce-dir), which the preload then loads instead of recording it.
out=$("$root/scripts/vanilla-scenario.sh" --kind winning --size 2k --cpu --bin "$work/bin" \
  --work "$work/winning" 2>&1) || fail "vanilla-scenario --kind winning: $out"
grep -Eq '^steady: job ' <<<"$out" || fail "vanilla-scenario --kind winning: $out"
log=$(cat "$work/winning/daemon.log")
grep -q 'preload winning-2k: precompiled circuit from .*winning-2k.pce' <<<"$log" ||
  fail "the preload did not load the .pce setup wrote: $(grep preload <<<"$log")"
echo "ok: vanilla-scenario.sh"

# deadline-scenario.sh makes its parameters under --work unless they are there: link them in.
for set in porep winning wpost; do
  ln -s "$params/cuzk-test-$set-2k.params" "$params/cuzk-test-$set-2k.vk" "$work/deadline/params/"
done
out=$("$root/scripts/deadline-scenario.sh" all --size 2k --cpu --window --phases alone \
  --duration 4s --every 2s --bin "$work/bin" --work "$work/deadline" 2>&1) ||
  fail "deadline-scenario: $out"
echo "$out"
for line in '^first C2: job ' '^first WindowPoSt: job ' '^alone +winning-post .* [1-9][0-9]* +0 ' \
  '^alone +window-post .* [1-9][0-9]* +0 ' '^daemon peak RSS: '; do
  grep -Eq "$line" <<<"$out" || fail "deadline-scenario printed no line like $line"
done
echo "ok: deadline-scenario.sh --window"

out=$("$root/scripts/startup-scenario.sh" --size 2k --cpu --bin "$work/bin" \
  --work "$work/deadline" 2>&1) || fail "startup-scenario: $out"
grep -E '^(start|prepare)' <<<"$out"
for line in '^start 1 .*porep-2k hot after [0-9]+ ms; first C2 verified after [0-9]+ ms' \
  '^start 2 \(with .pce\): porep-2k hot after [0-9]+ ms; first C2 verified'; do
  grep -Eq "$line" <<<"$out" || fail "startup-scenario printed no line like $line"
done
out=$("$root/scripts/startup-scenario.sh" --size 2k --cpu --bin "$work/bin" \
  --work "$work/deadline" --set wpost-2k 2>&1) || fail "startup-scenario --set: $out"
grep -Eq '^start 2: wpost-2k hot after [0-9]+ ms' <<<"$out" || fail "startup-scenario --set: $out"
echo "ok: startup-scenario.sh, and --set wpost-2k"
