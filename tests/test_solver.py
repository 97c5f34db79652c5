"""The solver: sound and exact against brute force, with reasons a player can follow."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.core import solver
from game.core.game import Game
from game.core.solver import Analysis, ViewError, analyse, cell_name

HIDDEN = "#F?"


def brute_force(view: str, mines: int) -> dict[tuple[int, int], Fraction]:
    """Every hidden cell's mine probability, by trying every layout."""
    lines = view.split("\n")
    rows, cols = len(lines), len(lines[0])
    hidden = [(r, c) for r in range(rows) for c in range(cols) if lines[r][c] in HIDDEN]
    numbers = {
        (r, c): 0 if lines[r][c] == "." else int(lines[r][c])
        for r in range(rows)
        for c in range(cols)
        if lines[r][c] not in HIDDEN
    }
    hits = dict.fromkeys(hidden, 0)
    total = 0
    for combo in itertools.combinations(hidden, mines):
        chosen = set(combo)
        if all(
            sum((r + dr, c + dc) in chosen for dr in (-1, 0, 1) for dc in (-1, 0, 1)) == n
            for (r, c), n in numbers.items()
        ):
            total += 1
            for cell in combo:
                hits[cell] += 1
    assert total, "a real game's view always fits its own layout"
    return {cell: Fraction(n, total) for cell, n in hits.items()}


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, int]:
    """A view from a real game on a board of at most 5x5: random size, mines, first
    click and rule, then random reveals of safe cells and random marks (wrong flags
    and question marks included)."""
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(2 if rows == 1 else 1, 5))
    mines = draw(st.integers(0, rows * cols - 1))
    seed = draw(st.integers(0, 2**32))
    rule = draw(st.sampled_from(["safe", "opening"]))
    game = Game.new(rows, cols, mines, seed=seed, first_click=rule)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    game.reveal(*draw(st.sampled_from(cells)))
    for _ in range(draw(st.integers(0, 6))):
        if game.status.is_over:
            break
        cell = draw(st.sampled_from(cells))
        if draw(st.booleans()):
            game.toggle_mark(*cell)
        elif cell not in game.mine_cells():
            game.reveal(*cell)
    return game.view(), mines


def layouts(view: str, mines: int) -> int:
    """How many layouts brute force would try."""
    return math.comb(sum(view.count(ch) for ch in HIDDEN), mines)


def check(view: str, mines: int) -> Analysis:
    truth = brute_force(view, mines)
    a = analyse(view, mines)
    assert a.exact
    assert a.probability == truth
    assert a.safe == {cell for cell, p in truth.items() if p == 0}
    assert a.mines == {cell for cell, p in truth.items() if p == 1}
    # Every deduction is true in every layout, and together they are all there is.
    for d in a.deductions:
        assert truth[d.cell] == (1 if d.is_mine else 0), d
    assert {d.cell for d in a.deductions} == a.safe | a.mines
    assert len({d.cell for d in a.deductions}) == len(a.deductions)
    lines = view.split("\n")
    for d in a.deductions:
        assert lines[d.cell[0]][d.cell[1]] in HIDDEN
        assert cell_name(d.cell) in d.reason
        for r, c in d.premises:
            shown = lines[r][c]
            assert shown not in HIDDEN
            assert f"the {0 if shown == '.' else shown} at {cell_name((r, c))}" in d.reason
        # Every cell the reason names exists.
        for row, col in re.findall(r"row (\d+), column (\d+)", d.reason):
            assert 1 <= int(row) <= len(lines) and 1 <= int(col) <= len(lines[0])
    return a


@settings(max_examples=600, deadline=None)
@given(positions())
def test_probabilities_and_deductions_match_brute_force(case: tuple[str, int]) -> None:
    assume(layouts(*case) <= 5000)
    check(*case)


@settings(max_examples=200, deadline=None)
@given(positions())
def test_the_dynamic_programme_counts_the_same(case: tuple[str, int]) -> None:
    # With no backtracking allowed, every group is counted by the dynamic programme.
    assume(layouts(*case) <= 5000)
    original = solver.BACKTRACK_NODES
    solver.BACKTRACK_NODES = 0
    try:
        check(*case)
    finally:
        solver.BACKTRACK_NODES = original


