#!/usr/bin/env bash
# CTest: `cuzk --print-config` on the shipped example (only listen set on the command line):
# exits 0 without starting, names the origin of values (command line, file, auto and its rule),
# and its output loaded as the config prints the same values again. A bad config still stops it
# with FILE:LINE:COLUMN.
# Usage: print_config.sh CUZK EXAMPLE_TOML WORKDIR
set -euo pipefail
cuzk=$1 example=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cuzk" --config "$example" --listen "unix://$work/never.sock" --print-config >"$work/printed.toml"
[ ! -e "$work/never.sock" ] || fail "--print-config started a server"
line() { grep -E "^$1 = " "$work/printed.toml" | head -1; }
line listen | grep -q "\"unix://$work/never.sock\" *# command line$" || fail "listen: $(line listen)"
line shutdown_grace | grep -q '"30s" *# file$' || fail "shutdown_grace: $(line shutdown_grace)"
for key in host_copy cpu_fallback precompiled synthesis_lookahead total_budget; do
  line "$key" | grep -q '# auto: .' || fail "$key has no auto rule: $(line "$key")"
done
grep -q '^# cuzk effective configuration on this host: [0-9]* cores' "$work/printed.toml" ||
  fail "no host header"

"$cuzk" --config "$work/printed.toml" --print-config >"$work/again.toml"
values() { grep -v '^#' "$1" | sed -E 's/ +#.*$//'; }
diff <(values "$work/printed.toml") <(values "$work/again.toml") ||
  fail "the printed configuration does not load back to the same values"

printf '[synthesis]\nprecompiled = "maybe"\n' >"$work/bad.toml"
if "$cuzk" --config "$work/bad.toml" --print-config >"$work/bad.out" 2>&1; then
  fail "a bad value was accepted"
fi
grep -q "bad.toml:2:15: \[synthesis\] precompiled: expected true, false or \"auto\"" \
  "$work/bad.out" || fail "bad value message: $(cat "$work/bad.out")"
echo "print_config: ok"
