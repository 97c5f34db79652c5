"""The mine layout as a value: read, written, compared, counted."""

from __future__ import annotations

import pytest

from game.core.errors import CellError, LayoutError
from game.core.game import Game
from game.core.minefield import Minefield

LAYOUT = """
*..
...
.**
"""


def test_a_layout_round_trips_through_text() -> None:
    field = Minefield.from_text(LAYOUT)
    assert (field.rows, field.cols, len(field)) == (3, 3, 3)
    assert field.mines == {(0, 0), (2, 1), (2, 2)}
    assert Minefield.from_text(field.to_text()) == field
    assert field.to_text() == "*..\n...\n.**"


def test_minefields_compare_and_hash_by_value() -> None:
    a = Minefield(3, 3, [(0, 0), (2, 2), (2, 1)])
    b = Minefield.from_text(LAYOUT)
    assert a == b and hash(a) == hash(b)
    assert a != Minefield(3, 4, [(0, 0), (2, 2), (2, 1)])
    assert (0, 0) in a and (1, 1) not in a
    assert list(a) == [(0, 0), (2, 1), (2, 2)]


def test_counts_are_the_mines_around_a_cell() -> None:
    field = Minefield.from_text(LAYOUT)
    assert [field.count(1, c) for c in range(3)] == [2, 3, 2]
    assert field.count(0, 0) == 0
    with pytest.raises(CellError):
        field.count(3, 0)


def test_a_minefield_refuses_cells_off_the_board_and_a_full_board() -> None:
    with pytest.raises(CellError):
        Minefield(2, 2, [(2, 0)])
    with pytest.raises(ValueError):
        Minefield(1, 2, [(0, 0), (0, 1)])
    with pytest.raises(LayoutError):
        Minefield.from_text("*x")


def test_a_game_shows_its_minefield_once_placed() -> None:
    game = Game.new(9, 9, 10, seed=5)
    assert game.minefield is None
    game.reveal(0, 0)
    field = game.minefield
    assert field is not None and len(field) == 10
    assert sorted(field) == game.mine_cells()
    replayed = Game.from_minefield(field)
    assert replayed.minefield == field and replayed.seed is None
    replayed.reveal(0, 0)
    assert replayed.view() == game.view()
