"""3BV and 3BV solved, against a brute-force click simulation and drawn boards."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.bbbv import bbbv, bbbv_solved
from game.core.errors import BoardSizeError, CellError

Cell = tuple[int, int]


# ---------------------------------------------------------------- an independent model


def _layout(text: str) -> tuple[int, int, set[Cell]]:
    lines = [line.strip() for line in text.strip().splitlines()]
    mines = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*"}
    return len(lines), len(lines[0]), mines


class Sim:
    """A plain-sets Minesweeper that only knows how to left-click."""

    def __init__(self, rows: int, cols: int, mines: set[Cell]) -> None:
        self.rows, self.cols, self.mines = rows, cols, mines
        self.opened: set[Cell] = set()

    def around(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [
            (r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < self.rows and 0 <= c + dc < self.cols
        ]

    def number(self, cell: Cell) -> int:
        return sum(n in self.mines for n in self.around(cell))

    def safe(self) -> list[Cell]:
        every = ((r, c) for r in range(self.rows) for c in range(self.cols))
        return [cell for cell in every if cell not in self.mines]

    def click(self, cell: Cell) -> None:
        todo = [cell]
        while todo:
            here = todo.pop()
            if here in self.opened:
                continue
            self.opened.add(here)
            if self.number(here) == 0:
                todo.extend(self.around(here))

    def clicks_to_clear(self) -> int:
        """Click every unopened zero, then every unopened safe cell left: the least
        number of left clicks that clears the board from here."""
        clicks = 0
        for cell in self.safe():
            if cell not in self.opened and self.number(cell) == 0:
                self.click(cell)
                clicks += 1
        for cell in self.safe():
            if cell not in self.opened:
                self.click(cell)
                clicks += 1
        return clicks


boards = st.integers(1, 9).flatmap(
    lambda rows: st.integers(1, 9).flatmap(
        lambda cols: st.tuples(
            st.just(rows),
            st.just(cols),
            st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))),
        )
    )
)


@settings(max_examples=400, deadline=None)
@given(boards)
def test_3bv_is_the_least_number_of_clicks_that_clears_the_board(
    board: tuple[int, int, set[Cell]],
) -> None:
    rows, cols, mines = board
    assert bbbv(rows, cols, mines) == Sim(rows, cols, mines).clicks_to_clear()


@settings(max_examples=300, deadline=None)
@given(boards, st.lists(st.integers(0, 10**6), max_size=12))
def test_solved_is_3bv_minus_the_clicks_still_needed(
    board: tuple[int, int, set[Cell]], picks: list[int]
) -> None:
    """After some clicks (a lost game stops anywhere), what is solved plus what is
    still needed is the 3BV."""
    rows, cols, mines = board
    sim = Sim(rows, cols, mines)
    safe = sim.safe()
    for pick in picks:
        if safe:
            sim.click(safe[pick % len(safe)])
    solved = bbbv_solved(rows, cols, mines, sim.opened)
    assert solved + sim.clicks_to_clear() == bbbv(rows, cols, mines)


@settings(max_examples=200, deadline=None)
@given(boards, st.data())
def test_solved_grows_with_the_open_cells_from_0_to_the_3bv(
    board: tuple[int, int, set[Cell]], data: st.DataObject
) -> None:
    rows, cols, mines = board
    every = [(r, c) for r in range(rows) for c in range(cols)]
    some = data.draw(st.sets(st.sampled_from(every)))
    more = some | data.draw(st.sets(st.sampled_from(every)))
    total = bbbv(rows, cols, mines)
    assert bbbv_solved(rows, cols, mines, []) == 0
    assert bbbv_solved(rows, cols, mines, some) <= bbbv_solved(rows, cols, mines, more) <= total
    safe = [cell for cell in every if cell not in mines]
    assert bbbv_solved(rows, cols, mines, safe) == total
    assert bbbv_solved(rows, cols, mines, every) == total  # open mines count nothing


# ---------------------------------------------------------------- drawn boards


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        # One opening covers the whole board.
        (".....\n.....\n.....", 1),
        # No zero anywhere: every safe cell is a lone number.
        ("*.*\n.*.\n*.*", 4),
        # A single safe cell among mines.
        ("***\n*.*\n***", 1),
        # Two openings split by a wall of mines, no lone numbers.
        (
            """
            ..*..
            ..*..
            ..*..
            """,
            2,
        ),
        # Zeros that touch only diagonally ((1, 1) and (2, 2)) are one opening.
        (
            """
            ...*
            ....
            ....
            *...
            """,
            1,
        ),
        # A wall splits two openings; (2, 2) touches no zero: a lone number.
        (
            """
            ..*...
            ..*...
            **....
            """,
            3,
        ),
        # The corner (0, 0) and the two numbers below the mines touch no zero.
        (
            """
            .*....
            **....
            ......
            """,
            4,
        ),
        # The classic example: the opening and its numbered border count once; the
        # numbers between the two mines at the top right touch no zero.
        (
            """
            .....*.*
            ........
            ........
            """,
            2,
        ),
        ("*", 0),
        (".", 1),
    ],
)
def test_drawn_boards(layout: str, expected: int) -> None:
    rows, cols, mines = _layout(layout)
    assert bbbv(rows, cols, mines) == expected
    assert Sim(rows, cols, mines).clicks_to_clear() == expected


def test_a_lost_game_solved_the_opening_it_started_and_the_lone_numbers_it_opened() -> None:
    rows, cols, mines = _layout(
        """
        ....*.*
        ....**.
        ***....
        """
    )
    # One opening (the zeros (0, 0)-(0, 2) and their border) and six lone numbers:
    # (0, 5) between the two top mines, (1, 6), and (2, 3)-(2, 6) on the bottom row.
    total = bbbv(rows, cols, mines)
    assert total == 7 == Sim(rows, cols, mines).clicks_to_clear()
    # One zero of the top-left opening is open (a flag stopped the cascade).
    assert bbbv_solved(rows, cols, mines, [(0, 0)]) == 1
    # A number on the opening's border solves nothing by itself.
    assert bbbv_solved(rows, cols, mines, [(1, 3)]) == 0
    # The lone number between the two mines at the top.
    assert bbbv_solved(rows, cols, mines, [(0, 5), (0, 0), (0, 1)]) == 2


def test_mines_named_twice_count_once_and_off_board_cells_are_refused() -> None:
    assert bbbv(3, 3, [(1, 1), (1, 1)]) == bbbv(3, 3, [(1, 1)]) == 8
    with pytest.raises(CellError):
        bbbv(3, 3, [(3, 0)])
    with pytest.raises(CellError):
        bbbv_solved(3, 3, [], [(0, -1)])
    with pytest.raises(BoardSizeError):
        bbbv(0, 3, [])


# ---------------------------------------------------------------- size and purity


def test_a_million_cells_without_recursion_in_well_under_a_second() -> None:
    rng = random.Random(3)
    rows = cols = 1000
    mines = [divmod(cell, cols) for cell in rng.sample(range(rows * cols), 150_000)]
    started = time.perf_counter()
    total = bbbv(rows, cols, mines)
    elapsed = time.perf_counter() - started
    assert total > 0
    assert elapsed < 2.0  # typically 0.3 s; generous for slow machines
    # A single opening of a million cells: deep, but no recursion.
    assert bbbv(rows, cols, []) == 1
    # Walls of mines every fourth row, each with a gap of three cells at
    # alternating ends: one opening that winds through the whole board.
    snake = [
        (r, c)
        for r in range(3, rows, 4)
        for c in range(cols)
        if not (c < 3 if r % 8 == 3 else c >= cols - 3)
    ]
    assert bbbv(rows, cols, snake) == 1


def test_importing_bbbv_leaves_pygame_out() -> None:
    code = "import sys, game.core.bbbv; assert 'pygame' not in sys.modules; print('clean')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "clean"


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_games_open_cells_as_a_mask_count_the_3bv_solved_as_its_cells_do(
    data: st.DataObject,
) -> None:
    """Game.bbbv_solved counts over Game.opened_mask (whole-board integers); it says
    what bbbv_solved says over the opened cells one by one, move after move."""
    from game.core.board import Geometry
    from game.core.game import Game
    from game.core.moves import Action, Move

    rows = data.draw(st.integers(1, 16), label="rows")
    cols = data.draw(st.integers(1, 20), label="cols")
    mines = data.draw(st.integers(0, rows * cols - 1), label="mines")
    game = Game.new(rows, cols, mines, seed=data.draw(st.integers(0, 10**6), label="seed"))
    moves = st.tuples(
        st.sampled_from(list(Action)), st.integers(0, rows - 1), st.integers(0, cols - 1)
    )
    for action, row, col in data.draw(st.lists(moves, max_size=40), label="moves"):
        game.apply(Move(action, row, col))
        field = game.minefield
        if field is None:
            continue
        opened = game.opened_cells()
        mask = game.opened_mask()
        assert [i for i, b in enumerate(mask) if b] == sorted(
            (r + 1) * Geometry(rows, cols).width + c + 1 for r, c in opened
        )
        assert game.bbbv_solved() == bbbv_solved(rows, cols, field.mines, opened)
