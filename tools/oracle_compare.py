"""Our reading of community replay files set beside ms-toollib's, value by value.

    python tools/oracle_compare.py FILE_OR_FOLDER ... [--out RESULTS.jsonl] [--refs REFS.jsonl]

Every .avf, .rmv, .mvf, .evf and .rawvf file named (or under a folder named) is read
twice: by ms_toollib (1.5.20, the community's reference; in a child process, since
it aborts the interpreter on some files: the child is started again after the file
it died on) and by ours (``game.replay.report.report``, what ``--analyse --json``
prints). RAWVF, which ms-toollib has no reader for, gets the "text" oracle of
tests/data/replays/SOURCES.md: the header and board read from the text, the mouse
events replayed through ms-toollib's own ``MinesweeperBoard``.

Compared as tests/test_community_replays.py compares the shared files: the board,
the result, 3BV and 3BV solved, the left, right and double clicks and the board's
and clicks' statistics exactly, the time within 0.011 s, the path within 0.01 and
the rates within 0.2 %. A file we refuse must be refused in one line; one ms-toollib
reads and we refuse is a disagreement. The figures are printed at the end; with
``--out`` every file's outcome is written as JSON Lines, with ``--refs`` each
file's ms-toollib reading (the form of tests/data/replays/expected.jsonl).
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SUFFIXES = (".avf", ".rmv", ".mvf", ".evf", ".rawvf")
EXACT = ("format", "rows", "cols", "mines", "won", "bbbv", "solved_bbbv")
EXACT += ("left", "right", "double")
STATS_EXACT = ("op", "isl", "zini", "hzini", "ce", "lce", "rce", "dce", "flag")
STATS_EXACT += tuple(f"cell{n}" for n in range(9))
RATES = ("ioe", "thrp", "corr", "bbbv_s", "cl_s", "ce_s", "stnb", "rqp", "qg", "etime")

_CHILD = r"""
import json, math, re, sys
import ms_toollib as ms

STATS = ["ce", "lce", "rce", "dce", "flag", "ioe", "thrp", "corr", "stnb", "rqp",
         "bbbv_s", "cl_s", "ce_s", "op", "isl", "zini", "hzini", "etime", "pluck", "qg"]
STATS += ["cell%d" % n for n in range(9)]
KINDS = {"avf": ms.AvfVideo, "rmv": ms.RmvVideo, "mvf": ms.MvfVideo, "evf": ms.EvfVideo}


def number(value):
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else round(value, 6)
    return value


def video(name, fmt):
    v = KINDS[fmt](file_name=name, raw_data=open(name, "rb").read())
    v.parse()
    v.analyse()
    v.current_time = 1e9
    out = {"oracle": "ms_toollib", "rows": v.row, "cols": v.column, "mines": v.mine_num,
           "won": bool(v.is_completed), "time": round(v.rtime, 6), "bbbv": v.bbbv,
           "solved_bbbv": v.bbbv_solved, "left": v.left, "right": v.right,
           "double": v.double, "cl": v.cl, "path": round(v.path, 3),
           "player": v.player_identifier, "software": v.software, "level": v.level,
           "mode": v.mode, "is_official": bool(v.is_official), "is_fair": bool(v.is_fair)}
    out["stats"] = {key: number(getattr(v, key)) for key in STATS}
    return out


MOUSE = ("lc", "lr", "rc", "rr", "mc", "mr", "mv")


