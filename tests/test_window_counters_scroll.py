"""Live counters more than the side holds scroll, through the real loop (issue 41,
item 2: "no counter is hidden without a sign"). Every figure alone fits the side
beside every board at UI scale 1 and 2, in every language; the player's own counters
(up to 20) and a race's two lines with bars do not: here every figure and eight of
the player's own, beside a Beginner board. A scroll bar at the side's right says lines
are out of sight, the wheel over the side and a press on the bar's track bring them
in, down to the last; the lines shown all fit the side; with lines that fit, no bar.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_window_counters import frames, start

from game import language
from game.app import App
from game.rules import PRESETS, Difficulty
from game.view.theme import current as theme
from game.words import DEFAULT_FIGURES, FIGURES

OWN = [[f"mine {k}", "bbbv * 2"] for k in range(8)]


def every_figure(folder: Path, language_code: str = "en", zoom: int = 1) -> App:
    app = start(folder, zoom, counters=list(FIGURES), own_counters=OWN, language=language_code)
    app.play.new_game(PRESETS[Difficulty.BEGINNER])
    frames(app, 2)
    return app


def wheel(app: App, y: int, over: tuple[int, int]) -> None:
    motion = {"pos": over, "rel": (0, 0), "buttons": (0, 0, 0)}
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, motion))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y))
    frames(app, 2)


def bar_drawn(app: App) -> bool:
    """The bar's thumb (the look's text colour) is on the screen in its track."""
    track = app.play.counters.scroll.track
    if not track.w:
        return False
    screen = app.viewport.screen
    text = tuple(theme().text)
    return any(tuple(screen.get_at((track.centerx, y)))[:3] == text for y in range(*track[1::2]))


@pytest.fixture(autouse=True)
def _english() -> None:
    yield
    language.use("en")


@pytest.mark.parametrize("language_code", ["en", "de", "zh_CN"])
def test_counters_more_than_the_side_holds_scroll_behind_a_bar(
    tmp_path: Path, language_code: str
) -> None:
    app = every_figure(tmp_path, language_code)
    scroll, side = app.play.counters.scroll, app.viewport.beside()
    assert scroll.count == len(app.play.counters.rows()) > scroll.shown  # (more than fit)
    assert bar_drawn(app)  # the sign that some are out of sight
    assert side.contains(scroll.track)
    boxes = app.play.counters.painter.laid
    assert boxes and all(side.contains(box) for box in boxes)  # what is shown fits whole
    assert all(box.right <= scroll.track.x for box in boxes)  # (beside the bar, not under)
    before = pygame.image.tobytes(app.viewport.screen.subsurface(side), "RGB")
    wheel(app, -1, side.center)  # (the wheel down: the lines move up)
    assert scroll.first == 1
    assert pygame.image.tobytes(app.viewport.screen.subsurface(side), "RGB") != before
    for _ in range(scroll.count):
        wheel(app, -3, side.center)
    assert scroll.first + scroll.shown == scroll.count  # down to the last line, no further
    assert bar_drawn(app)
    wheel(app, 50, side.center)
    assert scroll.first == 0
    below = (scroll.track.centerx, scroll.track.bottom - 2)  # the track under the thumb
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=below, button=1))
    frames(app, 2)
    assert scroll.first == min(scroll.shown, scroll.count - scroll.shown)  # a page down
    app.close()


def test_the_wheel_over_the_board_does_not_scroll_the_counters(tmp_path: Path) -> None:
    app = every_figure(tmp_path)
    wheel(app, -1, app.viewport.cell_pos(3, 3))
    assert app.play.counters.scroll.first == 0
    app.close()


def test_counters_that_fit_show_no_bar(tmp_path: Path) -> None:
    app = start(tmp_path, 2, counters=list(DEFAULT_FIGURES), language="en")
    frames(app, 2)
    scroll = app.play.counters.scroll
    assert scroll.shown == scroll.count == len(app.play.counters.rows())
    assert not bar_drawn(app)
    app.close()


def test_ctrl_and_the_page_keys_scroll_the_counters(tmp_path: Path) -> None:
    app = every_figure(tmp_path)
    scroll, cursor = app.play.counters.scroll, app.table.cursor

    def key(code: int) -> None:
        event = {"key": code, "mod": pygame.KMOD_LCTRL, "unicode": ""}
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, event))
        frames(app, 2)

    key(pygame.K_END)
    assert scroll.first + scroll.shown == scroll.count  # the last line in sight
    key(pygame.K_HOME)
    assert scroll.first == 0
    key(pygame.K_PAGEDOWN)
    assert scroll.first == min(scroll.shown, scroll.count - scroll.shown)
    key(pygame.K_PAGEUP)
    assert scroll.first == 0
    key(pygame.K_HOME)  # (already at the first line: still the side's)
    key(pygame.K_PAGEUP)
    assert app.table.cursor == cursor  # (the board's cursor stayed)
    app.close()
