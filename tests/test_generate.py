"""No-guess boards: logic alone clears them from the first click, and a seed deals
the same board again."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.board import FirstClick
from game.core.game import Game
from game.core.generate import no_guess, solve_from
from game.core.minefield import Minefield
from game.core.solver import analyse
from game.core.status import Status

BOARDS = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
    "dense": (16, 30, 170),
}


def clear_by_analysis(game: Game) -> None:
    """Play on by the solver's certain cells only; fail if it ever has to guess."""
    while game.status is Status.PLAYING:
        a = analyse(game.view(), game.mines)
        hidden_safe = [cell for cell in sorted(a.safe) if game.look(*cell).name == "HIDDEN"]
        assert hidden_safe, "the solver is stuck: this board needs a guess\n" + game.view()
        for cell in hidden_safe:
            game.reveal(*cell)
    assert game.status is Status.WON


@pytest.mark.parametrize(
    ("board", "seeds"),
    [("beginner", 40), ("intermediate", 20), ("expert", 20), ("dense", 10)],
)
def test_every_no_guess_board_is_cleared_by_the_solver_alone(board: str, seeds: int) -> None:
    rows, cols, mines = BOARDS[board]
    for seed in range(seeds):
        click = (seed * 7 % rows, seed * 13 % cols)
        game = Game.new(rows, cols, mines, seed=seed, first_click="noguess")
        game.reveal(*click)
        assert game.no_guess_guaranteed is True
        assert game.look(*click) == 0, "the first click opens an area"
        assert len(game.mine_cells()) == mines
        clear_by_analysis(game)


@pytest.mark.parametrize("board", list(BOARDS))
def test_many_more_boards_by_the_cheap_solver(board: str) -> None:
    rows, cols, mines = BOARDS[board]
    seeds = {"beginner": 400, "intermediate": 150, "expert": 100, "dense": 40}[board]
    for seed in range(100, 100 + seeds):
        click = (seed % rows, seed * 5 % cols)
        made = no_guess(rows, cols, mines, click, seed)
        assert made.guaranteed
        assert len(made.minefield) == mines
        assert click not in made.minefield
        assert made.minefield.count(*click) == 0
        assert solve_from(made.minefield, click).cleared


def test_no_guess_mines_stay_as_uniform_as_plain_placement() -> None:
    # Beginner boards from the centre: every cell outside the opening holds a mine
    # about as often (chi-squared over the 72 cells, 71 degrees of freedom, well
    # under the p = 0.001 value of about 110; plain placement scores the same).
    games = 1000
    counts: Counter[tuple[int, int]] = Counter()
    for seed in range(games):
        game = Game.new(9, 9, 10, seed=seed, first_click="noguess")
        game.reveal(4, 4)
        counts.update(game.mine_cells())
    zone = {(r, c) for r in (3, 4, 5) for c in (3, 4, 5)}
    allowed = [(r, c) for r in range(9) for c in range(9) if (r, c) not in zone]
    assert not set(counts) & zone
    expected = games * 10 / len(allowed)
    chi2 = sum((counts[cell] - expected) ** 2 / expected for cell in allowed)
    assert chi2 < 110


def test_the_same_seed_and_click_deal_the_same_board() -> None:
    boards = []
    for _ in range(2):
        game = Game.new(16, 30, 99, seed=2024, first_click="noguess")
        game.reveal(3, 4)
        boards.append(game.mine_cells())
    assert boards[0] == boards[1]
    other = Game.new(16, 30, 99, seed=2025, first_click="noguess")
    other.reveal(3, 4)
    assert other.mine_cells() != boards[0]


def test_a_snapshot_keeps_the_rule_before_and_after_the_first_click() -> None:
    game = Game.new(16, 16, 40, seed=9, first_click=FirstClick.NOGUESS)
    unplaced = Game.from_snapshot(game.to_snapshot())
    assert unplaced.first_click is FirstClick.NOGUESS
    assert unplaced.no_guess_guaranteed is None
    game.reveal(5, 5)
    unplaced.reveal(5, 5)
    assert unplaced.mine_cells() == game.mine_cells()
    copy = Game.from_snapshot(game.to_snapshot())
    assert copy.first_click is FirstClick.NOGUESS
    assert copy.no_guess_guaranteed is True
    assert copy.view() == game.view()
    assert copy.to_snapshot() == game.to_snapshot()


def test_other_rules_have_no_no_guess_record() -> None:
    game = Game.new(9, 9, 10, seed=1)
    game.reveal(4, 4)
    assert game.no_guess_guaranteed is None
    assert "no_guess_guaranteed" not in game.to_snapshot()


def test_an_impossible_board_falls_back_to_its_best_and_says_so() -> None:
    # 2x2 with 2 mines: the first cell shows 2 and nothing can tell the other three apart.
    game = Game.new(2, 2, 2, seed=3, first_click="noguess")
    game.reveal(0, 0)
    assert game.no_guess_guaranteed is False
    assert len(game.mine_cells()) == 2 and (0, 0) not in game.mine_cells()
    copy = Game.from_snapshot(game.to_snapshot())
    assert copy.no_guess_guaranteed is False


def test_a_dense_board_keeps_only_the_first_cell_free_and_still_solves() -> None:
    # 5x5 with 17 mines: no room for the 3x3 opening (25 - 9 < 17).
    game = Game.new(5, 5, 17, seed=4, first_click="noguess")
    game.reveal(2, 2)
    assert (2, 2) not in game.mine_cells()
    assert len(game.mine_cells()) == 17
    if game.no_guess_guaranteed:
        clear_by_analysis(game)


@pytest.mark.parametrize(("rows", "cols", "mines"), [(16, 30, 300), (24, 30, 667), (9, 9, 64)])
def test_the_densest_custom_boards_are_still_dealt_without_guessing(
    rows: int, cols: int, mines: int
) -> None:
    # Up to the window's limit, (rows - 1) x (cols - 1) mines: the walled-in parts are
    # packed with mines (a partial fill, as Tatham does) until logic gets through.
    for seed in range(3):
        click = (rows // 2, cols // 2)
        made = no_guess(rows, cols, mines, click, seed)
        assert made.guaranteed
        assert len(made.minefield) == mines
        assert solve_from(made.minefield, click).cleared


def test_solve_from_reports_how_far_logic_gets() -> None:
    field = Minefield.from_text("""
        *.
        ..
        .*
    """)
    result = solve_from(field, (2, 0))
    assert not result.cleared and result.opened == 1
    assert not solve_from(field, (0, 0)).cleared  # a mine
    easy = Minefield.from_text("""
        *...
        ....
        ....
    """)
    result = solve_from(easy, (2, 3))
    assert result.cleared and result.opened == 11 and result.mines_found == 1