def rawvf(name):
    header, board, events, part, shifted = {}, [], [], "head", False
    for line in open(name, encoding="utf-8", errors="replace").read().splitlines():
        line = line.strip()
        if line in ("Board:", "Events:"):
            part = line[:-1].lower()
        elif part == "head" and ":" in line:
            key, _, value = line.partition(":")
            header[key.strip().lower()] = value.strip()
        elif part == "board" and line and " " not in line:
            board.append(line)
        elif part in ("board", "events") and line:
            part = "events"
            bits = line.split()
            known = (*MOUSE, "sc", "mt")
            if len(bits) >= 2 and len(bits[1]) == 2 and bits[1].isalpha() and bits[1] not in known:
                raise ValueError("text reader: unknown event " + bits[1])
            if events and len(bits) >= 3 and bits[1] in MOUSE and float(bits[0]) < events[-1][0]:
                raise ValueError("text reader: event times go backwards")
            place = re.search(r"\((-?\d+)\s+(-?\d+)\)", line)
            if len(bits) >= 3 and (bits[1] in MOUSE or bits[1] == "sc") and place:
                x, y = int(place.group(1)), int(place.group(2))
                e = bits[1]
                if e == "sc":  # a left press with Shift: a chord (parser_raw.c)
                    e, shifted = "mc", True
                elif e == "lr" and shifted:
                    e, shifted = "mr", False
                events.append((float(bits[0]), e, x, y))
    if header.get("level", "").lower() == "marathon":
        raise ValueError("text reader: a marathon")
    rows, cols = int(header["height"]), int(header["width"])
    size = int(header.get("squaresize", 16) or 16)
    mines = [[c == "*" for c in row[:cols]] for row in board[:rows]]
    numbers = [[-1 if mines[r][c] else sum(
        mines[r + dr][c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
        if 0 <= r + dr < rows and 0 <= c + dc < cols) for c in range(cols)] for r in range(rows)]
    b = ms.MinesweeperBoard(numbers)
    start = end = None
    for t, e, x, y in events:
        r, c = y // size, x // size
        pos = (r, c) if 0 <= r < rows and 0 <= c < cols and x >= 0 and y >= 0 else (rows, cols)
        b.step(e, pos)
        state = b.game_board_state
        if start is None and any(v < 10 for row in b.game_board for v in row):
            start = t
        if state in (3, 4):  # won, lost
            end = t
            break
    if not any(e in ("lr", "rr", "mr") for _, e, _, _ in events):
        raise ValueError("text reader: the game never started")
    last = events[-1][0] if events else 0.0
    took = 0.0 if start is None else (end if end is not None else last) - start
    return {"oracle": "text", "rows": rows, "cols": cols, "mines": sum(map(sum, mines)),
            "won": b.game_board_state == 3, "time": round(took, 6),
            "bbbv": ms.cal_bbbv(numbers), "solved_bbbv": b.bbbv_solved, "left": b.left,
            "right": b.right, "double": b.double, "cl": b.left + b.right + b.double,
            "stats": {"ce": b.ce, "lce": b.lce, "rce": b.rce, "dce": b.dce, "flag": b.flag}}


for line in sys.stdin:
    name = json.loads(line)
    fmt = name.rsplit(".", 1)[-1].lower()
    try:
        out = rawvf(name) if fmt == "rawvf" else video(name, fmt)
    except BaseException as error:  # ms-toollib refuses the file
        out = {"error": "ms_toollib: " + (str(error).splitlines() or [type(error).__name__])[0]}
    out["file"] = name
    print(json.dumps(out, ensure_ascii=False), flush=True)
"""


def oracle(names: list[str]) -> dict[str, dict[str, object]]:
    """ms-toollib's reading of each file, in child processes; a file the child died on
    is marked so and the child started again after it."""
    answers: dict[str, dict[str, object]] = {}
    left = list(names)
    by_path = {str(Path(name).resolve()): name for name in names}
    while left:
        with tempfile.TemporaryDirectory() as room:  # where ms-toollib's crash.log goes
            child = subprocess.Popen(
                [sys.executable, "-c", _CHILD],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                cwd=room,
            )
            feed = "".join(json.dumps(str(Path(name).resolve())) + "\n" for name in left)
            out, _ = child.communicate(feed, timeout=3600)
        for line in out.splitlines():
            entry = json.loads(line)
            entry["file"] = by_path[str(entry["file"])]
            answers[str(entry["file"])] = entry
        done = [name for name in left if name in answers]
        if len(done) == len(left):
            break
        dead = left[len(done)]
        answers[dead] = {"file": dead, "error": f"ms_toollib aborts (exit {child.returncode})"}
        left = left[len(done) + 1 :]
    return answers


def ours(name: str) -> dict[str, object]:
    """Our --analyse --json reading of a file: its report, or its refusal, or the
    traceback of a crash (which must never happen)."""
    from game.replay.report import report

    start = time.perf_counter()
    try:
        entry = dict(report(name))
    except BaseException:  # a crash: recorded, the run goes on
        entry = {"file": name, "crash": traceback.format_exc()}
    entry["seconds"] = round(time.perf_counter() - start, 3)
    return entry


def differences(got: dict[str, object], want: dict[str, object]) -> list[str]:
    """The values where our reading is not ms-toollib's, as ``key: ours != theirs``."""
    out = [
        f"{key}: {got.get(key)!r} != {want[key]!r}"
        for key in EXACT
        if key in want and got.get(key) != want[key]
    ]
    if abs(float(got["time"]) - float(want["time"])) > 0.011:  # type: ignore[arg-type]
        out.append(f"time: {got['time']} != {want['time']}")
    path, want_path = got.get("path"), want.get("path")
    if path is not None and want_path is not None and abs(float(path) - float(want_path)) >= 0.01:  # type: ignore[arg-type]
        out.append(f"path: {path} != {want_path}")
    if want.get("player") and got.get("player") != want["player"]:
        out.append(f"player: {got.get('player')!r} != {want['player']!r}")
    mine: dict[str, object] = got.get("stats") or {}  # type: ignore[assignment]
    theirs: dict[str, object] = want.get("stats") or {}  # type: ignore[assignment]
    for key in STATS_EXACT:
        if key in theirs and theirs[key] is not None and mine.get(key) != theirs[key]:
            out.append(f"{key}: {mine.get(key)!r} != {theirs[key]!r}")
    for key in RATES:
        value = theirs.get(key)
        if value is None or key not in mine:
            continue
        if key == "stnb" and value == 0 and mine.get(key) is None:
            continue  # ms-toollib's 0 where STNB has no constant: ours undefined
        have = mine.get(key)
        if have is None or not math.isclose(
            float(have), float(value), rel_tol=0.002, abs_tol=0.002
        ):  # type: ignore[arg-type]
            out.append(f"{key}: {have!r} != {value!r}")
    return out


def files_of(paths: list[str]) -> list[str]:
    found: list[str] = []
    for path in map(Path, paths):
        if path.is_dir():
            found += sorted(
                str(p) for p in path.rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file()
            )
        else:
            found.append(str(path))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--out", help="every file's outcome, JSON Lines")
    parser.add_argument("--refs", help="ms-toollib's reading of every file, JSON Lines")
    args = parser.parse_args()
    names = files_of(args.paths)
    refs = oracle(names)
    tally: Counter[str] = Counter()
    lines = []
    for name in names:
        fmt = name.rsplit(".", 1)[-1].lower()
        got, want = ours(name), refs[name]
        if "crash" in got:
            outcome, notes = "crash", [str(got["crash"]).strip().splitlines()[-1]]
        elif "error" in got:
            error = str(got["error"])
            notes = [error]
            if "\n" in error or not error:
                outcome = "refusal not one line"
            elif "error" in want:
                outcome = "both refuse"
            else:
                outcome = "we refuse, ms-toollib reads"
        elif "error" in want:
            outcome, notes = "ms-toollib refuses, we read", [str(want["error"])]
        else:
            notes = differences(got, want)
            outcome = "disagree" if notes else "agree"
        tally[f"{fmt} {outcome}"] += 1
        tally[f"all {outcome}"] += 1
        if outcome not in ("agree", "both refuse"):
            print(f"{outcome}: {name}: {'; '.join(notes)}")
        lines.append({"file": name, "outcome": outcome, "notes": notes, "seconds": got["seconds"]})
    if args.out:
        Path(args.out).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines))
    if args.refs:
        Path(args.refs).write_text(
            "".join(json.dumps(refs[n], ensure_ascii=False) + "\n" for n in names)
        )
    for key, count in sorted(tally.items()):
        print(f"{key}: {count}")
    return 0 if all(x["outcome"] in ("agree", "both refuse") for x in lines) else 1


if __name__ == "__main__":
    raise SystemExit(main())
