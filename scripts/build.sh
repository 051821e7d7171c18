#!/usr/bin/env bash
# Configures and builds cuzk (Release, Ninja) into build/release. The CUDA backend is compiled
# whenever nvcc is found (its device tests skip themselves on machines without a GPU). A unity
# build (each target's C++ sources in batches of 8: headers parsed and templates compiled once
# per batch) takes about half the CPU time of one compiler run per file; while editing, configure
# a build folder without it (-DCMAKE_UNITY_BUILD=OFF) to recompile one file per change. Extra
# arguments go to CMake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
cuda_args=()
nvcc=$(command -v nvcc || true)
[ -n "$nvcc" ] || [ ! -x /usr/local/cuda/bin/nvcc ] || nvcc=/usr/local/cuda/bin/nvcc
if [ -n "$nvcc" ]; then
  cuda_args=(-DCUZK_CUDA=ON -DCMAKE_CUDA_COMPILER="$nvcc")
fi
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON \
  "${cuda_args[@]}" "$@" >/dev/null
cmake --build build/release -j "$(nproc)"
