"""A dialog's paragraphs use their box's width: a line ends where the next word would
no longer fit the box, not at a narrower width the text was first wrapped at (issue
41: "place 1 of / 10." in a box with room for "10."; the board-code entry's lines
over half its width)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise

import pygame
import pytest

from game import language
from game.rules import Difficulty
from game.screens.codes import board_code_dialog
from game.screens.end_of_game import best_time_panel
from game.screens.records import BestTime
from game.view.lines import pieces
from game.view.widgets.dialog import Dialog
from game.view.widgets.fitting import arranged
from game.view.widgets.text import TextPiece

ROWS = [["Time", "3.450 s"], ["3BV", "12 of 12"], ["3BV/s", "3.478"], ["Clicks", "20"]]


def panel() -> Dialog:
    best = BestTime(Difficulty.BEGINNER, 3450, 1, "Someone")
    return best_time_panel(best, ROWS, ("New game", "Close"), ["Right-click flags."], None)


DIALOGS: dict[str, Callable[[], Dialog]] = {"board code": board_code_dialog, "best time": panel}


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    language.use("en")


def paragraphs_of(piece: TextPiece, texts: list[str]) -> Iterator[list[str]]:
    """The piece's lines, paragraph by paragraph (its texts in order: a paragraph's
    lines hold its words, in spaced scripts)."""
    lines = iter(piece.lines)
    for text in texts:
        words, taken = len(text.split()), []
        while sum(len(line.split()) for line in taken) < words:
            taken.append(next(lines))
        yield taken


@pytest.mark.parametrize("language_code", ["en", "de"])
@pytest.mark.parametrize("room", [(275, 700), (420, 700), (900, 700)])
@pytest.mark.parametrize("name", list(DIALOGS))
def test_a_paragraph_fills_its_box_before_it_breaks(
    name: str, room: tuple[int, int], language_code: str
) -> None:
    language.use(language_code)
    dialog = DIALOGS[name]()
    layout = arranged(dialog, room, 1)
    texts = [piece for piece in layout.pieces if isinstance(piece, TextPiece)]
    assert texts
    font = layout.style.font
    broken = 0
    for piece in texts:
        assert piece.width <= piece.w  # (never wider than the box)
        for lines in paragraphs_of(piece, piece.paragraphs):
            for line, following in pairwise(lines):
                next_word = pieces(following.split()[0])[0]
                longer = f"{line} {next_word}"
                assert font.size(longer)[0] > piece.w, (line, next_word, piece.w)
                broken += 1
    if name == "board code":
        assert broken  # (the test saw lines break: its paragraphs are longer than a line)


def test_the_best_line_takes_one_line_where_the_box_has_room() -> None:
    language.use("en")
    layout = arranged(panel(), (420, 700), 1)
    first = next(piece for piece in layout.pieces if isinstance(piece, TextPiece))
    assert first.lines == ["You won Beginner in 3.450 s: place 1 of 10."]


CODE = "08203-R00CC-QX4SF-PR2GT-5NX08-0FB85T"
"""A board code as the end-of-game panel shows it (its groups joined by hyphens)."""


def test_a_word_no_line_holds_breaks_after_its_hyphens_every_character_kept() -> None:
    from game.view.lines import wrap

    pygame.font.init()
    font = pygame.font.Font(None, 15)
    width = font.size(CODE)[0] * 2 // 3
    lines = wrap(font, f"Board code {CODE}", width)
    assert len(lines) > 1 and all(font.size(line)[0] <= width for line in lines)
    first = next(k for k, line in enumerate(lines) if "-" in line)
    assert " ".join(lines[: first + 1]) + "".join(lines[first + 1 :]) == f"Board code {CODE}"
    assert all(line.endswith("-") for line in lines[first:-1])  # only after a hyphen
    assert wrap(font, f"a {CODE}", font.size(CODE)[0]) == ["a", CODE]  # held whole: moved


def test_the_end_of_game_panels_figures_wrap_a_board_code_in_a_narrow_room() -> None:
    # (beside the classic Expert at 3x on 1920x1080 the widest room off the cells is
    # 333 pixels: the panel fits it whole at the UI scale, its code on two lines)
    from test_window import FakeClock

    from game import cli
    from game.app import App
    from game.rules import PRESETS
    from game.screens.end_of_game import game_panel
    from game.view.widgets.dialog import fits_at_scale
    from game.view.widgets.grid import GridPiece
    from game.view.widgets.style import Style

    rows = [*ROWS, ["Board code", CODE]]
    board = PRESETS[Difficulty.EXPERT]
    app = App(cli.Options(zoom=1, sound=False, seed=1, board=board), clock=FakeClock())
    try:
        grid = GridPiece(Style(1, 12), [], rows, 240, (1,))
        assert [cell[0] for cell in grid.rows] == [[row[0]] for row in rows]
        code = grid.rows[-1][1]
        assert len(code) > 1 and "".join(code) == CODE
        assert all(line.endswith("-") for line in code[:-1]) and grid.width <= 240
        assert GridPiece(Style(1, 12), [], rows, 240).rows[-1][1] == [CODE]  # (not asked)
        flags = {"keep": True, "export": True, "analyse": True, "undo": True, "retry": True}
        lines = ["Unranked (assisted: a hint was shown): not a record."]
        summary = app.table.session.summary()
        panel = game_panel(summary, Difficulty.EXPERT, CODE, lines, **flags)  # type: ignore[arg-type]
        assert len(panel.buttons) == 9 and fits_at_scale(panel, (333, 900), 1)
    finally:
        app.close()
