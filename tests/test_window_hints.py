"""Hints, the probability overlay and no-guess boards in the real window.

H rings the next cell logic finds and shows its reason in a box that fits the
board at every zoom; O covers each hidden cell with its chance of a mine; a game
that used either never enters the best times; "No guessing" is a first-click
choice whose boards the solver clears alone.
"""

from __future__ import annotations

import pygame
import pytest
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    click,
    key,
    shows_tile,
    use_layout,
    win_beginner,
)

from game import cli
from game.app import App
from game.core.board import FirstClick
from game.core.game import Game
from game.core.look import Look
from game.core.solver import analyse
from game.core.status import Status
from game.rules import PRESETS, Difficulty
from game.view.advice import HINT_MINE, HINT_SAFE
from game.view.commands import Command


def ring_colour(app: App, cell: tuple[int, int]) -> tuple[int, int, int]:
    x, y, _, h = app.viewport.renderer.scaled(app.viewport.renderer.layout.cell_rect(*cell))
    r, g, b, _ = app.viewport.screen.get_at((x, y + h // 2))
    return (r, g, b)


def test_a_hint_rings_a_certain_cell_and_says_why(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    app.play.command(Command.HINT)
    app.run(frames=1)
    hint = app.table.hint
    assert hint is not None and hint.probability in (0, 1)
    colour = HINT_MINE if hint.is_mine else HINT_SAFE
    assert ring_colour(app, hint.cell) == colour
    assert app.table.session.used_hint
    # The hint is true: the board agrees.
    assert (hint.cell in set(app.table.game.mine_cells())) == hint.is_mine
    # The reason box sits inside the board's view.
    box_y = app.viewport.renderer.scaled(app.viewport.renderer.layout.board_view)
    assert box_y[3] > 0
    # A move answers the hint: the ring goes.
    safe = next(
        (r, c)
        for r in range(9)
        for c in range(9)
        if app.table.game.look(r, c) is Look.HIDDEN
        and (r, c) not in set(app.table.game.mine_cells())
    )
    click(app, cell_center(app, *safe))
    assert app.table.hint is None
    if not hint.is_mine or hint.cell != safe:
        assert ring_colour(app, hint.cell) not in (HINT_MINE, HINT_SAFE)


@pytest.mark.parametrize("zoom", [1, 2, 3, 4])
def test_the_reason_fits_the_window_at_every_zoom(zoom: int) -> None:
    app = App(cli.Options(zoom=zoom, sound=False, seed=1), clock=FakeClock())
    try:
        app.run(frames=1)
        use_layout(app, BEGINNER)
        click(app, cell_center(app, 0, 5))
        size = app.viewport.window.size
        app.play.command(Command.HINT)
        app.run(frames=1)  # (draws without error; the box is clipped to the view)
        assert app.table.hint is not None
        assert app.viewport.window.size == size  # (the reason never grows the window)
    finally:
        app.close()


def test_the_probability_overlay_shows_each_chance(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    app.play.command(Command.PROBABILITIES)
    app.run(frames=1)
    assert app.play.checked(Command.PROBABILITIES) is True
    analysis = analyse(app.table.game.view(), app.table.game.mines)
    assert not any(shows_tile(app, *cell, "hidden") for cell in analysis.probability)
    certain_mine = next(iter(analysis.mines), None)
    if certain_mine is not None:
        x, y, w, h = app.viewport.renderer.scaled(
            app.viewport.renderer.layout.cell_rect(*certain_mine)
        )
        r, g, _, _ = app.viewport.screen.get_at((x + w // 2, y + h - 6))
        assert r > 200 and g < 120, "a certain mine: a full red bar"
    app.play.command(Command.PROBABILITIES)
    app.run(frames=1)
    assert app.play.checked(Command.PROBABILITIES) is False
    for cell in analysis.probability:  # every hidden cell drawn plain again
        assert shows_tile(app, *cell, "hidden")


def test_a_hinted_win_never_enters_the_best_times(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    app.play.command(Command.HINT)
    app.run(frames=1)
    mines = set(app.table.game.mine_cells())
    for r in range(9):
        for c in range(9):
            if app.table.game.look(r, c) is Look.HIDDEN and (r, c) not in mines:
                click(app, cell_center(app, r, c))
    assert app.table.game.status is Status.WON
    assert app.profile.best_times(Difficulty.BEGINNER) == []
    assert app.profile.games()[0].record.used_hint
    # The panel says why, and the history shows the game as assisted.
    panel = app.stage.top_dialog
    assert panel is not None and panel.title == "You won Beginner!"
    assert any("not a record" in line for line in panel.lines)  # type: ignore[attr-defined]
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    app.play.command(Command.HISTORY)
    app.run(frames=1)
    history = app.stage.top_dialog
    assert history is not None
    assert history.rows[0][2] == "won, assisted"  # type: ignore[attr-defined]


def test_an_unhinted_win_does(app: App) -> None:
    win_beginner(app)
    assert len(app.profile.best_times(Difficulty.BEGINNER)) == 1
    panel = app.stage.top_dialog  # a best time's one view: the name box over the figures
    assert panel is not None and panel.title == "A new best time!"
    assert not any("not a record" in line for line in panel.below)  # type: ignore[attr-defined]


def test_no_guessing_is_a_first_click_choice_and_its_boards_need_no_guess(app: App) -> None:
    app.play.command(Command.FIRST_CLICK_NOGUESS)
    assert app.prefs.settings.first_click is FirstClick.NOGUESS
    assert app.play.checked(Command.FIRST_CLICK_NOGUESS) is True
    app.play.new_game(PRESETS[Difficulty.EXPERT])
    app.run(frames=1)
    click(app, cell_center(app, 8, 15))
    game = app.table.game
    assert game.first_click is FirstClick.NOGUESS and game.no_guess_guaranteed
    # Logic alone clears it: take the deductions until none is left.
    for _ in range(2000):
        if game.status is not Status.PLAYING:
            break
        analysis = analyse(game.view(), game.mines)
        assert analysis.safe, "stuck: the board needs a guess"
        for cell in analysis.safe:
            game.reveal(*cell)
    assert game.status is Status.WON


def test_hints_on_a_board_too_large_say_so(app: App) -> None:
    from game.rules import custom

    app.play.new_game(custom(600, 600, 1000))
    app.run(frames=1)
    app.play.command(Command.HINT)
    app.run(frames=1)
    assert app.table.hint is None and app.table.note is not None
    assert isinstance(app.table.game, Game)
    pygame.event.clear()
