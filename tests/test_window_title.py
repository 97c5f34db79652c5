"""The window's title through the real loop, every part of it in the player's
language (the play test: a game under the standard rules read "扫雷 - standard")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_window import FakeClock
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
