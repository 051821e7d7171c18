#!/usr/bin/env bash
# Every C++ / CUDA source the repository tracks is as clang-format (.clang-format) writes it.
# Exit 1 and the files that differ; fix them with: scripts/check-format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h' '*.cc')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
differ=()
for f in "${files[@]}"; do
  clang-format "$f" | cmp -s - "$f" || differ+=("$f")
done
if [ ${#differ[@]} -gt 0 ]; then
  printf '%s\n' "${differ[@]}"
  echo "check-format: ${#differ[@]} of ${#files[@]} files differ from clang-format" \
       "($(clang-format --version | grep -o 'version [0-9.]*')); scripts/check-format.sh --fix" >&2
  exit 1
fi
echo "check-format: ok (${#files[@]} files)"