def test_scattered_numbers_on_expert_stay_exact_and_quick() -> None:
    # Random safe cells opened all over an Expert board: long, loosely tied frontiers
    # with far too many layouts to list one by one.
    import random
    import time

    slowest = 0.0
    for seed in range(12):
        game = Game.new(16, 30, 99, seed=seed, first_click="safe")
        game.reveal(8, 15)
        mines = set(game.mine_cells())
        rng = random.Random(seed)
        cells = [(r, c) for r in range(16) for c in range(30) if (r, c) not in mines]
        rng.shuffle(cells)
        for cell in cells[: rng.randint(20, 200)]:
            game.reveal(*cell)
        if game.status.is_over:
            continue
        start = time.perf_counter()
        a = analyse(game.view(), 99)
        slowest = max(slowest, time.perf_counter() - start)
        assert sum(a.probability.values()) == 99 or not a.exact
    assert slowest < 2.0


def test_a_finished_corner_example_with_reasons() -> None:
    # The 1s along the edge of an opening: pairs start it, singles carry on.
    view = "\n".join(["..1#", "..1#", "112#", "####"])
    a = check(view, 3)
    assert a.deductions
    assert a.deductions[0].rule in ("single", "pair")


def test_a_single_number_that_already_touches_its_mine() -> None:
    view = "\n".join(["1#", "1#"])
    a = check(view, 1)
    # Both 1s share the two hidden cells; either holds the mine: nothing certain.
    assert a.probability == {(0, 1): Fraction(1, 2), (1, 1): Fraction(1, 2)}
    with pytest.raises(ViewError):
        analyse("\n".join([".1#", ".1#", "11#", "###"]), 1)  # the 1s need two mines


def test_the_reason_of_a_found_mine_is_used_by_the_next_number() -> None:
    # The 1 at (1,0) has one hidden neighbour: a mine. Then the 1 at (1,1)
    # already touches it, so (2,2) is safe... written out in words.
    view = "\n".join(["...", "11.", "#1.", "##."])
    a = check(view, 1)
    reasons = [d.reason for d in a.deductions]
    assert any("already touches its mine at row 3, column 1" in r for r in reasons), reasons


def test_pairs_are_found_before_enumeration() -> None:
    # The classic 1-2-1 against a wall: pairs settle it.
    view = "\n".join(["###", "121", "..."])
    a = check(view, 2)
    assert a.mines == {(0, 0), (0, 2)}
    assert a.safe == {(0, 1)}
    assert {d.rule for d in a.deductions} <= {"single", "pair"}


def test_the_mine_count_decides_what_numbers_cannot() -> None:
    # The zeros say the corners are safe: no layout fits 2 mines.
    with pytest.raises(ViewError):
        analyse("\n".join(["#..", "...", "..#"]), 2)
    # The 1s need one mine among their cells; the count leaves none for the far corner.
    a = check("\n".join(["#1..", "11..", "....", "...#"]), 1)
    assert a.mines == {(0, 0)} and a.safe == {(3, 3)}
    a = check("\n".join(["##1", "##1", "111"]), 1)
    assert a.safe == {(0, 0), (1, 0), (0, 1)}
    assert a.mines == {(1, 1)}


def test_flags_are_opinions_not_evidence() -> None:
    plain = "\n".join(["1##", "1##", "###"])
    flagged = "\n".join(["1F#", "1?#", "###"])
    assert analyse(plain, 2).probability == analyse(flagged, 2).probability


def test_global_count_rule_with_reason() -> None:
    view = "\n".join(["1#", "1#"])
    a = analyse(view, 1)
    assert not a.safe
    a = analyse("\n".join(["##", "##"]), 0)
    assert a.safe == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert a.deductions[0].rule == "count"
    assert "all 0 mines are accounted for" in a.deductions[0].reason


