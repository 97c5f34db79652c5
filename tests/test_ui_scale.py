"""The UI scale (game.view.scale): chosen from the screen unless the player chose one,
apart from the board's zoom; the side's width holds the live counters' lines side
by side in every language at every scale; the player's keys change it and keep it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, key

from game import cli, language
from game.app import App
from game.rules import UI_SCALES
from game.view import scale
from game.view.scale import TEXT
from game.view.viewport import SIDE_WIDTH


@pytest.mark.parametrize(
    ("desktop", "dpi", "chosen"),
    [
        ((1920, 1080), None, 1),
        ((1280, 1024), None, 1),
        ((2560, 1440), None, 1),
        ((3840, 2160), None, 2),
        ((1920, 1080), 192.0, 2),
        ((7680, 4320), None, 3),
        ((1024, 768), 0.0, 1),
    ],
)
def test_the_scale_suits_the_screen(
    desktop: tuple[int, int], dpi: float | None, chosen: int
) -> None:
    assert scale.for_screen(desktop, dpi) == chosen


def test_the_players_scale_wins_over_the_screens_and_steps_stop_at_the_ends() -> None:
    try:
        assert scale.use(3, (1920, 1080)) == 3 and scale.px(TEXT) == 36
        assert scale.stepped(1) is None and scale.stepped(-1) == 2
        assert scale.use(None, (3840, 2160)) == 2
        assert scale.use(7, (1920, 1080)) == 1  # (no such scale: the screen's)
        assert scale.stepped(-1) is None
    finally:
        scale.use(None, (1024, 768))


@pytest.mark.parametrize("code", list(language.LANGUAGES))
def test_the_side_holds_the_default_counters_side_by_side_in_every_language(
    code: str, tmp_path: Path
) -> None:
    app = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path), language=code),
        clock=FakeClock(),
    )
    try:
        for ui in UI_SCALES:
            assert app.play.counters.width(ui) <= SIDE_WIDTH * ui, (code, ui)
    finally:
        app.close()


def test_larger_words_keep_the_zoom_and_are_kept(tmp_path: Path) -> None:
    app = App(cli.Options(zoom=2, sound=False, seed=1, data_dir=str(tmp_path)), clock=FakeClock())
    try:
        app.run(frames=1)
        assert scale.current() == 1 and app.viewport.bar().h == 18
        key(pygame.K_PERIOD, ".")
        app.run(frames=1)
        assert scale.current() == 2 and app.prefs.settings.ui_scale == 2
        assert app.viewport.zoom == 2 and app.viewport.bar().h == 36
        assert app.viewport.side.width >= 2 * SIDE_WIDTH
        key(pygame.K_COMMA, ",")
        key(pygame.K_COMMA, ",")
        app.run(frames=1)
        assert scale.current() == 1 and app.table.note == "These are the smallest words."
    finally:
        app.close()
        scale.use(None, (1024, 768))
