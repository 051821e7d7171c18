#!/usr/bin/env bash
# Configures and builds cuzk (Release, Ninja) into build/release. Extra arguments go to CMake's
# configure step, e.g. scripts/build.sh -DCUZK_CUDA=ON.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build/release -j "$(nproc)"
