"""A page's own window closed is hidden and kept for the next page, never destroyed
while the game runs (game.view.page_window.closed; on a real X server:
tests/test_window_x11_closed.py): what was queued for it, or is sent to it, finds it,
and is no one's, not the board's. Through the real loop, with real events."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from conftest import classic_window
from test_window import FakeClock

from game import cli
from game.app import App
from game.view import page_window
from game.view.commands import Command
from game.view.page_window import AWAY, MenuWindow
from game.view.stage import DialogScene


@pytest.fixture
def app() -> Iterator[App]:
    classic_window()  # (no side: every page in a window of its own)
    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    application.run(frames=1)
    application.get_ready()
    yield application
    application.close()


def _page(app: App) -> pygame.Window:
    app.play.command(Command.STATISTICS)
    app.run(frames=1)
    scene = app.stage.top
    assert isinstance(scene, DialogScene) and scene.page is not None
    return scene.page.window


def test_a_press_queued_for_a_page_as_it_closes_opens_no_cell(app: App) -> None:
    window = _page(app)
    pos = app.viewport.cell_pos(4, 4)  # (a cell's place, but in the page's window)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, window=window))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, window=window))
    app.run(frames=2)
    assert app.stage.top_dialog is None  # (Esc closed it)
    assert app.table.game.opened_count == 0  # (the press was the page's: no one's now)
    assert window.id in AWAY and not window.focused  # (kept, hidden: not destroyed)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.run(frames=2)
    assert app.table.game.opened_count > 0  # (the board's own press is the board's)


def test_the_next_page_shows_the_window_kept(app: App) -> None:
    first = _page(app)
    app.stage.clear_dialogs()
    app.run(frames=1)
    second = _page(app)
    assert second.id == first.id and second.id not in AWAY
    assert second.title == "Statistics" and second.size[0] > 1  # (shown, its size again)
    app.stage.clear_dialogs()
    app.run(frames=1)
    assert second.id in AWAY


def test_a_menus_window_closed_is_kept_for_the_next(app: App) -> None:
    menu = MenuWindow(pygame.Rect(100, 100, 400, 300))
    menu.show(pygame.Rect(10, 20, 120, 200))
    assert menu.window is not None
    first = menu.window.id
    menu.close()
    assert first in AWAY
    menu.show(pygame.Rect(10, 20, 120, 180))
    assert menu.window is not None and menu.window.id == first and first not in AWAY
    menu.close()


def test_the_windows_kept_are_forgotten_with_the_display() -> None:
    pygame.init()
    pygame.display.set_mode((50, 50))
    window = page_window.opened("a page", (60, 40), (0, 0))
    page_window.closed(window)
    assert AWAY
    pygame.quit()  # (destroys them: SDL gives their ids out anew)
    assert not AWAY
    pygame.init()
    pygame.display.set_mode((50, 50))
    again = page_window.opened("a page", (60, 40), (0, 0))
    assert again.size == (60, 40)
    pygame.quit()
