#!/usr/bin/env bash
# Builds, tests and benchmarks the GPU path in one call (for a machine with an NVIDIA GPU).
# Needs only a C++ compiler, CUDA (nvcc), CMake, ninja and GoogleTest: no other packages.
#   scripts/gpu-check.sh [--quick] [--multi] [--deadline] [--out DIR] [--sppark DIR --blst DIR]
#                        [--bin DIR]
#     --quick   tests, then only the partition proof benchmark at --log2 20 (seconds)
#     --multi   tests, then gpu_spread_bench: throughput over every GPU of the host against one
#               (32 GiB-shaped partitions; with --quick at --log2 20)
#     --deadline tests, then gpu_deadline_bench: a deadline-priority MSM's latency beside a 2^27
#               one (the daemon's two lanes in miniature)
#     --out DIR also write the logs there (default: build/gpu/logs)
#     --sppark DIR --blst DIR   then sppark's NTT and MSM beside ours in the same call
#               (scripts/sppark-bench.sh; source trees of supranational/sppark and blst)
#     --bin DIR no build: the programs packed elsewhere by `scripts/pack-binaries.sh OUT.tgz --gpu`
#               (unpacked, DIR/ holds them and lib/), the tests run as test_gpu_host and test_gpu
#     (paths from the repository's root)
# Benchmarks: gpu_field_bench, gpu_ntt_bench, gpu_msm_bench, and gpu_partition_bench (a whole
# PoRep-shaped partition proof through CudaBackend) at the real size, --log2 27 (~45 GB of device
# memory, ~35 GB of host memory).
# Prints a short summary table last.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
quick=0
multi=0
deadline=0
out=build/gpu/logs
sppark=''
blst=''
bin=''
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --multi) multi=1 ;;
    --deadline) deadline=1 ;;
    --out) out=$2; shift ;;
    --sppark) sppark=$2; shift ;;
    --blst) blst=$2; shift ;;
    --bin) bin=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
arch=${CUDA_ARCH:-90}
summary=()

echo "== GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null)"
# The programs: built here into build/gpu, or packed ones in --bin.
find_exe() { find "${bin:-build/gpu}" -name "$1" -type f -perm -u+x | head -1; }

build_and_ctest() {
  echo "== configure (sm_$arch)"
  cmake -S . -B build/gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUZK_CUDA=ON \
    -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES="$arch" \
    -DCUZK_BUILD_APPS=OFF -DCUZK_BUILD_BENCH=OFF >"$out/configure.log" 2>&1 \
    || { cat "$out/configure.log"; exit 1; }

  targets=()
  available=$(cmake --build build/gpu --target help 2>/dev/null)
  for t in test_gpu_host test_gpu gpu_field_bench gpu_ntt_bench gpu_msm_bench gpu_prove_bench \
           gpu_partition_bench gpu_spread_bench gpu_deadline_bench; do
    grep -q "^$t:" <<<"$available" && targets+=("$t")
  done
  # Each target on its own, so that one broken target does not hide the others' results.
  for t in "${targets[@]}"; do
    start=$(date +%s)
    if cmake --build build/gpu --target "$t" >>"$out/build.log" 2>&1; then
      summary+=("build $t|ok|$(( $(date +%s) - start )) s")
    else
      grep -E "error" "$out/build.log" | head -20
      summary+=("build $t|FAILED|see $out/build.log")
    fi
  done

  echo "== tests (ctest -L gpu)"
  ctest --test-dir build/gpu -L gpu --output-on-failure -j4 >"$out/ctest.log" 2>&1
  rc=$?
  grep -E "tests passed|tests failed|Failed|\*\*\*" "$out/ctest.log" | tail -20
  summary+=("tests|$([ $rc -eq 0 ] && echo ok || echo FAILED)|$(grep -E 'tests passed' "$out/ctest.log" | tail -1)")
}

