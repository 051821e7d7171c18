#!/usr/bin/env bash
# Sets up a fresh Debian machine, builds cuzk and runs the whole test suite (this is what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
ctest --test-dir build/release --output-on-failure -j "$(nproc)"
# The libFuzzer targets (tests/fuzz), 10 s each: ~3.5 CPU-minutes of clang build, then ~1 minute.
scripts/fuzz.sh 10
