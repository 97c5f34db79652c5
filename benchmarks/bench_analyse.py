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

The community's mix: the same, on a set made like the 778 community files (AVF, RMV,
MVF and EVF from Arbiter, Viennasweeper, Clone and Metasweeper) on which
``--analyse --json`` was 5.3x ms-toollib where the shared files are 3.1x: many small
Beginner AVFs, Intermediate and Expert ones, RMVs and MVFs, and large EVFs, version 4
(Metasweeper 3.2's, the shared one) and version 3 (Metasweeper 3.1's, which the shared
files have only as a 1.6 kB file: made here by our EVF export from the shared Expert
games), each file repeated (MIX says how often); every file timed once a pass.

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


MIX = {"beginner avf": 120, "avf": 16, "rmv": 8, "mvf": 10, "small evf": 10, "large evf": 8}
"""How often each kind of file stands in the community's mix (778 files in all with
the shared set's files: 4 small Beginner AVFs, 9 other AVFs, 11 RMVs, 2 MVFs, 2 small
EVFs, 1 large version-4 EVF and the version-3 EVFs made from 4 Expert games)."""
EXPERT_GAMES = ("arbiter_exp.avf", "HI-SCORE Exp_49.25", "exp.rmv", "c_10_1184.575")
"""The shared games written again as version-3 EVF files for the mix (their names begin so)."""


def kind_of(path: Path) -> str:
    """A file's kind in the mix."""
    suffix, size = path.suffix.lower(), path.stat().st_size
    if suffix == ".avf":
        return "beginner avf" if size < 8_000 else "avf"
    if suffix == ".evf":
        return "large evf" if size > 30_000 else "small evf"
    return suffix[1:]


def community_mix(paths: list[Path], folder: Path) -> list[Path]:
    """The community's mix: each file repeated as MIX says, with the version-3 EVFs
    written into ``folder`` from the Expert games."""
    from game.replay.evf_write import export_evf
    from game.replay.files import open_replay

    made = []
    for path in paths:
        if path.name.startswith(EXPERT_GAMES):  # (c_10: the large version-4 EVF)
            evf = folder / f"v3-{path.stem[:40]}.evf"
            evf.write_bytes(export_evf(open_replay(path).replay, version=3))
            made.append(evf)
    return [path for path in [*paths, *made] for _ in range(MIX[kind_of(path)])]


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
        mix = community_mix(paths, Path(folder))
        kinds = ", ".join(f"{sum(kind_of(p) == k for p in mix)} {k}" for k in MIX)
        print(f"\nThe community's mix: {len(mix)} files ({kinds}), one pass, best of 3:\n")
        mine = ours(mix, 1)
        print(f"  ours        {sum(mine) * 1000 / len(mix):7.3f} ms a file  ({sum(mine):.2f} s)")
        reference = theirs(mix, 1)
        if reference is not None:
            total = sum(reference)
            print(f"  ms-toollib  {total * 1000 / len(mix):7.3f} ms a file  ({total:.2f} s)")
            print(f"  ratio       {sum(mine) / total:7.1f}x (ours / ms-toollib, in all; target 5x)")
            for kind in MIX:
                a = sum(t for p, t in zip(mix, mine, strict=True) if kind_of(p) == kind)
                b = sum(t for p, t in zip(mix, reference, strict=True) if kind_of(p) == kind)
                print(f"    {kind:<13} {a / b:5.1f}x ({a:.2f} s against {b:.2f} s)")

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
