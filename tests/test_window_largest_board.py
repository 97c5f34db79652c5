"""Pages beside the very largest custom board (issue 41): its window fills the
desktop and leaves no room off its cells anywhere, so a page that has no room takes a
strip of the window at its right, and the board's view shows fewer columns while
the page is open (Viewport.lend): no cell is under the page, the window keeps its
size and place, and the columns come back when it closes."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
import window_matrix
from conftest import classic_window
from test_window import FakeClock, key, shows_tile

from game import cli
from game.app import App
from game.rules import MAX_COLS, MAX_ROWS, custom
from game.view.commands import Command
from game.view.stage import DialogScene

LARGEST = custom(MAX_ROWS, MAX_COLS, 200)
PAGES = window_matrix.DIALOGS
"""Every page the window matrix opens."""
window_matrix.TMP.rmdir()  # (the driver's scratch folder, made as it loads: unused here)
CASES = [(zoom, side) for zoom in (1, 2) for side in ("side", "classic")]


@pytest.fixture(params=CASES, ids=[f"{z}x-{s}" for z, s in CASES])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    zoom, side = request.param
    if side == "classic":
        classic_window()
    application = App(cli.Options(zoom=zoom, sound=False, seed=1, board=LARGEST), clock=FakeClock())
    application.run(frames=1)
    assert application.viewport.layout.scrolls and application.viewport.zoom == zoom
    yield application
    application.close()


def cells_on_desktop(app: App) -> pygame.Rect:
    viewport = app.viewport
    cells = pygame.Rect(viewport.renderer.scaled(viewport.layout.board_view))
    return cells.move(viewport.window.corner)


def opened(app: App, name: str) -> DialogScene:
    """The page of a command (by its name), opened."""
    app.play.command(Command[name])
    app.run(frames=1)
    scene = app.stage.top
    assert isinstance(scene, DialogScene)
    return scene


def test_no_page_beside_the_largest_board_covers_a_cell(app: App) -> None:
    viewport = app.viewport
    size, corner, cols = viewport.window.size, viewport.window.corner, viewport.layout.shown_cols
    lent = 0
    for name in PAGES:
        scene = opened(app, name)
        assert viewport.window.size == size and viewport.window.corner == corner
        if scene.page is not None:  # (its own window: else in the side, off the cells)
            page = pygame.Rect(scene.page.window.position, scene.page.window.size)
            assert not scene.page.covers, name
            assert not page.colliderect(cells_on_desktop(app)), (name, page)
            if viewport.layout.shown_cols < cols:  # a strip lent: nothing of the board there
                lent += 1
                spare = viewport.spare()
                assert spare.w >= (cols - viewport.layout.shown_cols) * 16 * viewport.zoom
                face = viewport.renderer.theme.face
                assert viewport.screen.get_at(spare.center)[:3] == face[:3]
        key(pygame.K_ESCAPE, "\x1b")
        app.run(frames=1)
        app.stage.clear_dialogs()
        app.run(frames=1)
        assert viewport.layout.shown_cols == cols, name  # the columns given back
        assert viewport.window.size == size and viewport.window.corner == corner
    assert lent or viewport.zoom > 1  # (at 1x some page has no room without the strip)


def test_f2_past_a_page_starts_a_game_over_every_column(app: App) -> None:
    """F2 pressed past a page (the classic key goes by it: the page is put away) on
    the largest board: the new game is on the board's whole view, every column back
    and drawn where the strip was lent, no page over its cells, the window where it
    was."""
    viewport = app.viewport
    size, corner, cols = viewport.window.size, viewport.window.corner, viewport.layout.shown_cols
    lent = 0
    for name in PAGES:
        opened(app, name)
        lent += viewport.layout.shown_cols < cols
        game = app.table.game
        key(pygame.K_F2, "")
        app.run(frames=2)
        assert app.table.game is not game, name  # a new game
        assert viewport.lent is None and viewport.layout.shown_cols == cols, name
        assert viewport.window.size == size and viewport.window.corner == corner
        assert not viewport.spare().w  # (no strip kept from the board)
        page = getattr(app.stage.top, "page", None)
        assert page is None or not pygame.Rect(page.window.position, page.window.size).colliderect(
            cells_on_desktop(app)
        ), name
        layout, top = viewport.layout, viewport.layout.top
        for col in (layout.left + cols - 1, layout.left):  # the last column and the first
            assert shows_tile(app, top, col, "hidden"), (name, col)
        app.stage.clear_dialogs()
        app.run(frames=1)
    assert lent or viewport.zoom > 1  # (at 1x some page was lent a strip before F2)
