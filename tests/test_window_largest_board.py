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
from test_window import FakeClock, key

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


def test_no_page_beside_the_largest_board_covers_a_cell(app: App) -> None:
    viewport = app.viewport
    size, corner, cols = viewport.window.size, viewport.window.corner, viewport.layout.shown_cols
    lent = 0
    for name in PAGES:
        app.play.command(Command[name])
        app.run(frames=1)
        scene = app.stage.top
        assert isinstance(scene, DialogScene)
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
