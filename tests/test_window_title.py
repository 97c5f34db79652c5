"""The window's title through the real loop, every part of it in the player's
language (the play test: a game under the standard rules read "扫雷 - standard")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, post, win_beginner
from test_window_counters import frames

from game import cli, language
from game.app import App
from game.persist.data_folder import SETTINGS_FILE
from game.rules import RuleMode


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    language.use("en")


def titled(folder: Path, code: str, mode: RuleMode) -> str:
    """The title of a window in this language whose games are under these rules."""
    settings = {"version": 4, "sound": False, "language": code}
    (folder / SETTINGS_FILE).write_text(json.dumps(settings))
    app = App(cli.Options(sound=False, data_dir=str(folder), mode=mode), clock=FakeClock())
    try:
        app.run(frames=1)
        frames(app, 2)
        return str(app.viewport.window.window.title)
    finally:
        app.close()


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        (RuleMode.STANDARD, "扫雷 - 标准"),
        (RuleMode.CHORD_RECURSION, "扫雷 - 双击递归"),
        (RuleMode.STRONG_NO_GUESS, "扫雷 - 强无猜"),
    ],
)
def test_the_title_is_all_in_chinese(tmp_path: Path, mode: RuleMode, expected: str) -> None:
    title = titled(tmp_path, "zh_CN", mode)
    assert title == expected
    assert not any("a" <= char.lower() <= "z" for char in title)  # no English word in it


def test_the_english_title_names_the_rules(tmp_path: Path) -> None:
    assert titled(tmp_path, "en", RuleMode.STANDARD) == "Minesweeper - standard"
    assert titled(tmp_path, "en", RuleMode.WIN7) == "Minesweeper"  # (the default: unsaid)


def options_line(app: App, label: str) -> None:
    """Choose a line of the Options menu with the mouse."""
    app.run(frames=app.frame + 1)
    title = app.menubar.title_rect(1).center
    post(pygame.MOUSEBUTTONDOWN, pos=title, button=1)
    post(pygame.MOUSEBUTTONUP, pos=title, button=1)
    app.run(frames=app.frame + 1)
    line = app.menubar.line_rect(label).center
    post(pygame.MOUSEMOTION, pos=line, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=line, button=1)
    post(pygame.MOUSEBUTTONUP, pos=line, button=1)
    app.run(frames=app.frame + 1)


def test_the_title_follows_a_language_picked_in_the_options_menu(tmp_path: Path) -> None:
    """The play test: 简体中文 picked in the Options menu changed every word but the
    window's title, "Minesweeper" until the next game; and a won game's title too."""
    clock = FakeClock()
    options = cli.Options(sound=False, data_dir=str(tmp_path), zoom=2, seed=1)
    app = App(options, clock=clock)
    try:
        app.run(frames=1)
        app.get_ready()
        frames(app, 2)
        title = lambda: str(app.viewport.window.window.title)  # noqa: E731
        assert title() == "Minesweeper"
        options_line(app, "简体中文")
        assert language.current() == "zh_CN" and title() == "扫雷"
        options_line(app, "English")
        win_beginner(app, clock, 3_000)
        frames(app, 2)
        assert title() == "Minesweeper - won in 3.000 s"
        options_line(app, "Deutsch")
        assert title() == "Minesweeper - gewonnen in 3,000 s", title()
    finally:
        app.close()