# The packed tests, each program whole (ctest needs the build tree).
packed_tests() {
  local t exe trc
  rc=0
  for t in test_gpu_host test_gpu; do
    exe=$(find_exe "$t")
    [ -n "$exe" ] || { echo "$t: not in $bin" >&2; rc=1; continue; }
    "$exe" --gtest_brief=1 >"$out/$t.log" 2>&1
    trc=$?
    [ $trc -eq 0 ] || rc=$trc
    grep -E "tests? from .* ran|PASSED|FAILED|SKIPPED" "$out/$t.log" | tail -6
    summary+=("$t|$([ $trc -eq 0 ] && echo ok || echo FAILED)|$(grep -E '^\[.*\] [0-9]+ tests?[.,]' \
      "$out/$t.log" | tail -3 | tr -s ' \n' ' ')")
  done
}

if [ -n "$bin" ]; then
  export LD_LIBRARY_PATH="$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "== tests (packed programs in $bin)"
  packed_tests
else
  build_and_ctest
fi

# The tests that fill the device's memory, alone (they would fail tests running beside them).
echo "== memory tests (CUZK_GPU_OOM_TEST=1, one at a time)"
exe=$(find_exe test_gpu)
if [ -n "$exe" ]; then
  CUZK_GPU_OOM_TEST=1 "$exe" --gtest_filter='*OutOfDeviceMemory*:*MsmScratchAtATime*' \
    >"$out/memory-tests.log" 2>&1
  mrc=$?
  [ $mrc -eq 0 ] || rc=$mrc  # the exit status keeps the tests' failure too
  grep -E "PASSED|FAILED" "$out/memory-tests.log" | tail -5
  summary+=("memory tests|$([ $mrc -eq 0 ] && echo ok || echo FAILED)|$(grep -E 'PASSED' "$out/memory-tests.log" | tail -1)")
fi

benches=(gpu_field_bench gpu_ntt_bench gpu_msm_bench gpu_prove_bench gpu_partition_bench)
partition_log2=27
if [ "$quick" -eq 1 ]; then
  benches=(gpu_partition_bench)
  partition_log2=20
fi
[ "$multi" -eq 1 ] && benches=(gpu_spread_bench)
[ "$deadline" -eq 1 ] && benches=(gpu_deadline_bench)
for b in "${benches[@]}"; do
  exe=$(find_exe "$b")
  [ -n "$exe" ] || { echo "== $b: not built (or not packed)"; continue; }
  args=()
  case "$b" in
    gpu_partition_bench | gpu_spread_bench) args=(--log2 "$partition_log2") ;;
  esac
  label="$b${args[*]+ ${args[*]}}"
  echo "== $label"
  "$exe" ${args[@]+"${args[@]}"} >"$out/$b.log" 2>&1
  brc=$?
  tail -25 "$out/$b.log"
  detail=$out/$b.log
  if [ "$b" = gpu_partition_bench ]; then  # the proof's median wall time, in the table
    wall=$(awk '/^total \(wall\)/ {print $3}' "$out/$b.log")
    [ -n "$wall" ] && detail="total $wall ms; $out/$b.log"
  fi
  if [ "$b" = gpu_spread_bench ]; then  # the all-devices row: speed-up and efficiency
    row=$(awk '$1 ~ /^[0-9]+$/ && $4 ~ /x$/ {r=$1" GPUs: "$4", "$5" "$6} END {print r}' "$out/$b.log")
    [ -n "$row" ] && detail="$row; $out/$b.log"
  fi
  summary+=("$label|$([ $brc -eq 0 ] && echo ok || echo FAILED)|$detail")
done

if [ -n "$sppark" ] && [ -n "$blst" ]; then
  ntt=$(find_exe gpu_ntt_bench)
  if [ -n "$ntt" ]; then
    echo "== sppark beside cuzk"
    scripts/sppark-bench.sh --sppark "$sppark" --blst "$blst" --bin "$(dirname "$ntt")" \
      --out "$out/sppark" >"$out/sppark.log" 2>&1
    src=$?
    tail -7 "$out/sppark.log"
    summary+=("sppark-bench|$([ $src -eq 0 ] && echo ok || echo FAILED)|$out/sppark.log")
  fi
fi

echo
echo "== summary"
printf '%s\n' "${summary[@]}" | awk -F'|' '{printf "%-30s %-8s %s\n", $1, $2, $3}'
[ $rc -eq 0 ]
