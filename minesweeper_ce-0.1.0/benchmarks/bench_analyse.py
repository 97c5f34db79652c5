"""``--analyse --json`` on the community's files, beside ms-toollib reading the same
figures from the same files in the same run; and one click on a 1000x1000 board.

Run: python benchmarks/bench_analyse.py [ROUNDS]

The files: every AVF, RMV, MVF and EVF file of /work/shared/replays and
tests/data/replays that ms-toollib reads (tests/data/replays/expected.jsonl says which),
each file once however many copies there are. Ours: ``game.replay.report.report``
and its JSON line, as ``python -m game --analyse FILE --json`` makes it (read, count,
rates, STNB/RQP, and the board's op, isl, ZiNi, HZiNi and number counts). Theirs:
ms-toollib (the Rust reference, a test-only oracle) in a child process, as it may
abort the interpreter: parse, analyse, and every figure our report has (3BV, clicks,
path, the rates, STNB, RQP, op, isl, zini, hzini, cell0..8). Both are timed in CPU
seconds of their own process, best of three (the machine may be busy); the child's
start-up is not counted. The ratio is printed for all the files together and file by
file (the median and the range: small files weigh little in the total).

The big board: a 1 MB RAWVF of one click opening a 1000x1000 board with 10 mines
(made here), through ``report`` with and without ``moves``, beside reading the
file's text alone (the least any analysis must do). A benchmark, not a test: it
asserts nothing.
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.replay.report import report  # noqa: E402

DATA = ROOT / "tests" / "data" / "replays"
SHARED = Path("/work/shared/replays")
_KINDS = {".avf": "AvfVideo", ".rmv": "RmvVideo", ".mvf": "MvfVideo", ".evf": "EvfVideo"}

_CHILD = """
import json, sys, time
import ms_toollib
rounds = int(sys.argv[1])
kinds = json.loads(sys.argv[2])
names = sys.argv[3:]
datas = [list(open(name, "rb").read()) for name in names]
keys = ("row", "column", "mine_num", "is_completed", "rtime", "bbbv", "bbbv_solved",
    "left", "right", "double", "path", "ce", "lce", "rce", "dce", "flag", "ioe", "corr",
    "thrp", "bbbv_s", "cl_s", "ce_s", "stnb", "rqp", "qg", "etime", "op", "isl", "zini",
    "hzini", *("cell%d" % n for n in range(9)), "player_identifier", "software")
best = [None] * len(names)
for _ in range(3):
    for n, (name, data) in enumerate(zip(names, datas)):
        kind = getattr(ms_toollib, kinds[name[name.rfind("."):].lower()])
        started = time.process_time()
        for _ in range(rounds):
            v = kind(file_name=name, raw_data=data)
            v.parse(); v.analyse(); v.current_time = 1e9
            figures = [getattr(v, key) for key in keys]
        took = time.process_time() - started
        best[n] = took if best[n] is None else min(best[n], took)
print(json.dumps(best))
"""


def community_files() -> list[Path]:
    """Each file ms-toollib reads, once (the shared folder first, then tests/data)."""
    readable = set()
    for line in (DATA / "expected.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry.get("oracle") == "ms_toollib" and not entry.get("unreadable"):
            readable.add(entry["sha256"])
    seen: set[str] = set()
    files = []
    for folder in (SHARED, DATA):
        for path in sorted(folder.rglob("*")):
            if path.suffix.lower() not in _KINDS or not path.is_file():
                continue
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            if digest in readable and digest not in seen:
                seen.add(digest)
                files.append(path)
    return files


def ours(paths: list[Path], rounds: int) -> list[float]:
    """CPU seconds for ``rounds`` runs of --analyse --json on each file (best of 3)."""
    best = [math.inf] * len(paths)
    for _ in range(3):
        for n, path in enumerate(paths):
            started = time.process_time()
            for _ in range(rounds):
                json.dumps(report(str(path)), ensure_ascii=False)
            best[n] = min(best[n], time.process_time() - started)
    return best


def theirs(paths: list[Path], rounds: int) -> list[float] | None:
    """ms-toollib's CPU seconds for the same, timed in its child; None without it."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(rounds), json.dumps(_KINDS), *map(str, paths)],
        cwd=tempfile.gettempdir(),  # where ms-toollib would write a crash.log
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode != 0:
        print(f"ms-toollib did not run: {done.stderr.strip().splitlines()[-1:]}")
        return None
    seconds: list[float] = json.loads(done.stdout)
    return seconds


def big_board(folder: Path) -> Path:
    """A RAWVF of one left click at the middle of a 1000x1000 board with 10 mines
    along its top edge, 4 cells apart: the click opens the whole board and wins."""
    rows = cols = 1000
    mines = {(0, 4 * k) for k in range(10)}
    board = "\n".join(
        "".join("*" if (r, c) in mines else "0" for c in range(cols)) for r in range(rows)
    )
    x = y = 500 * 16 + 8
    text = (
        "RawVF_Version: Rev5\nProgram: bench\nWidth: 1000\nHeight: 1000\nMines: 10\n"
        f"Board:\n{board}\nEvents:\n0.000 lc 501 501 ({x} {y})\n0.000 lr 501 501 ({x} {y})\n"
    )
    path = folder / "one_click_1000x1000.rawvf"
    path.write_text(text, encoding="ascii")
    return path


def timed(job: object) -> float:
    started = time.process_time()
    job()  # type: ignore[operator]
    return time.process_time() - started


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    paths = community_files()
    size = sum(path.stat().st_size for path in paths)
    print(f"Python {sys.version.split()[0]}; {len(paths)} community files ({size // 1024} KB)")
    print(f"--analyse --json, {rounds} passes, CPU seconds, best of 3:\n")
    ours(paths, 1)  # warm up: imports, caches
    mine = ours(paths, rounds)
    count = rounds * len(paths)
    print(f"  ours        {sum(mine) * 1000 / count:7.3f} ms a file  ({sum(mine):.2f} s)")
    reference = theirs(paths, rounds)
    if reference is not None:
        total = sum(reference)
        print(f"  ms-toollib  {total * 1000 / count:7.3f} ms a file  ({total:.2f} s)")
        print(f"  ratio       {sum(mine) / total:7.1f}x (ours / ms-toollib, in all; target 5x)")
        ratios = sorted(a / b for a, b in zip(mine, reference, strict=True))
        print(
            f"  per file    {statistics.median(ratios):7.1f}x median, "
            f"{ratios[0]:.1f}x to {ratios[-1]:.1f}x"
        )

    with tempfile.TemporaryDirectory() as folder:
        path = big_board(Path(folder))
        print(f"\nOne click on a 1000x1000 board ({path.stat().st_size // 1000} kB RAWVF):\n")
        floor = timed(lambda: path.read_text(encoding="ascii").splitlines())
        plain = timed(lambda: report(str(path)))
        judged = timed(lambda: report(str(path), moves=True))
        print(f"  reading its text alone    {floor:7.3f} s")
        print(f"  --analyse                 {plain:7.3f} s  ({plain / floor:.0f}x the reading)")
        print(f"  --analyse --moves         {judged:7.3f} s  ({judged / floor:.0f}x the reading)")


if __name__ == "__main__":
    main()
