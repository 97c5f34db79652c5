"""Figures not yet meaningful show "-": the live counters' figures over the game's time
(3BV/s, the estimated time, STNB, RQP, ...) wait, through the real loop, until the
game is a second old and has had its second click; a finished game, however short,
keeps its real values, in the panel and in its analysis."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_window import BEGINNER, FakeClock, use_layout
from test_window_counters import click, frames, start

from game.app import App
from game.core.status import Status
from game.replay.figures import OVER_TIME, STATS, GameNumbers
from game.session.play import Clicks

SHOWN = ["time", "bbbv", "bbbv_s", "etime", "cl_s", "rqp", "qg", "stnb", "ioe", "clicks"]


def values(app: App) -> dict[str, str]:
    return {row.key: row.value for row in app.play.counters.rows()}


@pytest.fixture
def app(tmp_path: Path) -> App:
    return start(tmp_path, 2, counters_shown=True, counters=SHOWN)


def clock_of(app: App) -> FakeClock:
    clock = app.table.clock
    assert isinstance(clock, FakeClock)
    return clock


def test_right_after_the_first_click_3bv_s_and_the_estimated_time_are_a_dash(app: App) -> None:
    try:
        use_layout(app, BEGINNER)
        clock = clock_of(app)
        click(app, 0, 5)  # an opening: several 3BV solved at once
        clock.ms += 13  # (13 ms in: 3BV/s would be in the hundreds, the estimate 0.013 s)
        frames(app)
        seen = values(app)
        assert seen["bbbv"] != "-" and seen["ioe"] != "-"  # (the counts are there)
        for key in ("bbbv_s", "etime", "cl_s", "rqp", "qg", "stnb"):
            assert seen[key] == "-", (key, seen[key])
        clock.ms += 2000  # two seconds, still one click: a dash
        frames(app)
        assert values(app)["bbbv_s"] == "-" and values(app)["etime"] == "-"
        click(app, 8, 8)  # the second click, past a second: real figures
        frames(app)
        seen = values(app)
        for key in ("bbbv_s", "etime", "cl_s", "rqp", "qg"):
            assert seen[key] != "-", (key, seen[key])
    finally:
        app.close()


def test_before_the_first_click_the_ratios_over_clicks_are_a_dash(tmp_path: Path) -> None:
    """IOE, the correctness and the throughput over no clicks yet: "-" beside the board
    (a report of a finished game gives them 0, as ms-toollib does)."""
    app = start(tmp_path, 2, counters_shown=True, counters=["ioe", "corr", "thrp", "clicks"])
    try:
        use_layout(app, BEGINNER)
        frames(app)
        seen = values(app)
        assert [seen[key] for key in ("ioe", "corr", "thrp")] == ["-", "-", "-"], seen
        click(app, 0, 5)
        frames(app)
        seen = values(app)
        for key in ("ioe", "corr", "thrp"):
            assert seen[key] != "-", (key, seen[key])
    finally:
        app.close()


def test_a_second_click_within_the_first_second_still_shows_a_dash(app: App) -> None:
    try:
        use_layout(app, BEGINNER)
        clock = clock_of(app)
        click(app, 0, 5)
        clock.ms += 400
        click(app, 8, 8)
        frames(app)
        assert values(app)["bbbv_s"] == "-" and values(app)["etime"] == "-"
        clock.ms += 700  # 1.1 s in: the figures come
        frames(app)
        assert values(app)["bbbv_s"] != "-" and values(app)["etime"].endswith(" s")
    finally:
        app.close()


def test_a_game_won_in_half_a_second_keeps_its_real_figures(app: App) -> None:
    try:
        app.get_ready()
        use_layout(app, BEGINNER)
        clock = clock_of(app)
        click(app, 0, 5)
        clock.ms += 500
        mines = set(app.table.game.mine_cells())
        for r in range(9):
            for c in range(9):
                if app.table.game.look(r, c).name == "HIDDEN" and (r, c) not in mines:
                    click(app, r, c)
        assert app.table.game.status is Status.WON
        frames(app)
        seen = values(app)
        assert seen["bbbv_s"] != "-" and seen["etime"] != "-"
    finally:
        app.close()


def test_only_a_game_being_played_waits() -> None:
    clicks = Clicks(1, 0, 0, 1)
    live = GameNumbers((9, 9, 10), False, 0.013, (12, 7), clicks, 0, 10.0, playing=True)
    ended = GameNumbers((9, 9, 10), False, 0.013, (12, 7), clicks, 0, 10.0)
    assert {key: live.stat(key) for key in OVER_TIME} == dict.fromkeys(OVER_TIME)
    assert ended.stat("bbbv_s") == round(7 / 0.013, 6)
    assert ended.stats() == {key: formula(ended.totals) for key, formula in STATS.items()}
    assert live.stat("ioe") == 7.0  # (not a figure over time)
