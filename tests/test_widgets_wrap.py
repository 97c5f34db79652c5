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
        for lines in paragraphs_of(piece, piece._fitted):
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
