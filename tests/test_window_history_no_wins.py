"""The History's chart when every game charted was lost, through the real loop: no
time axis of "0 s" alone (the play test), but one line in the plot saying there is
no time to chart, in the player's language; real pixels."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import BEGINNER, drawn_on, key, use_layout
from test_window_counters import click, frames, start

from game import language
from game.app import App
from game.core.status import Status
from game.view.theme import current as theme
from game.view.widgets.chart import ChartPiece, ChartPoint


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    language.use("en")


def lost_games_charted(folder: Path, code: str, losses: int) -> tuple[App, ChartPiece]:
    """A window whose history holds these losses alone, its History open."""
    app = start(folder, 2, language=code)
    for _ in range(losses):
        use_layout(app, BEGINNER)
        click(app, 0, 0)  # a mine: lost
        assert app.table.game.status is Status.LOST
        key(pygame.K_ESCAPE, "\x1b")
        frames(app, 2)
    key(pygame.K_F7)
    frames(app, 2)
    history = app.stage.top_dialog
    assert history is not None and history.laid_out is not None
    return app, next(p for p in history.laid_out.pieces if isinstance(p, ChartPiece))


def colours(app: App, area: pygame.Rect) -> set[tuple[int, ...]]:
    """The colours of the area's pixels."""
    screen = drawn_on(app)
    return {
        tuple(screen.get_at((x, y))[:3])
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
    }


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "No game won: no times to chart"),
        ("zh_CN", "没有胜局：没有可画的用时"),
        ("ja", "勝った対局なし：描くタイムがありません"),
        ("de", "Kein Spiel gewonnen: keine Zeiten"),
        ("pl", "Brak wygranych: brak czasów"),
    ],
)
def test_a_chart_of_losses_alone_says_so_in_place_of_a_0_s_axis(
    tmp_path: Path, code: str, said: str
) -> None:
    app, chart = lost_games_charted(tmp_path, code, 2)
    try:
        assert "0 s" not in chart.labels
        assert chart.no_times == said
        history = app.stage.top_dialog
        assert history is not None and history.rect is not None
        z, line = chart.style.zoom, chart.style.line
        left, top = history.rect.x + chart.x, history.rect.y + chart.y + line + z
        axis = pygame.Rect(left, top, chart.axis_w - 3 * z, chart.plot_h)
        plot = pygame.Rect(left + chart.axis_w, top, chart.width - chart.axis_w, chart.plot_h)
        assert len(colours(app, axis)) == 1, "no label beside an axis of no times"
        words = chart.style.text(said)
        middle = words.get_rect(center=plot.center)
        assert colours(app, middle) - {tuple(theme().field)}, "the line is drawn mid-plot"
        assert plot.contains(middle), "and fits the plot"
    finally:
        app.close()


def test_a_chart_with_a_win_keeps_its_time_axis_and_says_no_line(tmp_path: Path) -> None:
    app, chart = lost_games_charted(tmp_path, "en", 1)
    try:
        won = ChartPiece(chart.style, [*chart.points, ChartPoint(12.5)], "")
        assert won.labels == ("12 s", "0 s", "lost") and won.no_times == ""
        assert ChartPiece(chart.style, [], "").no_times == ""  # (the room kept: no line)
    finally:
        app.close()
