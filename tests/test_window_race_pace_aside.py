"""The race's pace against the best shown at every zoom (issue 41): its seconds are
drawn between the face and the timer only where that gap holds them whole at the UI
scale (3x and up); at 1x and 2x they are the pace line of the live counters in the
side, or, where the side does not show that line (the side hidden, or the line not
chosen), a line of the note beside the board (game.scenes.notes), never over a cell."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from conftest import classic_window
from test_window import BEGINNER, FakeClock, cell_center, click, use_layout
from test_window_race import play_all
from test_window_records import close_all

from game import cli
from game.app import App
from game.scenes.rivals import in_the_gap
from game.view import scale
from game.view.scale import TEXT
from game.words import DEFAULT_FIGURES

CASES = [(zoom, side) for zoom in (1, 2) for side in ("side", "unchosen", "classic")]


@pytest.fixture(params=CASES, ids=[f"{z}x-{s}" for z, s in CASES])
def raced(request: pytest.FixtureRequest) -> Iterator[tuple[App, str]]:
    """A Beginner won a click a second, then played again 1.5 s a click: 0.5 s behind."""
    zoom, side = request.param
    if side == "classic":
        classic_window()
    clock = FakeClock()
    app = App(cli.Options(zoom=zoom, sound=False, seed=1), clock=clock)
    app.run(frames=2)
    if side == "unchosen":  # (the side shown, its pace line not among the player's)
        app.prefs.change(counters=tuple(n for n in DEFAULT_FIGURES if n != "pace"))
    use_layout(app, BEGINNER)
    first, second, *_ = play_all(app, clock, 1000)
    close_all(app)
    use_layout(app, BEGINNER)
    click(app, cell_center(app, *first))
    clock.ms += 1500
    click(app, cell_center(app, *second))
    app.run(frames=1)
    assert app.play.race.ahead_ms() == pytest.approx(-500)
    assert app.viewport.zoom == zoom
    yield app, side
    app.close()


def test_the_pace_is_shown_beside_the_board_at_1x_and_2x(raced: tuple[App, str]) -> None:
    app, side = raced
    assert not in_the_gap(app.viewport)  # (the panel's gap holds no seconds here)
    cells = pygame.Rect(app.viewport.renderer.scaled(app.viewport.layout.board_view))
    notes = app.play.notes
    if side == "side":  # the live counters' pace line says it, the note not
        lines = {row.key: row.value for row in app.play.counters.rows()}
        assert lines["pace"] == "0.5 s behind"
        assert "behind" not in notes.text
        return
    assert notes.text.endswith("0.5 s behind")  # a line of the note beside the board
    assert notes.font_size == TEXT * scale.current()  # at the UI scale
    if side == "unchosen":  # at the side's foot, off the cells
        assert notes.rect is not None and not notes.rect.colliderect(cells)
        assert app.viewport.beside().contains(notes.rect)
    else:  # in the note's own window under the game's, off the cells on the desktop
        own = notes.window.rect
        assert own is not None and notes.rect is None
        assert not own.colliderect(cells.move(app.viewport.window.corner))


def test_the_gap_holds_the_seconds_from_3x() -> None:
    app = App(cli.Options(zoom=3, sound=False, seed=1), clock=FakeClock())
    try:
        app.run(frames=1)
        if app.viewport.zoom == 3:  # (the test desktop holds Beginner at 3x)
            assert in_the_gap(app.viewport)
    finally:
        app.close()
