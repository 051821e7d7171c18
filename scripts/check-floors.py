#!/usr/bin/env python3
"""The floor rule: a file in src/X includes "Y/..." only when floor X links floor Y (directly or
through others), as the CMake targets say (src/CMakeLists.txt's cuzk_floor lines and every
target_link_libraries(cuzk_X ...) under src/), and src/gpu's rooms use only the rooms below them.
Exit 1 and one line per include that goes up a floor. Run from anywhere: scripts/check-floors.py
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

# src/gpu's rooms, each with the rooms it may use (besides itself); see src/gpu/CMakeLists.txt.
GPU_ROOMS = {
    "arith": set(),
    "util": set(),
    "ntt": {"arith", "util"},
    "msm": {"arith", "util"},
    "params": {"arith", "util"},
    "backend": {"arith", "util", "ntt", "msm", "params"},
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCE_SUFFIXES = {".cpp", ".hpp", ".cu", ".cuh", ".h"}


def floor_links():
    """Direct links between floors, read from the CMake files under src/."""
    links = {}
    for cmake in SRC.rglob("CMakeLists.txt"):
        text = re.sub(r"#[^\n]*", "", cmake.read_text())
        for name, args in re.findall(r"cuzk_floor\(\s*(\w+)([^)]*)\)", text):
            links.setdefault(name, set()).update(re.findall(r"\bcuzk_(\w+)", args))
        for name, args in re.findall(r"target_link_libraries\(\s*cuzk_(\w+)([^)]*)\)", text):
            links.setdefault(name, set()).update(re.findall(r"\bcuzk_(\w+)", args))
    links.setdefault("util", set())
    return links


def reachable(links):
    """Every floor each floor may include: itself and all it links, transitively."""
    closure = {}
    for start in links:
        seen, stack = {start}, [start]
        while stack:
            for dep in links.get(stack.pop(), ()):
                if dep not in seen:
                    seen.add(dep)
                    stack.append(dep)
        closure[start] = seen
    return closure


def main():
    allowed = reachable(floor_links())
    problems = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES:
            continue
        rel = path.relative_to(SRC)
        floor = rel.parts[0]
        if floor not in allowed:
            problems.append(f"src/{rel}: in no floor known to src/CMakeLists.txt")
            continue
        for target in INCLUDE.findall(path.read_text(errors="replace")):
            parts = pathlib.PurePosixPath(target).parts
            if ".." in parts or len(parts) < 2:
                problems.append(f'src/{rel}: "{target}" is not rooted at src/')
            elif parts[0] not in allowed:
                continue  # generated code (the gRPC stubs under cuzk/v1/)
            elif not (SRC / target).exists():
                problems.append(f'src/{rel}: "{target}" does not exist')
            elif parts[0] not in allowed[floor]:
                problems.append(f'src/{rel}: "{target}" goes up a floor ({floor} -> {parts[0]})')
            elif floor == "gpu" == parts[0] and len(rel.parts) > 2:
                room, used = rel.parts[1], parts[1]
                if used != room and used not in GPU_ROOMS.get(room, set()):
                    problems.append(f'src/{rel}: "{target}" goes up a room (gpu/{room} -> gpu/{used})')
    for line in problems:
        print(line)
    if problems:
        print(f"check-floors: {len(problems)} include(s) break the floor rule", file=sys.stderr)
        return 1
    print(f"check-floors: ok ({len(allowed)} floors)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
