"""--analyse as a person reads it (game.replay.report_text), and figures that are
undefined: "-" in the text and the analysis view, null in JSON. A one-click win in
a community file is timed as its program and ms-toollib time it."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from test_evf_export import record
from test_window_replay import write_replay

from game.analysis.glossary import figures
from game.cli import commands
from game.core.game import Game
from game.core.moves import reveal
from game.replay.evf_write import export_evf
from game.replay.report import report
from game.screens.analysis import analysis_dialog

DATA = Path(__file__).parent / "data" / "replays"
ARBITER = DATA / "flop-player" / "avf" / "arbiter_beg.avf"

ONE_CLICK = """
*****...
*****...
........
........
........
........
........
........
"""
"""An 8x8 board of 10 mines and 3BV 1: one click in the opening wins it."""


def _analyse(capsys: pytest.CaptureFixture[str], paths: list[str], **options: bool) -> str:
    assert (
        commands.analyse(paths, as_json=options.get("as_json", False), moves=options["moves"]) == 0
    )
    return capsys.readouterr().out


def test_the_text_gives_the_figures_and_every_move_the_json_gives(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _analyse(capsys, [str(ARBITER)], as_json=True, moves=True).splitlines()
    entry = json.loads(lines[0])
    out = _analyse(capsys, [str(ARBITER)], moves=True)
    for figure in figures(entry):
        assert any(
            line.split() == [*figure.label.split(), *figure.value.split()]
            for line in out.splitlines()
        ), figure
    stats = entry["stats"]
    assert f"{stats['lce']} left, {stats['rce']} right, {stats['dce']} double" in out
    assert " ".join(str(stats[f"cell{n}"]) for n in range(9)) in out
    assert entry["player"] in out and entry["program"] in out
    table = out.split("\n\n")[-1].splitlines()
    assert table[0].split()[:5] == ["time", "move", "row", "col", "class"]
    assert len(table) == 1 + len(entry["moves"])
    for line, move in zip(table[1:], entry["moves"], strict=True):
        cells = line.split()
        assert cells[:5] == [
            f"{move['time']:.3f}",
            move["kind"],
            str(move["row"] + 1),
            str(move["col"] + 1),
            move["class"],
        ]
        assert cells[-1] == str(move["bbbv_solved"])


def test_without_moves_the_text_still_gives_every_figure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _analyse(capsys, [str(ARBITER)], moves=False)
    assert "ZiNi" in out and "IOE" in out and "3BV/s" in out and "row" not in out


def test_stnb_of_a_9x9_game_is_undefined_not_nought(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(write_replay(tmp_path))  # a lost Beginner 9x9 game: ms-toollib has no constant
    entry = report(path)
    assert (entry["rows"], entry["cols"]) == (9, 9)
    assert entry["stats"]["stnb"] is None and entry["stats"]["rqp"] is not None
    shown = {figure.label: figure.value for figure in figures(entry)}
    assert shown["STNB"] == "-"
    assert ("STNB", "-") in analysis_dialog(entry, "game").items  # the view's line
    out = _analyse(capsys, [path], moves=False)
    assert any(line.split() == ["STNB", "-"] for line in out.splitlines())


def test_undefined_rates_show_a_dash_and_unknown_board_figures_stay_out() -> None:
    entry = {
        "time": 0.0,
        "bbbv": 1,
        "solved_bbbv": 1,
        "left": 1,
        "right": 0,
        "double": 0,
        "stats": {"bbbv_s": None, "cl_s": None, "stnb": None, "rqp": 0.0, "zini": None},
    }
    shown = {figure.label: figure.value for figure in figures(entry)}
    assert shown["3BV/s"] == shown["Clicks/s"] == shown["STNB"] == "-"
    assert shown["RQP"] == "0.000" and "ZiNi" not in shown


_ORACLE = """
import json, sys
import ms_toollib as ms
v = ms.EvfVideo(file_name=sys.argv[1], raw_data=list(open(sys.argv[1], "rb").read()))
v.parse(); v.analyse(); v.current_time = 1e9
print(json.dumps({key: getattr(v, key) for key in
    ("rtime", "bbbv", "bbbv_solved", "left", "rqp", "qg", "etime", "stnb", "bbbv_s", "ioe")}))
"""


def test_a_one_click_win_in_an_evf_is_timed_as_ms_toollib_times_it(tmp_path: Path) -> None:
    replay = record(Game.from_layout(ONE_CLICK), [(1, reveal(5, 5))])
    assert replay.bbbv == 1 and replay.clicks.left == 1
    path = tmp_path / "one.evf"
    path.write_bytes(export_evf(replay))
    done = subprocess.run(
        [sys.executable, "-c", _ORACLE, str(path)],
        cwd=tempfile.gettempdir(),  # where ms-toollib would write a crash.log
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    theirs = json.loads(done.stdout.replace("Infinity", '"inf"'))
    ours = report(str(path))
    assert ours["won"] and ours["left"] == theirs["left"] == 1
    assert ours["time"] == theirs["rtime"] == 0.0
    for key in ("rqp", "qg", "etime", "ioe"):
        assert ours["stats"][key] == pytest.approx(theirs[key]), key
    for key in ("stnb", "bbbv_s"):  # infinite to ms-toollib: undefined
        assert theirs[key] == "inf" or math.isinf(float(theirs[key]))
        assert ours["stats"][key] is None
