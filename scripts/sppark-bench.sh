#!/usr/bin/env bash
# sppark's NTT and G1 MSM beside ours, in one call on one GPU (issue #34's comparison): builds
# bench/sppark/sppark_bench.cu against sppark and blst source trees, runs it, then our
# gpu_ntt_bench and gpu_msm_bench, and prints the rows side by side. Needs nvcc and a C compiler;
# the trees are not the project's (fetch them where a network is:
#   git clone https://github.com/supranational/sppark   # measured: 17278d7
#   git clone https://github.com/supranational/blst     # measured: dece82e
# and carry them to the GPU host).
#   scripts/sppark-bench.sh --sppark DIR --blst DIR --bin DIR [--out DIR] [--runs N]
#     --bin  the directory of our gpu_ntt_bench and gpu_msm_bench (build/release/tests/gpu)
set -euo pipefail
cd "$(dirname "$0")/.."
sppark='' blst='' bin='' out=build/sppark runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --sppark) sppark=$2; shift ;;
    --blst) blst=$2; shift ;;
    --bin) bin=$2; shift ;;
    --out) out=$2; shift ;;
    --runs) runs=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$sppark" ] || [ -z "$blst" ] || [ -z "$bin" ]; then
  echo "usage: $0 --sppark DIR --blst DIR --bin DIR [--out DIR] [--runs N]" >&2
  exit 2
fi
mkdir -p "$out"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)

rev="?"
[ -e "$sppark/.git" ] && rev=$(git -C "$sppark" rev-parse --short HEAD)
echo "== build (sppark $rev)"
cc -O2 -fno-builtin -fPIC -c "$blst/src/server.c" -o "$out/server.o"
cc -O2 -fPIC -c "$blst/build/assembly.S" -o "$out/assembly.o"
ar rcs "$out/libblst.a" "$out/server.o" "$out/assembly.o"
"$nvcc" -O3 -std=c++17 -arch="sm_${CUDA_ARCH:-90}" -DFEATURE_BLS12_381 -I"$sppark" \
  -I"$blst/src" -Itests/gpu -o "$out/sppark_bench" bench/sppark/sppark_bench.cu \
  "$sppark/util/all_gpus.cpp" -L"$out" -lblst

echo "== sppark"
"$out/sppark_bench" --ntt 27 --msm 26,27 --runs "$runs" | tee "$out/sppark.txt"
echo "== cuzk"
"$bin/gpu_ntt_bench" 10 27 >"$out/ntt.txt" 2>&1
"$bin/gpu_msm_bench" --sizes 26,27 --runs "$runs" --no-check >"$out/msm.txt" 2>&1

echo "== one call, ms (lower is faster)"
pick() { grep -E "$1" "$2" | tail -1 | awk "{print \$$3}"; }
printf '%-34s %10s %10s\n' "" cuzk sppark
printf '%-34s %10s %10s\n' "Fr NTT 2^27 forward (whole table)" \
  "$(pick '^forward NTT, whole twiddle table +2\^27' "$out/ntt.txt" 7)" \
  "$(pick 'NTT forward NN +2\^27' "$out/sppark.txt" 7)"
printf '%-34s %10s %10s\n' "Fr NTT 2^27 forward (split tables)" \
  "$(pick '^forward NTT +2\^27' "$out/ntt.txt" 4)" ""
for lg in 26 27; do
  printf '%-34s %10s %10s\n' "G1 MSM 2^$lg random" \
    "$(pick "^G1 +2\\^$lg +random" "$out/msm.txt" 8)" \
    "$(pick "MSM random +2\\^$lg" "$out/sppark.txt" 6)"
done
