"""The zoom is the player's: where a board does not fit the desktop at the chosen zoom,
the largest that fits is used and one line in the window says so; the chosen zoom
comes back as soon as a board fits at it again, and the settings keep the chosen one,
never the one forced. The keys go through the real loop, on a desktop of a real
screen's size (the dummy driver's desktop replaced by 1920x1080 or 1280x1024)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pygame
import pytest
from conftest import classic_window
from test_window import FakeClock, key

from game import cli
from game.app import App
from game.language import shown, use
from game.persist.data_folder import SETTINGS_FILE, data_dir
from game.rules import PRESETS, Difficulty
from game.view import window
from game.view.commands import Command
from game.view.stage import DialogScene

Desk = Callable[[tuple[int, int]], None]


@pytest.fixture
def desk(monkeypatch: pytest.MonkeyPatch) -> Desk:
    """The desktop the window is fitted to, as a real screen's size."""
    return lambda size: monkeypatch.setattr(window, "desktop_size", lambda: size)


@pytest.fixture
def opened() -> Iterator[Callable[..., App]]:
    apps: list[App] = []

    def make(zoom: int | None, difficulty: Difficulty = Difficulty.BEGINNER) -> App:
        board = PRESETS[difficulty]
        app = App(cli.Options(zoom=zoom, sound=False, seed=1, board=board), clock=FakeClock())
        app.run(frames=1)
        app.get_ready()  # (as the loop does once the first frame is taken over)
        app.run(frames=1)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def press(app: App, code: int, unicode: str = "") -> None:
    key(code, unicode)
    app.run(frames=2)


def saved_zoom() -> object:
    return json.loads((data_dir() / SETTINGS_FILE).read_text(encoding="utf-8")).get("zoom")


def note_drawn(app: App) -> bool:
    """The line is on the screen: the advice's box was drawn this frame."""
    return app.play.notes.shown


def test_beginner_at_4x_comes_back_at_4x_after_intermediate_was_shown_at_3x(
    desk: Desk, opened: Callable[..., App]
) -> None:
    desk((1920, 1080))
    app = opened(4)
    assert app.viewport.zoom == 4 and app.table.note is None
    press(app, pygame.K_2)  # Intermediate: too tall at 4x on 1080 lines
    assert app.table.board == PRESETS[Difficulty.INTERMEDIATE]
    assert app.viewport.zoom == 3  # (the menu bar at the UI scale: 3x fits)
    assert app.table.note == "At 4x this board does not fit the screen: it is shown at 3x."
    assert note_drawn(app)
    press(app, pygame.K_1)
    assert app.viewport.zoom == 4  # the player's zoom is back
    assert app.table.note is None
    width, height = app.viewport.window.size
    assert (width, height) <= window.usable_size()


def test_expert_at_2x_on_1280x1024_starts_at_1x_with_a_word_and_beginner_gets_2x_back(
    desk: Desk, opened: Callable[..., App]
) -> None:
    desk((1280, 1024))
    app = opened(2, Difficulty.EXPERT)
    assert app.viewport.zoom == 1
    assert app.table.note == "At 2x this board does not fit the screen: it is shown at 1x."
    assert note_drawn(app)
    layout = app.viewport.layout
    assert layout.shown_cols == layout.cols  # not a scrolled 2x
    press(app, pygame.K_1)
    assert app.viewport.zoom == 2 and app.table.note is None


def test_the_line_is_said_in_the_players_language(desk: Desk, opened: Callable[..., App]) -> None:
    desk((1280, 1024))
    app = opened(2, Difficulty.EXPERT)
    use("de")
    app.run(frames=1)
    said = shown(app.table.note)
    assert "2x" in said and "1x" in said and said != str(app.table.note)


def test_c_then_plus_then_c_gives_the_zoom_that_fits_never_a_board_cut_off(
    desk: Desk, opened: Callable[..., App]
) -> None:
    desk((1280, 1024))
    app = opened(1, Difficulty.EXPERT)
    assert app.viewport.zoom == 1 and app.viewport.side.width > 0
    press(app, pygame.K_c)  # the side hidden: the classic window
    assert app.viewport.side.width == 0
    press(app, pygame.K_EQUALS, "=")  # 2x fits without the side
    assert app.viewport.zoom == 2 and saved_zoom() == 2
    press(app, pygame.K_c)  # the side back: 2x no longer fits beside it
    viewport = app.viewport
    assert viewport.side.width > 0 and viewport.zoom == 1
    assert viewport.layout.shown_cols == viewport.layout.cols  # no column cut off
    assert viewport.layout.shown_rows == viewport.layout.rows
    assert app.table.note == "At 2x this board does not fit the screen: it is shown at 1x."
    assert saved_zoom() == 2  # the settings keep the player's zoom, not the one forced
    press(app, pygame.K_c)
    assert app.viewport.zoom == 2 and app.table.note is None  # hidden again: 2x is back


def test_plus_at_a_forced_zoom_says_it_is_the_largest_and_keeps_the_players(
    desk: Desk, opened: Callable[..., App]
) -> None:
    desk((1280, 1024))
    app = opened(2, Difficulty.EXPERT)
    press(app, pygame.K_EQUALS, "=")
    assert app.viewport.zoom == 1
    assert app.table.note == "1x is the largest zoom at which the window fits the screen."
    press(app, pygame.K_1)
    assert app.viewport.zoom == 2  # the player's zoom was kept
    press(app, pygame.K_MINUS, "-")  # the player's own choice: 1x, saved
    assert app.viewport.zoom == 1 and saved_zoom() == 1


def test_a_page_over_a_classic_window_changes_no_zoom_and_no_size(
    desk: Desk, opened: Callable[..., App]
) -> None:
    desk((1280, 1024))
    classic_window()
    app = opened(2, Difficulty.EXPERT)
    assert app.viewport.zoom == 2 and app.viewport.side.width == 0
    size = app.viewport.window.size
    app.play.command(Command.STATISTICS)  # a page in a window of its own
    app.run(frames=1)
    top = app.stage.top
    assert isinstance(top, DialogScene) and top.page is not None
    assert app.viewport.side.width == 0 and app.viewport.window.size == size
    app.prefs.change(question_marks=False)  # a setting changed meanwhile
    app.run(frames=1)
    assert app.viewport.zoom == 2 and app.viewport.window.size == size
    press(app, pygame.K_ESCAPE, "\x1b")
    assert app.viewport.zoom == 2 and app.viewport.side.width == 0
    assert app.viewport.window.size == size
    assert app.table.note is None
