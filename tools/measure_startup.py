"""Time start to first frame of the game's builds side by side, in one run.

    python tools/measure_startup.py [--runs N] NAME=EXECUTABLE ...

Each run is a whole ``--frames 1`` process (start, first frame drawn, quit) under
SDL's dummy drivers, with a scratch data folder. The builds and ``python -m game``
(this interpreter, from the checkout) take turns, round after round, so a busy
moment of the machine falls on all of them alike. Prints the median and the best of
each, and each one's median against ``python -m game``'s.

    MINESWEEPER_BUILD=onefile pyinstaller --distpath /tmp/one build.spec
    MINESWEEPER_BUILD=onedir pyinstaller --distpath /tmp/dir build.spec
    python tools/measure_startup.py onefile=/tmp/one/minesweeper \
        onedir=/tmp/dir/minesweeper/minesweeper

With ``--fail-above RATIO`` (the release workflow: 1.5) it fails when a build's median
is more than RATIO times ``python -m game``'s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_once(cmd: Sequence[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [*cmd, "--frames", "1"],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="rounds (default 10)")
    parser.add_argument(
        "--fail-above", type=float, metavar="RATIO", help="fail above RATIO x python -m game"
    )
    parser.add_argument("builds", nargs="*", metavar="NAME=EXECUTABLE")
    args = parser.parse_args(argv)
    commands: dict[str, list[str]] = {"python -m game": [sys.executable, "-m", "game"]}
    for item in args.builds:
        name, _, exe = item.partition("=")
        if not exe or not Path(exe).is_file():
            parser.error(f"{item!r}: give NAME=EXECUTABLE with an existing file")
        commands[name] = [str(Path(exe).resolve())]
    with tempfile.TemporaryDirectory() as scratch:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            MINESWEEPER_DATA_DIR=str(Path(scratch) / "data"),
        )
        for cmd in commands.values():  # warm the file cache and make the data folder
            time_once(cmd, env)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, cmd in commands.items():
                times[name].append(time_once(cmd, env))
    base = statistics.median(times["python -m game"])
    print(f"start to first frame (--frames 1, dummy drivers), {args.runs} rounds:")
    slow = []
    for name, found in times.items():
        median = statistics.median(found)
        print(
            f"  {name:16} median {median * 1000:6.0f} ms  best {min(found) * 1000:6.0f} ms  "
            f"{median / base:4.2f}x python -m game"
        )
        if name != "python -m game" and args.fail_above and median / base > args.fail_above:
            slow.append(name)
    if slow:
        print(f"slower than {args.fail_above}x python -m game: {', '.join(slow)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
