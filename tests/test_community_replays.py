"""The community's replay files (tests/data/replays: real files from MIT-licensed
repositories, with ms-toollib's reading of each in expected.jsonl) read by our
readers and counted by our tally: the same board, result, time, 3BV and clicks as
Metasweeper's ms-toollib; the files it cannot read either read by ours (older MVF)
or refused in one line."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from game.replay.figures import STNB_CONSTANTS
from game.replay.formats import read_video
from game.replay.tally import tally
from game.replay.video import VideoError

DATA = Path(__file__).parent / "data" / "replays"
EXPECTED = [json.loads(line) for line in (DATA / "expected.jsonl").read_text().splitlines()]
READ_HERE = {"avf", "rmv", "evf", "mvf", "rawvf"}
"""The formats whose readers have landed."""


def readable() -> list[dict[str, object]]:
    return [
        entry for entry in EXPECTED if entry["format"] in READ_HERE and not entry.get("unreadable")
    ]


@pytest.mark.parametrize("entry", readable(), ids=lambda e: str(e["file"]).split("/")[-1])
def test_each_file_reads_to_what_ms_toollib_reads(entry: dict[str, object]) -> None:
    name = str(entry["file"])
    video = read_video(name, (DATA / name).read_bytes())
    counted = tally(video)
    got = {
        "format": video.format,
        "rows": video.rows,
        "cols": video.cols,
        "mines": video.mine_count,
        "won": counted.won,
        "bbbv": counted.bbbv,
        "solved_bbbv": counted.solved_bbbv,
        "left": counted.left,
        "right": counted.right,
        "double": counted.double,
    }
    assert got == {key: entry[key] for key in got}
    assert abs(counted.time_ms / 1000 - float(entry["time"])) <= 0.011  # type: ignore[arg-type]
    if entry.get("player"):
        assert video.facts.player == entry["player"]


REFUSED = {"test_rmv1_utf8_invalid.rmv", "test_rmv2_utf8_invalid.rmv"}
"""Files ms-toollib's own tests require to be refused: text marked UTF-8 that is not."""


@pytest.mark.parametrize(
    "entry",
    [
        e
        for e in EXPECTED
        if e["format"] in READ_HERE
        and (
            e.get("expect_error")
            or str(e["file"]).split("/")[-1] in REFUSED
            or "/error/" in str(e["file"])
        )
    ],
    ids=lambda e: str(e["file"]).split("/")[-1],
)
def test_files_that_are_no_game_are_refused_in_one_line(entry: dict[str, object]) -> None:
    name = str(entry["file"])
    with pytest.raises(VideoError) as refused:
        read_video(name, (DATA / name).read_bytes())
    assert "\n" not in str(refused.value) and str(refused.value)


OLDER_MVF = sorted((DATA / "flop-player" / "mvf").glob("*.mvf"))


@pytest.mark.parametrize("path", OLDER_MVF, ids=lambda p: p.name)
def test_every_mvf_release_reads_to_a_game_that_agrees_with_its_own_header(path: Path) -> None:
    """ms-toollib reads only Clone 0.97; ours reads 0.96 and earlier, 2006 and 2007 too:
    each is a finished game whose events end at the time the file stores, with the
    3BV the file stores where it stores one."""
    video = read_video(path.name, path.read_bytes())
    counted = tally(video)
    assert counted.won and counted.solved_bbbv == counted.bbbv
    assert video.facts.time_ms is not None
    assert abs(counted.time_ms - video.facts.time_ms) <= 10  # the file's 10 ms steps
    if video.facts.bbbv is not None:
        assert counted.bbbv == video.facts.bbbv
    assert video.facts.player and video.facts.program.startswith("Minesweeper Clone")


