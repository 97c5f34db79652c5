#!/usr/bin/env bash
# Build the one-file executable from build.spec, print the build time and file size,
# smoke-run it headless (--frames 30, SDL dummy drivers), and print its start-to-first-
# frame time beside `python -m game --frames 1` (whole runs, best of 3 each).
#
#   tools/build_exe.sh [OUT_DIR]     (default OUT_DIR: a new temporary folder)
#
# Needs the game and PyInstaller installed: pip install -e ".[build]" (or ".[build]").
# The executable is OUT_DIR/dist/minesweeper; the last line printed is its path.
# Fails if the build or the smoke run fails, if the run writes anything beside the
# executable, or if the file is 40 MB or more (issue 31: 30 MB with the CJK font; issue 47:
# 40 MB, room for the race's and speech's libraries, which load when first used).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
MAX_BYTES=$((40 * 1000 * 1000))

out=${1:-$(mktemp -d "${TMPDIR:-/tmp}/minesweeper-build.XXXXXX")}
mkdir -p "$out"
out=$(cd "$out" && pwd)
exe="$out/dist/minesweeper"

start=$(date +%s.%N)
MINESWEEPER_BUILD=onefile "$PY" -m PyInstaller --clean --noconfirm --log-level WARN \
    --workpath "$out/work" --distpath "$out/dist" build.spec
end=$(date +%s.%N)
size=$(wc -c <"$exe")
awk -v s="$start" -v e="$end" 'BEGIN { printf "build.spec: built in %.1f s\n", e - s }'
awk -v f="$exe" -v n="$size" 'BEGIN { printf "build.spec: %s is %d bytes (%.1f MB)\n", f, n, n / 1e6 }'
if [ "$size" -ge "$MAX_BYTES" ]; then
    echo "build.spec: the executable is over the 40 MB limit" >&2
    exit 1
fi

# Headless smoke run from the executable's own folder, with every user folder in a
# scratch directory; nothing may appear beside the executable.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/minesweeper-smoke.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/home" "$scratch/tmp"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
before=$(ls -A "$out/dist")
(cd "$out/dist" && HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/data" \
    TMPDIR="$scratch/tmp" MINESWEEPER_DATA_DIR="$scratch/data" ./minesweeper --frames 30)
after=$(ls -A "$out/dist")
if [ "$before" != "$after" ]; then
    echo "build.spec: the smoke run wrote beside the executable: $after" >&2
    exit 1
fi
if [ -n "$(ls -A "$scratch/tmp")" ]; then
    echo "build.spec: the smoke run left files in its temporary folder:" >&2
    ls -A "$scratch/tmp" >&2
    exit 1
fi
echo "build.spec: smoke run (--frames 30, headless) passed"

# Start to first frame: a whole --frames 1 run (start, first frame, quit), best of 3.
MINESWEEPER_DATA_DIR="$scratch/data" "$PY" - "$exe" "$PY" <<'PY'
import subprocess
import sys
import time

exe, python = sys.argv[1], sys.argv[2]


def best_of_3(cmd: list[str]) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


frozen = best_of_3([exe, "--frames", "1"])
source = best_of_3([python, "-m", "game", "--frames", "1"])
print(f"build.spec: start to first frame (--frames 1, best of 3): executable {frozen:.2f} s, "
      f"python -m game {source:.2f} s")
PY
echo "$exe"
