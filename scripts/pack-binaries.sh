#!/usr/bin/env bash
# Packs cuzk and cuzk-bench with the shared libraries they load that a bare host may lack (gRPC,
# protobuf, spdlog, fmt, ...: everything ldd lists except the C and C++ runtimes), stripped, into
# one tarball: to run the daemon, or compare builds (scripts/compare-builds.sh), on a GPU host
# that has the driver but not the build's packages. Unpacked, NAME/ holds cuzk, cuzk-bench and
# lib/; run them with LD_LIBRARY_PATH=NAME/lib (compare-builds.sh does).
# --gpu packs the GPU tests and benchmarks instead (test_gpu_host, test_gpu, gpu_field_bench,
# gpu_ntt_bench, gpu_msm_bench, gpu_partition_bench: ~25 MB), which `scripts/gpu-check.sh --bin
# NAME` runs without building.
#   scripts/pack-binaries.sh OUT.tgz [--name NAME] [--build DIR] [--gpu]
#     (default: bin, build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
out="" name=bin build=build/release gpu=0
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=$2; shift ;;
    --build) build=$2; shift ;;
    --gpu) gpu=1 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) out=$1 ;;
  esac
  shift
done
[ -n "$out" ] || {
  echo "usage: scripts/pack-binaries.sh OUT.tgz [--name NAME] [--build DIR] [--gpu]" >&2
  exit 2
}
bins=("$build/apps/cuzk/cuzk" "$build/apps/cuzk-bench/cuzk-bench")
if [ "$gpu" = 1 ]; then
  bins=()
  for t in test_gpu_host test_gpu gpu_field_bench gpu_ntt_bench gpu_msm_bench gpu_partition_bench; do
    bins+=("$build/tests/gpu/$t")
  done
fi
for b in "${bins[@]}"; do [ -x "$b" ] || { echo "$b: not built" >&2; exit 1; }; done
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/lib"
cp "${bins[@]}" "$stage/$name/"
# The host's own runtimes stay: glibc's and the compiler's libraries are on every Linux host, and
# a newer one there still runs these binaries; so does the GPU driver's (libcuda).
ldd "${bins[@]}" | awk '/=> \// { print $3 }' | sort -u |
  grep -Ev '/(libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s|libcuda|ld-linux[^/]*)\.so' |
  while read -r lib; do cp -L "$lib" "$stage/$name/lib/"; done
for b in "${bins[@]}"; do strip "$stage/$name/$(basename "$b")"; done
strip --strip-unneeded "$stage/$name"/lib/*.so* 2>/dev/null || true
tar czf "$out" -C "$stage" "$name"
libs=$(find "$stage/$name/lib" -type f | wc -l)
echo "$out: $(du -h "$out" | cut -f1) ($name/: ${#bins[@]} programs, $libs libraries)"
