"""The live counters are worked out and drawn only when something they show can have
changed (issue 30, item 7): a move, the clock's next second, a new layout; on the
frames between, the panel does nothing and draws nothing. Through the real loop,
reading the window's pixels; the panel's public ``updates`` counts its work.
"""

from __future__ import annotations

from pathlib import Path

import pygame
from test_window import FakeClock
from test_window_counters import click, frames, panel_pixels, press, start
from test_window_themes import BOARD

from game.app import App
from game.core.game import Game
from game.modes.ordinary import Ordinary


def under_way(folder: Path) -> tuple[App, FakeClock]:
    """A window with the panel, a game under way (its clock running)."""
    app = start(folder, 1, counters_shown=True)
    clock = app.table.clock
    assert isinstance(clock, FakeClock)
    app.table.start(Ordinary.given(Game.from_layout(BOARD)))
    frames(app)
    clock.ms += 100
    click(app, 1, 1)
    frames(app)
    return app, clock


def wander(app: App, clock: FakeClock, count: int) -> None:
    """Frames with the pointer moving over the board and the clock moving on a
    little (within the same second)."""
    for k in range(count):
        clock.ms += 10
        pos = app.viewport.cell_pos(2 + k % 3, 3 + k % 4)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        )
        frames(app)


def test_nothing_is_worked_out_or_drawn_while_nothing_shown_changed(tmp_path: Path) -> None:
    app, clock = under_way(tmp_path)
    try:
        panel = app.play.counters
        assert app.table.session.stopwatch.running
        updates, before = panel.updates, panel_pixels(app)
        wander(app, clock, 30)
        assert panel.updates == updates
        assert panel.draw(app.viewport.screen, app.viewport, False) == []
        assert panel_pixels(app) == before
        # A move: the figures worked out once and the panel drawn again.
        click(app, 8, 8)
        assert panel.updates == updates + 1
        assert panel_pixels(app) != before
        clicks = {row.key: row.value for row in panel.rows()}["clicks"]
        assert clicks == "2 left, 0 right, 0 double"
        # The clock's next second: once more, then nothing again.
        after_move = panel_pixels(app)
        clock.ms += 1000
        frames(app)
        assert panel.updates == updates + 2
        assert panel_pixels(app) != after_move
        wander(app, clock, 10)
        assert panel.updates == updates + 2
    finally:
        app.close()


def test_a_pause_is_shown_at_once_and_its_time_then_stands(tmp_path: Path) -> None:
    app, clock = under_way(tmp_path)
    try:
        panel = app.play.counters
        clock.ms += 1234
        frames(app)
        updates = panel.updates
        clock.ms += 56
        press(pygame.K_p)  # (the pause: the clock stops at once, no table event)
        frames(app)
        assert not app.table.session.stopwatch.running
        assert panel.updates == updates + 1
        paused = {row.key: row.value for row in panel.rows()}["time"]
        assert paused == "1.290 s"
        for _ in range(5):
            clock.ms += 700
            frames(app)
        assert panel.updates == updates + 1
        assert {row.key: row.value for row in panel.rows()}["time"] == paused
    finally:
        app.close()


def same_as_whole(app: App) -> None:
    """The panel as drawn line by line is the panel drawn whole at the same moment
    (the same figures)."""
    drawn = panel_pixels(app)
    app.stage.repaint()
    frames(app)
    assert panel_pixels(app) == drawn


def test_a_line_drawn_again_looks_as_the_panel_drawn_whole(tmp_path: Path) -> None:
    app, clock = under_way(tmp_path)
    try:
        for row, col in ((8, 8), (4, 0), (8, 0)):
            clock.ms += 1234
            click(app, row, col)
        clock.ms += 700
        frames(app)
        same_as_whole(app)
        # Values narrower than before in the old places: ten flags, then nine.
        mines = [(0, 0), (3, 4), *((6, col) for col in range(8))]
        for row, col in mines:
            clock.ms += 50
            click(app, row, col, button=3)
        assert flags(app) == "10"
        click(app, 6, 7, button=3)  # (a flag becomes a question mark)
        assert flags(app) == "9"
        same_as_whole(app)
    finally:
        app.close()


def flags(app: App) -> str:
    return {row.key: row.value for row in app.play.counters.rows()}["flag"]