def test_analyse_gives_json_lines_in_order_and_exit_2_when_one_file_is_not_read(
    tmp_path: Path,
) -> None:
    import subprocess
    import sys

    root = Path(__file__).parent.parent
    names = [str(e["file"]) for e in readable()]
    bad = "flop-player/error/error_video_invalid_event.rawvf"
    done = subprocess.run(
        [sys.executable, "-m", "game", "--analyse", *names, bad, "--json"],
        cwd=DATA,
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "PYTHONPATH": str(root)},
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["file"] for line in lines] == [*names, bad]
    by_name = {str(e["file"]): e for e in EXPECTED}
    for line in lines[:-1]:
        want = by_name[line["file"]]
        for key in (
            "format",
            "rows",
            "cols",
            "mines",
            "won",
            "bbbv",
            "solved_bbbv",
            "left",
            "right",
            "double",
        ):
            assert line[key] == want[key], (line["file"], key)
        assert abs(line["time"] - float(want["time"])) <= 0.011
    assert set(lines[-1]) == {"file", "error"} and "unknown event" in lines[-1]["error"]
    # The board's statistics, the clicks' and the speed's, as ms-toollib gives them.
    keys = ["op", "isl", "zini", "hzini", "ce", "lce", "rce", "dce", "flag"]
    keys += [f"cell{n}" for n in range(9)]
    rates = ["ioe", "thrp", "corr", "bbbv_s", "cl_s", "ce_s", "stnb", "rqp", "qg", "etime"]
    for line in lines[:-1]:
        want_all = by_name[line["file"]]
        if want_all.get("path") is not None:
            assert abs(line["path"] - want_all["path"]) < 0.01, line["file"]
        want = want_all.get("stats")
        if not want:
            continue
        for key in keys:
            if key in want:
                assert line["stats"][key] == want[key], (line["file"], key)
        classic = (line["rows"], line["cols"], line["mines"]) in STNB_CONSTANTS
        if not classic and "stnb" in want:  # ms-toollib: 0 where STNB has no constant
            assert want["stnb"] == 0 and line["stats"]["stnb"] is None, line["file"]  # undefined
        for key in rates:  # (within the files' time steps)
            if want.get(key) is not None and (key != "stnb" or classic):
                got = line["stats"][key]
                assert abs(got - want[key]) <= 0.002 * max(1.0, abs(want[key])), (line["file"], key)
    # All read: exit 0; a table without --json.
    done = subprocess.run(
        [sys.executable, "-m", "game", "--analyse", names[0]],
        cwd=DATA,
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "PYTHONPATH": str(root)},
        timeout=120,
    )
    assert done.returncode == 0 and "won" in done.stdout


def test_analyse_reads_our_own_replays_as_format_ours(tmp_path: Path) -> None:
    from test_window_replay import write_replay

    from game.replay.report import report

    path = write_replay(tmp_path)
    entry = report(str(path))
    assert entry["format"] == "ours" and entry["won"] is False
    assert (entry["rows"], entry["cols"], entry["mines"]) == (9, 9, 10)
    assert entry["left"] == 2 and entry["time"] == 0.8


@pytest.mark.parametrize("entry", readable(), ids=lambda e: str(e["file"]).split("/")[-1])
def test_each_file_plays_back_in_our_engine_to_its_own_result_and_time(
    entry: dict[str, object],
) -> None:
    """The window plays a community file through our engine with the moves its own
    program made: the same ending, at the same time."""
    from game.core.status import Status
    from game.replay.from_video import replay_of_video

    name = str(entry["file"])
    video = read_video(name, (DATA / name).read_bytes())
    replay = replay_of_video(video)
    assert (replay.result is Status.WON) == entry["won"]
    assert abs(replay.ms / 1000 - float(entry["time"])) <= 0.011  # type: ignore[arg-type]
    assert replay.minefield is not None and frozenset(replay.minefield) == video.mines


def test_analyse_with_moves_judges_every_move_of_a_community_file() -> None:
    from game.replay.report import report

    entry = report(str(DATA / "flop-player/avf/arbiter_int.avf"), moves=True)
    moves = entry["moves"]
    assert moves and {move["class"] for move in moves} <= {
        "logic",
        "guess",
        "needless_guess",
        "mistake",
        "wasted",
        "death",
    }
    assert moves[0]["class"] == "logic" and moves[0]["kind"] == "open"
    assert all(b["time"] >= a["time"] for a, b in itertools.pairwise(moves))
    stats = entry["stats"]
    assert {"guesses", "needless_guesses", "mistakes", "wasted", "luck"} <= set(stats)
    assert 0 < stats["luck"] <= 1
    assert moves[-1]["bbbv_solved"] == entry["bbbv"]  # a won game: all of it
