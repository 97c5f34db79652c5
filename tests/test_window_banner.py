"""Nothing over the cells takes a click (issue 30, item 6): the start cell's banner of a
board code or the daily board, a hint's reason and a note (the zoom's limit) sit in a
box over the board that moves off the pointer, so the cell under it shows, and a click
on a cell under it opens that cell on the first click. Real events through the real
loop; the pixels read from the window."""

from __future__ import annotations

import pygame
import pytest
from test_window import BEGINNER, cell_center, click, key, post, region, use_layout
from test_window_replay import play_code

from game.app import App
from game.core.look import Look
from game.core.status import Status
from game.replay.boardcode import BoardCode
from game.rules import MAX_ZOOM, Board, GameRules
from game.session.table import START_HERE
from game.view.advice import HINT_SAFE
from game.view.commands import Command

Cell = tuple[int, int]


def box(app: App) -> pygame.Rect:
    rect = app.viewport.renderer.note_rect
    assert rect is not None  # (the box is shown)
    return rect


def whole(app: App) -> bytes:
    return region(app.viewport.screen, (0, 0, *app.viewport.screen.get_size()))


def under_box(app: App, safe_only: bool = True) -> Cell:
    """A hidden cell whose centre the box covers (no mine, when ``safe_only``)."""
    game = app.table.game
    mines = set(game.minefield or ()) if safe_only else set()
    rows, cols = app.table.board.rows, app.table.board.cols
    return next(
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if box(app).collidepoint(cell_center(app, r, c))
        and (r, c) not in mines
        and game.look(r, c) is Look.HIDDEN
    )


def ringed(app: App, cell: Cell) -> bool:
    x, y, _, h = app.viewport.renderer.scaled(app.viewport.renderer.layout.cell_rect(*cell))
    return bool(app.viewport.screen.get_at((x + 1, y + h // 2))[:3] == HINT_SAFE)


def pointer_to(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.run(frames=1)


def the_box_moves_off_the_cell(app: App, cell: Cell) -> None:
    """The pointer on a cell under the box: the box moves off it (to the board's other
    edge, or away while that would hide the ringed cell), and the view is what a whole
    repaint draws (the cells it left drawn again)."""
    pointer_to(app, cell_center(app, *cell))
    rect = app.viewport.renderer.note_rect
    cell_rect = app.viewport.renderer.scaled(app.viewport.renderer.layout.cell_rect(*cell))
    assert rect is None or not rect.colliderect(cell_rect)  # the cell shows
    assert not app.viewport.renderer.repainted  # (moved: only what it covered redrawn)
    drawn = whole(app)
    app.stage.repaint()
    app.run(frames=1)
    assert app.viewport.renderer.repainted and whole(app) == drawn


def start_banner_takes_no_click(app: App) -> None:
    start = app.table.session.start
    assert start is not None
    hint = app.table.hint
    assert hint is not None and hint.reason == START_HERE and ringed(app, start)
    cell = under_box(app)
    the_box_moves_off_the_cell(app, cell)
    assert app.table.hint is not None and ringed(app, start)  # ringed until the first move
    click(app, cell_center(app, *cell))  # the first click, on a cell the banner covered
    assert app.table.game.look(*cell) is not Look.HIDDEN  # opened
    assert app.table.hint is None and app.viewport.renderer.note_rect is None  # a move


@pytest.mark.parametrize("start", [(1, 4), (7, 4)], ids=["start-top", "start-bottom"])
def test_a_board_codes_start_banner_takes_no_click(app: App, start: Cell) -> None:
    play_code(app, BoardCode(Board(9, 9, 10), GameRules(), 5, start))
    app.run(frames=1)
    assert app.table.session.start == start
    start_banner_takes_no_click(app)


def test_the_daily_boards_start_banner_takes_no_click(app: App) -> None:
    app.play.command(Command.DAILY)
    app.run(frames=1)
    start_banner_takes_no_click(app)


def test_a_hints_box_takes_no_click_and_esc_still_puts_it_away(app: App) -> None:
    use_layout(app, BEGINNER)  # (the default board is Beginner)
    click(app, cell_center(app, 0, 5))  # a cascade down to the wall of mines in row 6
    key(pygame.K_h, "h")
    app.run(frames=1)
    assert app.table.hint is not None
    cell = under_box(app, safe_only=False)  # (rows 7 and 8, below the wall: all safe)
    the_box_moves_off_the_cell(app, cell)
    assert app.table.hint is not None
    pointer_to(app, cell_center(app, 0, 5))  # off the box's new place: it comes back
    key(pygame.K_ESCAPE, "\x1b")  # Esc puts the hint away
    app.run(frames=1)
    assert app.table.hint is None and app.viewport.renderer.note_rect is None
    key(pygame.K_h, "h")
    app.run(frames=1)
    cell = under_box(app, safe_only=False)
    click(app, cell_center(app, *cell))  # straight onto the box: the cell under it opens
    assert app.table.game.look(*cell) is not Look.HIDDEN
    assert app.table.game.status is Status.PLAYING


def test_the_zoom_limits_note_takes_no_click(app: App) -> None:
    for _ in range(MAX_ZOOM):
        if app.table.note is not None:
            break
        key(pygame.K_PLUS, "+")
        app.run(frames=1)
    assert app.table.note is not None and "largest zoom" in app.table.note
    cell = under_box(app, safe_only=False)
    the_box_moves_off_the_cell(app, cell)
    assert app.viewport.renderer.note_rect is not None  # at the other edge: still read
    click(app, cell_center(app, *cell))
    assert app.table.game.look(*cell) is not Look.HIDDEN
