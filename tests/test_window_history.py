"""The History screen in the real window: its chart keeps a loss off the time axis,
it keeps its size whatever its buttons show, and Previous pages back (issue 32,
item 13). Real events through the real loop; pixels and dialog geometry."""

from __future__ import annotations

import pygame
import test_window_records as records
from hypothesis import given
from hypothesis import strategies as st
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    click,
    drawn_on,
    key,
    use_layout,
    win_beginner,
)

from game.app import App
from game.core.status import Status
from game.persist.game_record import GameRecord
from game.screens.history import HISTORY_ROWS, HistoryAnswer, earlier_page, later_page
from game.view import theme
from game.view.widgets.dialog import Dialog

app, clock = records.app, records.clock  # (its fixtures: zoom 2, seed 1, ready)


def close_all(app: App) -> None:
    while app.stage.top_dialog is not None:
        key(pygame.K_ESCAPE, "\x1b")
        app.run(frames=1)


def history(app: App) -> Dialog:
    key(pygame.K_F7)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title.startswith("History")
    return dialog


def press(app: App, answer: HistoryAnswer) -> Dialog:
    """Click a button of the History screen (a press and a release over it)."""
    dialog = app.stage.top_dialog
    assert dialog is not None
    click(app, dialog.button_rect(answer.label).center)
    shown = app.stage.top_dialog
    assert shown is not None and shown is not dialog and shown.title.startswith("History")
    return shown


def record(day: int, won: bool, ms: int, kind: str = "beginner") -> GameRecord:
    size = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40)}[kind]
    return GameRecord(
        f"2026-01-{day:02d}T10:00:00", kind, *size, "safe", str(day), won, ms, 20, 20 if won else 5
    )


def test_a_lost_game_is_charted_apart_from_the_time_axis_not_at_0_s(
    app: App, clock: FakeClock
) -> None:
    """A loss is a red cross in a strip of its own under the time axis: walking up
    from it, the chart's white field is left (the strip's frame) before the time
    axis' field begins; drawn on the time axis' floor, the column was white from the
    cross up to the win's dot."""
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 0))  # a mine: lost (the older game, on the left)
    assert app.table.game.status is Status.LOST
    close_all(app)
    app.play.new_game()
    win_beginner(app, clock, ms=4_000)
    close_all(app)
    dialog = history(app)
    rect = dialog.rect
    assert rect is not None
    screen = drawn_on(app)
    look = theme.current()
    field = tuple(look.field)
    red = [
        (x, y)
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if tuple(screen.get_at((x, y))[:3]) == tuple(look.error)
    ]
    navy = [
        (x, y)
        for x in range(rect.left, rect.right)
        for y in range(rect.top + rect.height // 3, rect.bottom)
        if tuple(screen.get_at((x, y))[:3]) == tuple(look.highlight)
    ]
    assert red and navy, "a cross for the loss and a dot for the win"
    cross_x = (min(x for x, _ in red) + max(x for x, _ in red)) // 2
    cross_top = min(y for x, y in red if x == cross_x)
    dot_bottom = max(y for _, y in navy)
    assert cross_top > dot_bottom
    column = [tuple(screen.get_at((cross_x, y))[:3]) for y in range(dot_bottom + 1, cross_top)]
    assert column[0] == field, "the column starts in the time axis' field"
    assert any(colour != field for colour in column), "the loss is drawn apart from the axis"


def test_the_history_keeps_its_size_whatever_its_buttons_show(app: App) -> None:
    """Result, Sort, Previous, More and Board each show another page (fewer rows, no
    chart, another note): the screen, and so every button, stays where it was."""
    for day in range(1, 14):  # 13 games: a full page, and a page of one
        app.profile.record_game(record(day, won=day % 3 == 0, ms=3_000 + 700 * day))
    app.profile.record_game(record(14, won=False, ms=5_000, kind="intermediate"))
    dialog = history(app)
    where = dialog.rect
    buttons = {answer: dialog.button_rect(answer.label) for answer in HistoryAnswer}
    seen = set()
    for answer in [
        HistoryAnswer.MORE,  # the page of two games
        HistoryAnswer.PREVIOUS,  # the first again
        HistoryAnswer.RESULT,  # the won: four, and no chart of Intermediate
        HistoryAnswer.RESULT,  # the lost
        HistoryAnswer.SORT,
        HistoryAnswer.RESULT,  # every game again
        HistoryAnswer.BOARD,  # Beginner
        HistoryAnswer.BOARD,  # Intermediate
        HistoryAnswer.BOARD,  # Expert: none
        HistoryAnswer.BOARD,  # Custom: none, and no chart
    ]:
        dialog = press(app, answer)
        seen.add((dialog.title, len(dialog.rows), dialog.chart is None))  # type: ignore[attr-defined]
        assert dialog.rect == where, f"{answer.label} moved the screen"
        for other, rect in buttons.items():
            assert dialog.button_rect(other.label) == rect
    assert len(seen) >= 6  # (the pages did differ)


def test_previous_pages_back_and_from_the_first_page_to_the_last(app: App) -> None:
    for day in range(1, 26):  # 25 games: 1-12, 13-24, 25
        app.profile.record_game(record(day, won=True, ms=3_000 + day))
    dialog = history(app)
    assert dialog.lines[0] == "Games 1 to 12 of 25, newest first."  # type: ignore[attr-defined]
    said = []
    for answer in [
        HistoryAnswer.PREVIOUS,
        HistoryAnswer.PREVIOUS,
        HistoryAnswer.PREVIOUS,
        HistoryAnswer.MORE,
        HistoryAnswer.PREVIOUS,
    ]:
        said.append(press(app, answer).lines[0])  # type: ignore[attr-defined]
    assert said == [
        "Games 25 to 25 of 25, newest first.",
        "Games 13 to 24 of 25, newest first.",
        "Games 1 to 12 of 25, newest first.",
        "Games 13 to 24 of 25, newest first.",
        "Games 1 to 12 of 25, newest first.",
    ]


@given(st.integers(0, 10_000), st.integers(0, 40))
def test_previous_undoes_more_and_both_go_round_every_page(total: int, presses: int) -> None:
    pages = max(1, -(-total // HISTORY_ROWS))
    first = 0
    seen = []
    for _ in range(presses):
        first = later_page(first, total)
        seen.append(first)
        assert first % HISTORY_ROWS == 0 and (first < total or first == 0)
    for back in reversed([0, *seen][:presses]):
        first = earlier_page(first, total)
        assert first == back
    assert len(set(seen)) == min(presses, pages)
