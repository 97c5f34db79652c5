"""The end-of-game panel names the clicks as the side and the Analysis do, through
the real loop (the play test: "Clicks 4 (2 L, 1 R, 1 C)" beside "2 left, 1 right,
1 double": "C" said nothing), in English and in Chinese, and still fits whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_window_counters import click, frames, start
from test_window_themes import BOARD

from game import language
from game.core.game import Game
from game.modes.ordinary import Ordinary


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    language.use("en")


@pytest.mark.parametrize(
    ("code", "clicks", "words"),
    [
        ("en", "Clicks", "4 (2 left, 1 right, 1 double)"),
        ("zh_CN", "点击", "4（左键 2，右键 1，双击 1）"),
        ("de", "Klicks", "4 (2 links, 1 rechts, 1 beide)"),
    ],
)
def test_the_panel_says_left_right_and_double(
    tmp_path: Path, code: str, clicks: str, words: str
) -> None:
    app = start(tmp_path, 2, language=code)
    try:
        app.table.start(Ordinary.given(Game.from_layout(BOARD)))
        frames(app)
        click(app, 1, 1)  # a 1 beside the corner's mine
        click(app, 0, 0, button=3)  # its flag
        click(app, 1, 1, button=2)  # the chord on the 1
        click(app, 3, 4)  # the mine in the middle: lost
        frames(app, 2)
        panel = app.stage.top_dialog
        assert panel is not None
        assert [clicks, words] in panel.rows  # type: ignore[attr-defined]
        assert app.viewport.screen.get_rect().contains(panel.rect)
        assert not panel.cut  # (the longer words wrap, never cut)
    finally:
        app.close()
