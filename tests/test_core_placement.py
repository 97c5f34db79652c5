"""Mine placement: uniform among the allowed cells, and reproducible from a seed."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.game import Game

# Chi-squared critical values at p = 0.001 for 3, 11 and 14 degrees of freedom.
CHI2_3 = 16.27
CHI2_11 = 31.26
CHI2_14 = 36.12


def placement_counts(rule: str, games: int) -> Counter[tuple[int, int]]:
    counts: Counter[tuple[int, int]] = Counter()
    for seed in range(games):
        game = Game.new(4, 4, 3, seed=seed, first_click=rule)
        game.reveal(0, 0)
        counts.update(game.mine_cells())
    return counts


def chi_squared(
    counts: Counter[tuple[int, int]], cells: list[tuple[int, int]], total: int
) -> float:
    expected = total / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


def test_opening_placement_is_uniform_over_the_cells_outside_the_opening() -> None:
    games = 3000
    counts = placement_counts("opening", games)
    zone = {(0, 0), (0, 1), (1, 0), (1, 1)}
    allowed = [(r, c) for r in range(4) for c in range(4) if (r, c) not in zone]
    assert not set(counts) & zone
    assert set(counts) == set(allowed)
    assert chi_squared(counts, allowed, games * 3) < CHI2_11


def test_safe_placement_is_uniform_over_every_cell_but_the_first() -> None:
    games = 3000
    counts = placement_counts("safe", games)
    allowed = [(r, c) for r in range(4) for c in range(4) if (r, c) != (0, 0)]
    assert (0, 0) not in counts
    assert chi_squared(counts, allowed, games * 3) < CHI2_14


def test_placement_is_not_biased_towards_any_region_of_a_big_board() -> None:
    # On a 30x30 board, the mines of many games spread evenly over the four quadrants.
    quadrants: Counter[tuple[bool, bool]] = Counter()
    for seed in range(200):
        game = Game.new(30, 30, 100, seed=seed, first_click="safe")
        game.reveal(0, 0)
        quadrants.update((r < 15, c < 15) for r, c in game.mine_cells())
    # Each quadrant holds 225 cells, less the first click's cell in the top-left one.
    allowed = {(True, True): 224, (True, False): 225, (False, True): 225, (False, False): 225}
    total = 200 * 100
    chi2 = sum(
        (quadrants[q] - total * n / 899) ** 2 / (total * n / 899) for q, n in allowed.items()
    )
    assert chi2 < CHI2_3


@pytest.mark.parametrize("seed", [0, 1, 12345, (1 << 63) - 1])
def test_a_seed_and_a_first_click_reproduce_the_board(seed: int) -> None:
    boards = []
    for _ in range(2):
        game = Game.new(16, 30, 99, seed=seed)
        game.reveal(7, 12)
        boards.append(game.mine_cells())
    assert boards[0] == boards[1]


def test_different_seeds_give_different_boards() -> None:
    boards = set()
    for seed in range(20):
        game = Game.new(16, 30, 99, seed=seed)
        game.reveal(7, 12)
        boards.add(tuple(game.mine_cells()))
    assert len(boards) == 20


def test_a_game_without_a_seed_draws_one_and_keeps_it() -> None:
    game = Game.new(16, 30, 99)
    assert isinstance(game.seed, int)
    game.reveal(7, 7)
    again = Game.new(16, 30, 99, seed=game.seed)
    again.reveal(7, 7)
    assert again.minefield == game.minefield
    assert again.mine_cells() == game.mine_cells()


def test_the_seed_survives_a_snapshot_before_and_after_the_first_reveal() -> None:
    game = Game.new(9, 9, 10, seed=77)
    unplaced = Game.from_snapshot(game.to_snapshot())
    assert unplaced.seed == 77 and unplaced.minefield is None
    unplaced.reveal(4, 4)
    game.reveal(4, 4)
    assert unplaced.minefield == game.minefield
    assert Game.from_snapshot(game.to_snapshot()).seed == 77


@pytest.mark.parametrize("seed", [-1, 1 << 63, True, 1.5, "7"])
def test_a_seed_is_a_whole_number_in_range(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        Game.new(9, 9, 10, seed=seed)  # type: ignore[arg-type]
