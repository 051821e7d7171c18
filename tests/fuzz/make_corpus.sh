#!/usr/bin/env bash
# Seed corpora of the fuzz targets (tests/fuzz), made from real inputs that cuzk-bench generates
# (seconds on two cores) and the shipped example config:
#   make_corpus.sh CUZK_BENCH OUT_DIR
# writes OUT_DIR/<target>/ for every target (replacing what was there) from scratch files in
# OUT_DIR/work.
#   fuzz_c1_json  C1 JSON of real 2 KiB seals (interactive and synthetic PoRep) and of a virtual
#                 sector, and one in Curio's envelope
#   fuzz_vanilla  genuine WindowPoSt / WinningPoSt sector proofs and a SnapDeals partition proof of
#                 2 KiB sectors, each behind its selector byte (see fuzz_vanilla.cpp)
#   fuzz_params   .params and .vk of a 64-constraint test setup
#   fuzz_points   a proof of that circuit, two proofs concatenated, its compressed A / B / C, and
#                 uncompressed G1 / G2 points of the .vk
#   fuzz_aggregate  SnarkPack aggregates published by rust-fil-proofs (tests/vectors/rust-fil-proofs:
#                 an NI seal of 16 proofs, one of 512) and a test aggregation SRS
#   fuzz_config   cuzk.example.toml
set -euo pipefail
bench=$1 out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$out/work"
rm -rf "$work" "$out"/fuzz_* && mkdir -p "$work"
for t in fuzz_c1_json fuzz_vanilla fuzz_params fuzz_points fuzz_aggregate fuzz_config; do mkdir -p "$out/$t"; done
quiet() { "$@" >/dev/null 2>"$work/last.log" || { cat "$work/last.log" >&2; exit 1; }; }

# C1 outputs.
c1=$out/fuzz_c1_json
quiet "$bench" gen-c1 --proof-type StackedDrg2KiBV1_1 --seed 1 --out "$c1/c1-2k.json" \
  --envelope "$c1/envelope-2k.json"
quiet "$bench" gen-c1 --proof-type StackedDrg2KiBV1_1_Feat_SyntheticPoRep --seed 2 \
  --out "$c1/c1-2k-synthetic.json"
quiet "$bench" gen-c1 --proof-type StackedDrg2KiBV1 --virtual --seed 3 --out "$c1/c1-2k-virtual.json"

# Vanilla proofs: selector byte (0x0a StackedDrgWindow2KiBV1_2, 0x00 StackedDrgWinning2KiBV1,
# 0x80 SnapDeals StackedDrg2KiBV1), then the bincode bytes.
van=$out/fuzz_vanilla
with_selector() { { printf "\\x$1"; cat "$2"; } >"$3"; }
quiet "$bench" gen-vanilla window-post --proof-type StackedDrgWindow2KiBV1_2 --sectors 2 \
  --seed 4 --out "$work/window"
quiet "$bench" gen-vanilla winning-post --proof-type StackedDrgWinning2KiBV1 --seed 5 \
  --out "$work/winning"
quiet "$bench" gen-vanilla snap-prove --proof-type StackedDrg2KiBV1 --seed 6 --out "$work/snap"
for i in 0 1; do with_selector 0a "$work/window/vanilla-$i.bin" "$van/window-$i"; done
with_selector 00 "$work/winning/vanilla-0.bin" "$van/winning-0"
with_selector 80 "$work/snap/partition-0.bin" "$van/snap-0"

# Parameters and a proof of the 64-constraint test circuit.
quiet "$bench" setup --constraints 64 --out "$work/params"
quiet "$bench" prove --params-dir "$work/params" --constraints 64 --out-proof "$work/proof.bin" \
  --out-inputs "$work/inputs.json"
cp "$work/params"/cuzk-test-chain-64.params "$work/params"/cuzk-test-chain-64.vk \
  "$out/fuzz_params/"

# Points: a proof is A (48) B (96) C (48), compressed; a .vk starts alpha_g1 (96) beta_g1 (96)
# beta_g2 (192), uncompressed.
pts=$out/fuzz_points
slice() { dd if="$1" bs=1 skip="$2" count="$3" status=none; }  # bytes [$2, $2 + $3)
cp "$work/proof.bin" "$pts/proof"
cat "$work/proof.bin" "$work/proof.bin" >"$pts/proofs-2"
slice "$work/proof.bin" 0 48 >"$pts/g1-compressed"
slice "$work/proof.bin" 48 96 >"$pts/g2-compressed"
slice "$work/proof.bin" 144 48 >"$pts/g1-compressed-c"
vk="$work/params/cuzk-test-chain-64.vk"
slice "$vk" 0 96 >"$pts/g1-uncompressed"
slice "$vk" 192 192 >"$pts/g2-uncompressed"

# SnarkPack: published aggregates and a small test SRS (its file format, 4 proofs' powers would be
# the same shape: the full 128-proof one is 74 KB).
agg=$out/fuzz_aggregate
cp "$root/tests/vectors/rust-fil-proofs/aggregate_proof_bytes" "$agg/aggregate-512"
node -e 'const r = require(process.argv[1]).records[0];
  require("fs").writeFileSync(process.argv[2], Buffer.from(r.proof, "hex"))' \
  "$root/tests/vectors/rust-fil-proofs/ni_aggregates.json" "$agg/ni-seal-16"
quiet "$bench" setup --aggregation-srs --seed 7 --out "$work/srs"
cp "$work/srs/cuzk-test-inner-product.srs" "$agg/srs"

cp "$root/cuzk.example.toml" "$out/fuzz_config/"

for t in "$out"/fuzz_*; do
  echo "corpus: $(basename "$t"): $(ls "$t" | wc -l) seeds, $(du -sk "$t" | cut -f1) KiB"
done
