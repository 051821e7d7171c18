#!/usr/bin/env bash
# Installs everything cuzk needs to build, test and benchmark on Debian (12 or newer), and the npm
# packages of the test oracles. Idempotent: safe to re-run; apt-get update runs once per call and
# only when a package is missing.
set -euo pipefail

APT_PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  clang-format python3  # scripts/check-format.sh, scripts/check-floors.py
  libgtest-dev libgmock-dev libbenchmark-dev
  libssl-dev  # libcrypto: base64 encoding; bench/blake2b_bench.cpp compares OpenSSL's BLAKE2b
  nlohmann-json3-dev libcli11-dev
  libsimdjson-dev  # bench/c1_json_bench.cpp compares it with filecoin's JsonReader
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  libspdlog-dev libfmt-dev libtomlplusplus-dev libcpp-httplib-dev
  prometheus-cpp-dev  # engine/metrics.cpp: the Prometheus text exposition
  clang libclang-rt-dev  # scripts/fuzz.sh: clang, libFuzzer and the sanitizer runtimes
  liblsan0  # scripts/test.sh: LeakSanitizer preloaded into the Release test programs
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm run the independent test oracles (@noble/curves). Some hosts ship Node.js from
# another Debian-compatible source that bundles npm; only install Debian's when none is present.
if ! command -v node >/dev/null 2>&1; then missing+=(nodejs); fi
if ! command -v npm >/dev/null 2>&1; then missing+=(npm); fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all Debian packages present"
fi
