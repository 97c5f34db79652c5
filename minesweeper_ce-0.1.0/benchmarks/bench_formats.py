"""Reading and counting the community's replays: 1000 AVF files (the shared ones,
repeated) read and tallied by ours, beside ms-toollib doing the same in the same run.

Run: python benchmarks/bench_formats.py [N]

ms-toollib (the Rust reference, a test-only oracle) runs in a child process, as it
may abort the interpreter; it is timed inside the child, so the child's start-up
is not counted. Both are timed in CPU seconds of their own process (the machine may
be busy with other work). Also the peak memory of ours (tracemalloc) for one pass. A
benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.replay.formats import avf  # noqa: E402
from game.replay.tally import tally  # noqa: E402

REPLAYS = ROOT / "tests" / "data" / "replays"

_CHILD = """
import json, sys, time
import ms_toollib
names = sys.argv[2:]
datas = [open(name, "rb").read() for name in names]
count = int(sys.argv[1])
started = time.process_time()
for k in range(count):
    name, data = names[k % len(names)], datas[k % len(names)]
    v = ms_toollib.AvfVideo(file_name=name, raw_data=data)
    v.parse(); v.analyse(); v.current_time = 1e9
    v.left, v.right, v.double, v.bbbv_solved, v.rtime, v.is_completed
print(json.dumps(time.process_time() - started))
"""


def ours(datas: list[bytes], count: int) -> float:
    """CPU seconds to read and tally ``count`` files."""
    started = time.process_time()
    for k in range(count):
        tally(avf.read(datas[k % len(datas)]))
    return time.process_time() - started


def theirs(paths: list[Path], count: int) -> float | None:
    """Seconds ms-toollib takes for the same, timed in its child; None without it."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(count), *map(str, paths)],
        cwd=tempfile.gettempdir(),  # where ms-toollib would write a crash.log
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        print(f"ms-toollib did not run: {done.stderr.strip().splitlines()[-1:]}")
        return None
    seconds: float = json.loads(done.stdout)
    return seconds


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    paths = sorted(REPLAYS.rglob("*.avf"))
    datas = [path.read_bytes() for path in paths]
    events = sum(len(avf.read(data).events) for data in datas)
    print(f"Python {sys.version.split()[0]}; {len(paths)} AVF files, {events} events in all")
    print(f"{count} files, read and tallied:\n")
    ours(datas, len(datas))  # warm up: imports, caches
    mine = min(ours(datas, count) for _ in range(3))
    reference = theirs(paths, count)
    print(f"  ours        {mine * 1000 / count:7.3f} ms a file  ({mine:.2f} s)")
    if reference is not None:
        print(f"  ms-toollib  {reference * 1000 / count:7.3f} ms a file  ({reference:.2f} s)")
        print(f"  ratio       {mine / reference:7.1f}x (ours / ms-toollib)")
    tracemalloc.start()
    ours(datas, len(datas))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"\n  peak memory of ours over one pass of the {len(datas)} files: {peak / 2**20:.2f} MB")


if __name__ == "__main__":
    main()
