"""More of the community's replay files than the shared ones (tests/data/more_replays:
real files from MIT-licensed repositories, SOURCES.md there, with ms-toollib 1.5.20's
reading of each in expected.jsonl, made by tools/oracle_compare.py), each read by our
reader and counted as ms-toollib counts it; and the RAWVF events Minesweeper X's files
hold that the shared ones do not (times before the first click, a Shift chord, the
question marks switched), read as the format's own parser reads them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.replay.formats import read_video
from game.replay.report import report
from game.replay.tally import tally

DATA = Path(__file__).parent / "data" / "more_replays"
EXPECTED = [json.loads(line) for line in (DATA / "expected.jsonl").read_text().splitlines()]
EXACT = ("rows", "cols", "mines", "won", "bbbv", "solved_bbbv", "left", "right", "double")
STATS = ("ce", "lce", "rce", "dce", "flag", "op", "isl", "zini", "hzini")
RATES = ("ioe", "thrp", "corr", "bbbv_s", "cl_s", "ce_s", "rqp", "qg", "etime")


@pytest.mark.parametrize("entry", EXPECTED, ids=lambda e: str(e["file"]).split("/")[-1])
def test_each_file_reads_and_counts_as_ms_toollib_does(entry: dict[str, object]) -> None:
    name = str(DATA / str(entry["file"]))
    got = report(name)
    assert "error" not in got, got
    assert got["format"] == entry["format"]
    assert {key: got[key] for key in EXACT} == {key: entry[key] for key in EXACT}
    assert abs(float(got["time"]) - float(entry["time"])) <= 0.011  # type: ignore[arg-type]
    if entry.get("path") is not None:
        assert abs(float(got["path"]) - float(entry["path"])) < 0.01  # type: ignore[arg-type]
    mine: dict[str, object] = got["stats"]  # type: ignore[assignment]
    theirs: dict[str, object] = entry["stats"]  # type: ignore[assignment]
    for key in STATS + tuple(f"cell{n}" for n in range(9)):
        if theirs.get(key) is not None:
            assert mine[key] == theirs[key], key
    for key in RATES:
        if theirs.get(key) is not None:
            want = float(theirs[key])  # type: ignore[arg-type]
            assert abs(float(mine[key]) - want) <= 0.002 * max(1.0, abs(want)), key  # type: ignore[arg-type]


_MINESWEEPER_X = b"""RawVF_Version: 5
Program: Minesweeper X
Width: 8
Height: 8
Mines: 1
Marks: Off
Board:
0*000000
00000000
00000000
00000000
00000000
00000000
00000000
00000000
Events:
-0.300 mv (120 120) ()
-0.050 lc (120 120)
0.000 lr (120 120)
0.500 rc (16 0)
0.550 rr (16 0)
0.600 mt (0 0)
1.000 sc (16 16)
1.100 lr (16 16)
"""


def test_a_minesweeper_x_rawvf_reads_as_the_formats_own_parser_reads_it() -> None:
    """Minesweeper X's RAWVF files (flop-player's MinesweeperX_Int.rawvf) put the
    moves before the first click at negative times, chord with Shift and a left
    button ("sc" ... "lr": parser_raw.c counts a double click) and note the question
    marks switched ("mt"): before, each of the three was refused. ms-toollib's own
    MinesweeperBoard, fed these events (tools/oracle_compare.py), counts the same."""
    video = read_video("x.rawvf", _MINESWEEPER_X)
    counted = tally(video)
    assert video.events[0].ms == -300
    assert counted.won and (counted.bbbv, counted.solved_bbbv) == (2, 2)
    assert (counted.left, counted.right, counted.double) == (1, 1, 1)
    assert counted.time_ms == 1100


def test_rawvf_times_that_go_backwards_are_still_refused_negative_or_not() -> None:
    from game.replay.video import VideoError

    backwards = _MINESWEEPER_X.replace(b"-0.050 lc", b"-0.400 lc")
    with pytest.raises(VideoError, match="backwards"):
        read_video("x.rawvf", backwards)


def _lost_at_its_first_click(tmp_path: Path) -> Path:
    """A real Arbiter file (the shared Expert 49.25 s game) with one mine moved under
    its first left release: a game lost at once, nothing solved and no click
    effective, whose header still says 3BV 127 and 49.25 s."""
    from game.replay.video import Mouse

    source = Path(__file__).parent / "data" / "replays" / "ms-toollib" / "test_files"
    data = bytearray(
        (source / "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf").read_bytes()
    )
    video = read_video("x.avf", bytes(data))
    first = next(e for e in video.events if e.kind is Mouse.LEFT_UP)
    data[6:8] = bytes(
        (first.y // 16 + 1, first.x // 16 + 1)
    )  # the first mine, row and column from 1
    path = tmp_path / "lost_at_once.avf"
    path.write_bytes(bytes(data))
    return path


def test_a_game_with_no_effective_click_has_ms_toollibs_rates_and_header_time(
    tmp_path: Path,
) -> None:
    """The rates the rule book sets to 0 with a divisor of 0 (docs/STATS.md: IOE and
    the correctness with no clicks, the throughput with no effective click, STNB with
    nothing solved, a rate per second of nothing) are 0, not undefined, as ms-toollib
    gives them; and an AVF game's time is its header's unless the events run past it
    (ms-toollib's avf_video.rs, the rule book's "time"): before, the throughput and
    STNB were null and the time 0 s, the loss's. ms-toollib's 3BV is the header's 127,
    not the board's (docs/REPLAY.md): ours is the board's."""
    import subprocess
    import sys

    path = _lost_at_its_first_click(tmp_path)
    refs = tmp_path / "refs.jsonl"
    tool = Path(__file__).parent.parent / "tools" / "oracle_compare.py"
    subprocess.run([sys.executable, str(tool), str(path), "--refs", str(refs)], timeout=120)
    theirs = json.loads(refs.read_text())
    ours = report(str(path))
    assert not theirs["won"] and theirs["solved_bbbv"] == 0 and theirs["stats"]["ce"] == 0
    assert {key: ours[key] for key in EXACT if key != "bbbv"} == {
        key: theirs[key] for key in EXACT if key != "bbbv"
    }
    assert ours["time"] == theirs["time"] == 49.25  # the header's T50.25 less a second
    for key in ("ioe", "corr", "thrp", "bbbv_s", "cl_s", "ce_s", "stnb", "rqp", "qg", "etime"):
        assert ours["stats"][key] == theirs["stats"][key], key  # type: ignore[index]
    assert ours["stats"]["thrp"] == 0.0 and ours["stats"]["stnb"] == 0.0  # type: ignore[index]
    assert theirs["bbbv"] == 127 and ours["bbbv"] != 127  # ms-toollib: the header's 3BV


def test_verifying_still_sees_an_avf_header_time_its_events_do_not_take(tmp_path: Path) -> None:
    """The report gives ms-toollib's time (the header's), but --verify-replay checks
    the header against the events' own: the game lost at its first click does not
    take the 49.25 s its header says."""
    from game.replay.verify_video import verify_video

    path = _lost_at_its_first_click(tmp_path)
    check = verify_video(read_video(path.name, path.read_bytes()))
    assert check.counted.time_ms == 49_250 and check.counted.played_ms == 0
    assert any("49.25" in problem for problem in check.problems), check.problems


def test_an_evf_games_time_is_its_headers_as_ms_toollib_reads_it(tmp_path: Path) -> None:
    """ms-toollib's EVF time is the header's (evf_video.rs), whatever the events: the
    shared Beginner EVF v3 game with a mine moved under its first left release is lost
    at once, and still timed 3.796 s, as ms-toollib times it (before: 0 s); verifying
    says its events do not take that."""
    import subprocess
    import sys

    from game.replay.verify_video import verify_video
    from game.replay.video import Mouse

    source = Path(__file__).parent / "data" / "replays" / "ms-toollib" / "test_files"
    name = "b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf"
    data = bytearray((source / name).read_bytes())
    video = read_video(name, bytes(data))
    cols = video.cols

    def bits(mines: set[tuple[int, int]]) -> bytes:
        field = bytearray((video.rows * cols + 7) // 8)
        for row, col in mines:
            field[(row * cols + col) // 8] |= 0x80 >> ((row * cols + col) % 8)
        return bytes(field)

    at = bytes(data).index(bits(set(video.mines)))  # the mines, a bit a cell
    first = next(e for e in video.events if e.kind is Mouse.LEFT_UP)
    under = (first.y // video.cell_size, first.x // video.cell_size)
    moved = {*sorted(video.mines)[1:], under}
    data[at : at + len(bits(moved))] = bits(moved)
    path = tmp_path / "lost_at_once.evf"
    path.write_bytes(bytes(data))
    refs = tmp_path / "refs.jsonl"
    tool = Path(__file__).parent.parent / "tools" / "oracle_compare.py"
    subprocess.run([sys.executable, str(tool), str(path), "--refs", str(refs)], timeout=120)
    theirs = json.loads(refs.read_text())
    ours = report(str(path))
    assert not theirs["won"] and theirs["solved_bbbv"] == 0
    assert ours["time"] == theirs["time"] == 3.796
    assert {key: ours[key] for key in EXACT if key != "bbbv"} == {
        key: theirs[key] for key in EXACT if key != "bbbv"
    }
    check = verify_video(read_video(path.name, path.read_bytes()))
    assert check.counted.played_ms == 0 and any("3.796" in p for p in check.problems)
