#!/usr/bin/env bash
# CTest: scripts/compare-benches.sh with stand-in benchmarks (shell scripts that print their build
# and arguments), so that the GPU host's A/B runner is checked without a GPU: the builds take
# turns A B B A, every argument reaches the benchmark (an empty one too), the summary from the
# heading on is printed and the whole output kept (each benchmark's own, when one runs twice), a
# failing run fails the comparison after every turn has run, and bad invocations stop before
# running anything.
#   compare_benches_test.sh WORKDIR
set -euo pipefail
work=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work/a" "$work/b"
for build in a b; do
  cat >"$work/$build/fake_bench" <<EOF
#!/usr/bin/env bash
echo "setup noise"
echo "== fake on $build"
echo "row $build: \$# args [\$*]"
[ "\${FAIL_BUILD:-}" != "$build" ]
EOF
  chmod +x "$work/$build/fake_bench"
done
compare=("$root/scripts/compare-benches.sh" --out "$work/out")

out=$("${compare[@]}" old="$work/a" new="$work/b" -- fake_bench 10 "" 27 2>&1) ||
  fail "compare-benches: $out"
echo "$out"
turns=$(grep -E '^=== ' <<<"$out" | sed -E 's/.*: (old|new), round ([0-9]).*/\1\2/' | tr '\n' ' ')
[ "$turns" = "old1 new1 new2 old2 " ] || fail "turns $turns, not old1 new1 new2 old2"
[ "$(grep -c '^row a: 3 args \[10  27\]$' <<<"$out")" = 2 ] || fail "build a's rows or arguments"
[ "$(grep -c '^row b: 3 args \[10  27\]$' <<<"$out")" = 2 ] || fail "build b's rows or arguments"
! grep -q 'setup noise' <<<"$out" || fail "printed the output before the summary"
grep -q 'setup noise' "$work/out/new-2-1-fake_bench.txt" || fail "the whole output was not kept"

# The same benchmark twice with other arguments: each run keeps its own output.
"${compare[@]}" old="$work/a" new="$work/b" --rounds 1 -- fake_bench x -- fake_bench y >/dev/null ||
  fail "two benchmarks"
grep -q '^row b: 1 args \[x\]$' "$work/out/new-1-1-fake_bench.txt" || fail "the first one's output"
grep -q '^row b: 1 args \[y\]$' "$work/out/new-1-2-fake_bench.txt" || fail "the second one's output"

rc=0
out=$(FAIL_BUILD=b "${compare[@]}" old="$work/a" new="$work/b" --rows '^row' -- fake_bench 2>&1) ||
  rc=$?
[ "$rc" = 1 ] || fail "a failing run: exit $rc, not 1"
[ "$(grep -c '(exit 1;' <<<"$out")" = 2 ] || fail "the failing build's turns: $out"
[ "$(grep -c '^row' <<<"$out")" = 4 ] || fail "--rows: $out"

for args in "old=$work/a -- fake_bench" "old=$work/a new=$work/b" \
  "old=$work/a new=$work/b -- missing_bench" "old=$work/a new=$work/b --" "old=$work/a nope"; do
  rc=0
  # shellcheck disable=SC2086  # the cases are word lists
  "${compare[@]}" $args >/dev/null 2>&1 || rc=$?
  [ "$rc" = 2 ] || fail "compare-benches.sh $args: exit $rc, not 2"
done
echo "ok: compare-benches.sh"
