"""One size of words at every zoom (issue 41, item 1): the pause's words, the replay
viewer's bar and a note beside the board are drawn by the font at the UI scale's
size, as the menu bar's are, whatever the board's zoom (they were 11 px times the
zoom, 11/18 of the bar's zoomed height, and the deaths undone 8 px times the zoom,
squeezed beside the face). Real events through the real loop; the words' height
read from the window's pixels."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, cell_center, click, key, post
from test_window_replay import write_replay

from game import cli
from game.app import App
from game.scenes.playback import PlaybackScene
from game.view import window

ZOOMS = (2, 3, 4)
"""On a 1920x1080 desktop (the dummy driver's is 1024x768, too small for 4x)."""


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[App]]:
    monkeypatch.setattr(window, "desktop_size", lambda: (1920, 1080))
    apps: list[App] = []
    yield apps
    for app in apps:
        app.close()


def window_at(opened: list[App], zoom: int) -> App:
    app = App(cli.Options(zoom=zoom, sound=False, seed=1), clock=FakeClock())
    app.run(frames=1)
    assert app.viewport.zoom == zoom
    opened.append(app)
    return app


def inked_rows(surface: pygame.Surface, rect: pygame.Rect, ink: tuple[int, int, int]) -> int:
    """How many pixel rows of ``rect`` hold a pixel of ``ink`` (the words' height)."""
    rect = rect.clip(surface.get_rect())
    return sum(
        any(surface.get_at((x, y))[:3] == ink for x in range(rect.left, rect.right))
        for y in range(rect.top, rect.bottom)
    )


def bar_words(app: App) -> int:
    """The menu bar's words' height (the yardstick: the UI scale's size)."""
    title = app.menubar.title_rect(0)
    bar = app.viewport.bar()
    return inked_rows(app.viewport.screen, pygame.Rect(title.x, bar.y, title.w, bar.h), (0, 0, 0))


def test_the_pauses_words_are_one_size_at_every_zoom(opened: list[App]) -> None:
    heights = set()
    for zoom in ZOOMS:  # (at 1x a Beginner board is too narrow for the line: it wraps)
        app = window_at(opened, zoom)
        click(app, cell_center(app, 0, 0))  # (a game under way: it pauses)
        key(pygame.K_p, "p")
        app.run(frames=1)
        assert app.table.session.paused
        box = app.viewport.renderer.paused_box
        assert box is not None
        ink = app.viewport.renderer.theme.text
        heights.add((inked_rows(app.viewport.screen, box, ink), box.h))
    assert len(heights) == 1, heights  # the same words, the same pixels, at 2x, 3x and 4x


def test_the_viewers_bar_is_one_size_at_every_zoom(opened: list[App], tmp_path: Path) -> None:
    heights = set()
    path = write_replay(tmp_path)
    for zoom in (1, *ZOOMS):
        app = window_at(opened, zoom)
        yardstick = bar_words(app)
        post(pygame.DROPFILE, file=str(path))
        app.run(frames=2)
        assert isinstance(app.stage.top, PlaybackScene)
        bar = app.viewport.bar()
        words = pygame.Rect(bar.x, bar.y, bar.w, bar.h - max(2, bar.h // 8))  # (not its foot)
        height = inked_rows(app.viewport.screen, words, app.viewport.renderer.theme.text)
        assert 0 < height <= yardstick + 4  # (the menu bar's size: "Game" has no descender)
        heights.add(height)
    assert len(heights) == 1, heights


def test_a_note_beside_the_board_is_one_size_at_every_zoom(opened: list[App]) -> None:
    heights = set()
    for zoom in (1, *ZOOMS):
        app = window_at(opened, zoom)
        app.table.note = "2x is the smallest zoom."  # (as the play screen words it)
        app.run(frames=1)
        rect = app.play.notes.rect
        assert rect is not None  # (in the side: the window has it by default)
        heights.add((rect.h, inked_rows(app.viewport.screen, rect, (0, 0, 0))))
    assert len(heights) == 1, heights
