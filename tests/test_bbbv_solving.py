"""The 3BV solved kept up to date from each move's changed cells (game.core.bbbv's
Solving, and the live counters' SolvedSoFar fed the table's moves) is the count over
the whole board (Game.bbbv_solved) after every move: random games under every fate
and recursion, clicks, flags and chords, wins and losses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.bbbv import Openings, Solving
from game.core.board import Fate, Recursion
from game.core.game import Game
from game.core.moves import Action, Move
from game.core.solved import PENDING_LIMIT, SolvedSoFar

ACTIONS = (Action.REVEAL, Action.REVEAL, Action.MARK, Action.CHORD)


def moves_of(rows: int, cols: int, draws: list[tuple[int, int, int]]) -> list[Move]:
    return [Move(ACTIONS[a % len(ACTIONS)], r % rows, c % cols) for a, r, c in draws]


Drawn = tuple[int, int, int, Fate, Recursion, list[tuple[int, int, int]]]
games = st.tuples(
    st.integers(2, 9),
    st.integers(2, 9),
    st.integers(0, 10_000),
    st.sampled_from(list(Fate)),
    st.sampled_from(list(Recursion)),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 8), st.integers(0, 8)), max_size=40),
)


def new_game(rows: int, cols: int, seed: int, fate: Fate, recursion: Recursion) -> Game:
    mines = max(1, rows * cols // 5)
    return Game.new(rows, cols, mines, seed=seed, fate=fate, recursion=recursion)


@settings(max_examples=150, deadline=None)
@given(games)
def test_solving_fed_the_opened_cells_counts_as_the_whole_board(game_drawn: Drawn) -> None:
    rows, cols, seed, fate, recursion, draws = game_drawn
    game = new_game(rows, cols, seed, fate, recursion)
    solving: tuple[object, Solving] | None = None
    for move in moves_of(rows, cols, draws):
        if game.status.is_over:
            break
        delta = game.apply(move)
        field = game.minefield
        if field is None:
            continue
        if solving is None or solving[0] is not field:
            openings = Openings(field.rows, field.cols, field.mines)
            solving = (field, Solving(openings, game.opened_mask()))
        elif delta.opened:
            added = solving[1].add(delta.changed.runs)
            if not delta.lost:
                assert added == delta.opened  # (a move that opens shows only open cells)
            if added != delta.opened:
                solving = (field, Solving(openings, game.opened_mask()))
        assert solving[1].solved == game.bbbv_solved()
        assert solving[1].opened == game.opened_count


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 8),
    st.integers(1, 8),
    st.data(),
)
def test_any_runs_of_cells_taken_as_open_count_as_the_board_with_them_open(
    rows: int, cols: int, data: st.DataObject
) -> None:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = data.draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 3))
    openings = Openings(rows, cols, mines)
    size = openings.geometry.size
    opened = bytearray(size)
    solving = Solving(openings, opened)
    for _ in range(data.draw(st.integers(1, 6))):
        runs: list[int] = []
        for _ in range(data.draw(st.integers(0, 4))):
            start = data.draw(st.integers(0, size - 1))
            runs += [start, data.draw(st.integers(start, min(size, start + 12)))]
        before = opened.count(1)
        for k in range(0, len(runs), 2):
            for index in range(runs[k], runs[k + 1]):
                if openings.values[index] <= 8:
                    opened[index] = 1
        assert solving.add(runs) == opened.count(1) - before
        assert solving.solved == openings.solved_in(opened)
        assert solving.opened == opened.count(1)


@settings(max_examples=150, deadline=None)
@given(games, st.integers(1, 3))
def test_the_counters_count_is_the_whole_boards_after_every_move(
    game_drawn: Drawn, every: int
) -> None:
    rows, cols, seed, fate, recursion, draws = game_drawn
    game = new_game(rows, cols, seed, fate, recursion)
    so_far = SolvedSoFar()
    for k, move in enumerate(moves_of(rows, cols, draws)):
        if game.status.is_over:
            break
        so_far.heard(game.apply(move))
        if k % every == 0:  # (asked after one move or after a few)
            assert so_far.of(game) == (game.bbbv, game.bbbv_solved())
    assert so_far.of(game) == (game.bbbv, game.bbbv_solved())


def test_more_moves_than_kept_are_counted_from_the_board() -> None:
    game = Game.new(30, 30, 1, seed=3)
    so_far = SolvedSoFar()
    so_far.heard(game.apply(Move(Action.REVEAL, 0, 0)))
    assert so_far.of(game) == (game.bbbv, game.bbbv_solved())
    cells = [(r, c) for r in range(30) for c in range(30)]
    opened = 0
    for row, col in cells:
        if opened > PENDING_LIMIT or game.status.is_over:
            break
        delta = game.apply(Move(Action.REVEAL, row, col))
        so_far.heard(delta)
        opened += bool(delta.opened)
    assert so_far.of(game) == (game.bbbv, game.bbbv_solved())


def test_another_game_is_counted_from_its_board() -> None:
    so_far = SolvedSoFar()
    first, second = Game.new(9, 9, 10, seed=1), Game.new(9, 9, 10, seed=2)
    so_far.heard(first.apply(Move(Action.REVEAL, 4, 4)))
    assert so_far.of(first) == (first.bbbv, first.bbbv_solved())
    so_far.heard(second.apply(Move(Action.REVEAL, 0, 0)))
    assert so_far.of(second) == (second.bbbv, second.bbbv_solved())
