"""The board statistics (op, isl, cell0..cell8, 3BV, ZiNi, HZiNi) agree with
ms-toollib, the community's reference, run in a child process (it aborts the
interpreter on bad input); ZiNi is checked against a brute-force optimum."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.bbbv import bbbv, bbbv_solved
from game.core.boardstats import board_stats, position_stats
from game.core.errors import BoardSizeError, CellError
from game.core.zini import hzini, zini

Cell = tuple[int, int]

_ORACLE = """
import json, sys
import ms_toollib as ms
out = []
for rows, cols, mines in json.load(sys.stdin):
    board = [[0] * cols for _ in range(rows)]
    for r, c in mines:
        board[r][c] = -1
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != -1:
                board[r][c] = sum(
                    board[r + dr][c + dc] == -1
                    for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                )
    b = ms.Board(board)
    out.append({
        "bbbv": b.bbbv, "op": b.op, "isl": b.isl,
        "cells": [getattr(b, "cell%d" % n) for n in range(9)],
        "zini": ms.cal_zini(board), "hzini": ms.cal_hzini(board),
    })
print(json.dumps(out))
"""


def _oracle(cases: list[tuple[int, int, list[Cell]]]) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-c", _ORACLE],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answer: list[dict[str, object]] = json.loads(done.stdout)
    return answer


def _boards(seed: int, count: int) -> list[tuple[int, int, list[Cell]]]:
    rng = random.Random(seed)
    cases: list[tuple[int, int, list[Cell]]] = []
    for k in range(count):
        if k % 4 == 3:  # custom: any size, any density, mine-free and full boards too
            rows, cols = rng.randint(1, 24), rng.randint(1, 30)
            mines = rng.randint(0, rows * cols)
        else:
            rows, cols, mines = ((9, 9, 10), (16, 16, 40), (16, 30, 99))[k % 4]
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        cases.append((rows, cols, rng.sample(cells, mines)))
    return cases


def test_every_board_statistic_equals_ms_toollib() -> None:
    cases = _boards(20, 240)
    for (rows, cols, mines), expected in zip(cases, _oracle(cases), strict=True):
        stats = board_stats(rows, cols, mines)
        got = {
            "bbbv": stats.bbbv,
            "op": stats.op,
            "isl": stats.isl,
            "cells": list(stats.cells),
            "zini": stats.zini,
            "hzini": stats.hzini,
        }
        assert got == expected, (rows, cols, sorted(mines))


# ---------------------------------------------------------------- the true optimum


def fewest_clicks(rows: int, cols: int, mines: list[Cell]) -> int:
    """The fewest left clicks, flags and chords that open every safe cell, by a
    breadth-first search over (open cells, flags) with the layout known."""
    n = rows * cols
    mine = [(i // cols, i % cols) in set(mines) for i in range(n)]
    around = [
        [
            (r + dr) * cols + c + dc
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
        ]
        for r in range(rows)
        for c in range(cols)
    ]
    count = [sum(mine[j] for j in around[i]) for i in range(n)]
    goal = sum(1 << i for i in range(n) if not mine[i])
    if goal == 0:
        return 0

    def opening(opened: int, cells: list[int]) -> int:
        stack = list(cells)
        while stack:
            i = stack.pop()
            if not opened >> i & 1:
                opened |= 1 << i
                if count[i] == 0:
                    stack.extend(j for j in around[i] if not mine[j])
        return opened

    frontier = [(0, 0)]
    seen = set(frontier)
    clicks = 0
    while frontier:
        clicks += 1
        later = []
        for opened, flags in frontier:
            for i in range(n):
                if mine[i]:
                    if flags >> i & 1:
                        continue
                    state = (opened, flags | 1 << i)
                elif not opened >> i & 1:
                    state = (opening(opened, [i]), flags)
                elif count[i] and all(flags >> j & 1 for j in around[i] if mine[j]):
                    state = (opening(opened, [j for j in around[i] if not mine[j]]), flags)
                else:
                    continue
                if state[0] == goal:
                    return clicks
                if state not in seen:
                    seen.add(state)
                    later.append(state)
        frontier = later
    raise AssertionError("a board with safe cells can always be cleared")


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[int, int, list[Cell]]:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 5))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = draw(st.lists(st.sampled_from(cells), unique=True, max_size=min(5, len(cells))))
    return rows, cols, mines


@settings(max_examples=150, deadline=None)
@given(small_boards())
def test_zini_and_hzini_are_never_below_the_true_optimum(
    board: tuple[int, int, list[Cell]],
) -> None:
    best = fewest_clicks(*board)
    assert best <= zini(*board)
    assert best <= hzini(*board)


def test_zini_is_an_estimate_not_the_optimum() -> None:
    # . . * . .     greedy ZiNi spends 7 clicks here; 6 clear it
    # . * . . *
    board = (2, 5, [(0, 2), (1, 1), (1, 4)])
    assert fewest_clicks(*board) == 6
    assert zini(*board) == 7


def test_the_brute_force_finds_the_known_optimum_of_plain_boards() -> None:
    assert fewest_clicks(3, 3, []) == 1  # one click opens it all
    assert fewest_clicks(1, 3, [(0, 1)]) == 2  # two lone numbers
    assert fewest_clicks(2, 2, [(0, 0), (0, 1), (1, 0), (1, 1)]) == 0
    assert zini(3, 3, []) == 1 and hzini(3, 3, []) == 1


# ---------------------------------------------------------------- hand-made boards


def test_a_drawn_board_has_the_counts_a_person_counts() -> None:
    # * 1 . . 1 *
    # 1 1 . . 1 1
    # . . . . . .
    # 1 1 1 . . .
    # 1 * 1 . . .
    # One opening; the 1 in the bottom-left corner touches no zero: one island.
    mines = [(0, 0), (0, 5), (4, 1)]
    stats = board_stats(5, 6, mines)
    assert stats.op == 1
    assert stats.isl == 1
    assert stats.cells == (16, 11, 0, 0, 0, 0, 0, 0, 0)
    assert stats.bbbv == bbbv(5, 6, mines) == 2


def test_islands_join_diagonally_and_stay_apart_across_a_mine_or_an_opening() -> None:
    # A full row of mines over 2 3 3 3 2: no zero anywhere, one island.
    row_of_mines = board_stats(2, 5, [(0, c) for c in range(5)])
    assert (row_of_mines.op, row_of_mines.isl) == (0, 1)
    # 1 *        the two 1s touch corner to corner: one island.
    # * 1
    assert board_stats(2, 2, [(0, 1), (1, 0)]).isl == 1
    # 1 * 1 . 1 * 1: the opening takes the inner 1s; the outer two are apart.
    apart = board_stats(1, 7, [(0, 1), (0, 5)])
    assert (apart.op, apart.isl, apart.bbbv) == (1, 2, 3)
    # 1 * 2 * 1: mines between them keep three numbers apart.
    assert board_stats(1, 5, [(0, 1), (0, 3)]).isl == 3


def test_position_stats_count_what_the_open_cells_did() -> None:
    rows, cols = 16, 30
    rng = random.Random(3)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = rng.sample(cells, 99)
    safe = [cell for cell in cells if cell not in set(mines)]
    board = board_stats(rows, cols, mines)
    assert position_stats(rows, cols, mines, []) == position_stats(rows, cols, mines, [])
    nothing = position_stats(rows, cols, mines, [])
    assert (nothing.bbbv_solved, nothing.op_solved, nothing.isl_solved) == (0, 0, 0)
    everything = position_stats(rows, cols, mines, safe)
    assert everything.bbbv_solved == board.bbbv
    assert everything.op_solved == board.op
    assert everything.isl_solved == board.isl
    half = safe[: len(safe) // 2]
    part = position_stats(rows, cols, mines, half)
    assert part.bbbv_solved == bbbv_solved(rows, cols, mines, half)
    assert 0 <= part.op_solved <= board.op and 0 <= part.isl_solved <= board.isl


def test_an_island_counts_only_once_all_its_cells_are_open() -> None:
    # A full row of mines over the numbers 2 3 3 3 2: one island of five cells.
    mines = [(0, c) for c in range(5)]
    numbers = [(1, c) for c in range(5)]
    assert position_stats(2, 5, mines, numbers[:4]).isl_solved == 0
    assert position_stats(2, 5, mines, numbers).isl_solved == 1


def test_bad_boards_are_refused_with_the_engines_errors() -> None:
    with pytest.raises(CellError):
        board_stats(3, 3, [(3, 0)])
    with pytest.raises(CellError):
        zini(3, 3, [(0, -1)])
    with pytest.raises(BoardSizeError):
        board_stats(0, 3, [])
    with pytest.raises(CellError):
        position_stats(3, 3, [], [(9, 9)])


def test_the_statistics_of_a_large_board_stay_quick() -> None:
    rng = random.Random(4)
    rows, cols = 100, 100
    mines = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2000)
    start = time.perf_counter()
    stats = board_stats(rows, cols, mines)
    took = time.perf_counter() - start
    assert sum(stats.cells) == rows * cols - 2000
    assert took < 5.0, took