def test_an_expert_position_is_fast_and_exact() -> None:
    import time

    game = Game.new(16, 30, 99, seed=5)
    game.reveal(8, 15)
    for _ in range(30):  # play on by logic, then by the safest cell, a little way
        a = analyse(game.view(), 99)
        move = next(iter(sorted(a.safe)), None)
        if move is None:
            break
        game.reveal(*move)
    start = time.perf_counter()
    a = analyse(game.view(), 99)
    assert time.perf_counter() - start < 0.5
    assert a.exact
    assert sum(a.probability.values()) == 99  # expected mines = the mine count


def test_a_tiny_budget_approximates_and_says_so() -> None:
    game = Game.new(16, 30, 99, seed=11, first_click="safe")
    game.reveal(0, 0)
    for seed_cell in [(15, 29), (0, 29), (15, 0), (8, 15)]:
        if seed_cell not in game.mine_cells():
            game.reveal(*seed_cell)
    view = game.view()
    full = analyse(view, 99)
    rough = analyse(view, 99, budget=1)
    if len(full.probability) > len(full.safe) + len(full.mines):
        assert not rough.exact
    # Whatever it says for sure is still true.
    assert rough.safe <= full.safe and rough.mines <= full.mines
    assert all(0 <= p <= 1 for p in rough.probability.values())


@pytest.mark.parametrize(
    ("view", "mines"),
    [("", 0), ("12\n1", 0), ("#Z", 0), ("##", 3), ("8#", 1), ("1.", 0)],
)
def test_bad_views_are_refused(view: str, mines: int) -> None:
    with pytest.raises(ViewError):
        analyse(view, mines)


def test_hint_names_a_certain_cell_with_its_reason() -> None:
    game = Game.from_layout("""
        *.*.
        ....
        ....
    """)
    assert game.hint() is not None
    game.reveal(2, 1)
    hint = game.hint()
    assert hint is not None
    assert hint.probability in (0, 1)
    assert (hint.cell in game.mine_cells()) == hint.is_mine
    assert cell_name(hint.cell) in hint.reason


def test_a_hints_reason_counts_the_mines_found_before_its_rule_not_by_it() -> None:
    # One rule finds both mines of the 2 at row 1, column 2; the second's hint said
    # "touches 1 mine already found at row 1, column 1 and needs 2 more; it has
    # exactly 2 hidden cells (row 1, column 1; ...)": the first mine counted twice.
    game = Game.from_layout("*..\n*..\n*..\n...\n...\n..*")
    game.reveal(0, 2)
    said = []
    for _ in range(3):
        hint = game.hint()
        assert hint is not None and hint.is_mine
        said.append(hint.reason)
        game.toggle_mark(*hint.cell)
    both = "the 2 at row 1, column 2 needs 2 mines; it has exactly 2 hidden cells"
    both += " (row 1, column 1; row 2, column 1)"
    assert said[0] == f"{both}, so row 1, column 1 is a mine"
    assert said[1] == f"{both}, so row 2, column 1 is a mine"
    assert said[2].startswith(
        "the 3 at row 2, column 2 touches 2 mines already found at row 1, column 1; "
        "row 2, column 1 and needs 1 more; it has exactly 1 hidden cell (row 3, column 1)"
    )


def test_hint_without_certainty_gives_the_safest_cell() -> None:
    game = Game.from_layout("*.\n..\n.*")
    game.reveal(0, 1)  # a 1: either (0,0) or (1,0) or (1,1)... no certainty
    hint = game.hint()
    assert hint is not None
    a = analyse(game.view(), 2)
    assert hint.probability == min(a.probability.values())
    assert not hint.is_mine
    assert "chance" in hint.reason


def test_hint_skips_mines_already_flagged_and_is_none_when_over() -> None:
    game = Game.from_layout("*.*\n...\n...")
    game.reveal(2, 1)  # opens the two rows below the mines
    hint = game.hint()
    assert hint is not None and hint.probability in (0, 1)
    game.toggle_mark(0, 0)
    game.toggle_mark(0, 2)
    hint = game.hint()
    assert hint is not None and hint.cell == (0, 1) and not hint.is_mine
    game.reveal(0, 1)
    assert game.status.is_over and game.hint() is None
    fresh = Game.new(9, 9, 10, seed=1)
    first = fresh.hint()
    assert first is not None and first.probability == 0
    fresh.reveal(*first.cell)
    assert fresh.status.name in ("PLAYING", "WON")
