"""The statistics of a board (its layout alone) and of a position on it.

The community's board statistics, as Metasweeper's ms-toollib defines them
(docs/STATS.md says where tools differ):

- ``bbbv``: 3BV (bbbv.py);
- ``op``: openings, the 8-connected regions of zero cells;
- ``isl``: islands, the 8-connected groups of numbered safe cells that touch no
  zero (the lone numbers of bbbv.py, grouped);
- ``cells``: ``cells[n]`` safe cells show the number n (cell0..cell8);
- ``zini``, ``hzini``: zini.py.

Of a position (the cells open at some moment): the 3BV solved (bbbv.py's rule:
an opening counts once any of its zeros is open), the openings solved by the
same rule, and the islands whose every cell is open. ms-toollib leaves its own
``op_solved`` and ``isl_solved`` unimplemented, so these follow our 3BV rule.

One bbbv.Openings serves every count; the islands are found by a flood over the
lone numbers only, so the work follows the board's numbers, not its area twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.bbbv import Openings, openings_of
from game.core.delta import Cell
from game.core.record import Record
from game.core.zini import zinis

__all__ = ["BoardStats", "PositionStats", "board_stats", "position_stats"]


class BoardStats(Record):
    """What a layout alone says about a board (see the module)."""

    __slots__ = ("bbbv", "cells", "hzini", "isl", "op", "zini")

    bbbv: int
    op: int
    isl: int
    cells: tuple[int, ...]
    """cells[n]: how many safe cells show n, for n from 0 to 8."""
    zini: int
    hzini: int

    def __init__(
        self, bbbv: int, op: int, isl: int, cells: tuple[int, ...], zini: int, hzini: int
    ) -> None:
        self.bbbv = bbbv
        self.op = op
        self.isl = isl
        self.cells = cells
        self.zini = zini
        self.hzini = hzini


class PositionStats(Record):
    """How much of a board the open cells have done (see the module)."""

    __slots__ = ("bbbv_solved", "isl_solved", "op_solved")

    bbbv_solved: int
    op_solved: int
    isl_solved: int

    def __init__(self, bbbv_solved: int, op_solved: int, isl_solved: int) -> None:
        self.bbbv_solved = bbbv_solved
        self.op_solved = op_solved
        self.isl_solved = isl_solved


def _islands(openings: Openings) -> list[list[int]]:
    """The islands of a board: its lone numbers (flat indices), 8-connected."""
    size = openings.geometry.size
    lone = bytearray(openings.lone.to_bytes(size, "little"))
    offsets = openings.geometry.offsets
    islands = []
    start = lone.find(1)
    while start != -1:
        lone[start] = 0
        island = [start]
        stack = [start]
        while stack:
            i = stack.pop()
            for o in offsets:
                j = i + o
                if lone[j]:
                    lone[j] = 0
                    island.append(j)
                    stack.append(j)
        islands.append(island)
        start = lone.find(1, start + 1)
    return islands


def board_stats(rows: int, cols: int, mines: Iterable[Cell]) -> BoardStats:
    """Every statistic of the layout. ``mines`` are (row, col) cells; BoardSizeError
    for a board under 1x1, CellError for a mine off the board."""
    mines = mines if type(mines) is frozenset else list(mines)  # (read twice)
    openings = openings_of(rows, cols, mines)
    values = openings.values
    clicks, human_clicks = zinis(rows, cols, mines)
    return BoardStats(
        bbbv=openings.total,
        op=openings.openings,
        isl=len(_islands(openings)),
        cells=tuple(values.count(n) for n in range(9)),
        zini=clicks,
        hzini=human_clicks,
    )


def position_stats(
    rows: int, cols: int, mines: Iterable[Cell], opened: Iterable[Cell]
) -> PositionStats:
    """How much the open cells ``opened`` have done; CellError for a cell off the
    board."""
    openings = Openings(rows, cols, mines)
    op_solved, lone_open, mask = openings.progress(opened)
    isl_solved = sum(1 for island in _islands(openings) if all(mask[i] for i in island))
    return PositionStats(op_solved + lone_open, op_solved, isl_solved)
