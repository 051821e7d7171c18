#!/usr/bin/env bash
# Sets up a fresh Debian machine, builds cuzk and runs the whole test suite (this is what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
# Tests labelled "long" (the 8 MiB PoRep end to end: ~6 CPU-minutes) are left out to keep CI
# short; run them with: ctest --test-dir build/release -L long
ctest --test-dir build/release --output-on-failure -j "$(nproc)" -LE long
# The libFuzzer targets (tests/fuzz), 10 s each: ~3.5 CPU-minutes of clang build, then ~1 minute.
scripts/fuzz.sh 10
