"""What an action did: the cells whose look changed, and what happened.

The renderer redraws exactly ``delta.changed`` and the sound player reacts to
``opened``, ``mark``, ``exploded`` and ``won``, so neither has to re-read the board.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence, Set
from enum import IntEnum
from typing import NamedTuple

Cell = tuple[int, int]


class Mark(IntEnum):
    """What a player has put on a cell that is not open."""

    NONE = 0
    FLAG = 1
    QUESTION = 2


class CellSet(Set[Cell]):
    """A read-only set of (row, col) cells, stored as runs of flat board indices.

    A cascade on a million-cell board changes a million cells; as (row, col)
    tuples that would be ~100 MB, as runs it is a few kilobytes. It behaves as a
    set: ``len``, ``in``, iteration and ``==`` with any other set.
    """

    __slots__ = ("_ends", "_len", "_runs", "_starts", "_width")

    def __init__(self, runs: list[int], width: int) -> None:
        # runs: flat [start0, end0, start1, end1, ...] of padded board indices,
        # non-overlapping; width: the padded row width (columns + 2).
        self._runs = runs
        self._width = width
        self._len = sum(runs[k + 1] - runs[k] for k in range(0, len(runs), 2))
        self._starts: list[int] | None = None
        self._ends: list[int] = []

    def __len__(self) -> int:
        return self._len

    @property
    def runs(self) -> Sequence[int]:
        """The cells as runs of padded board indices: flat [start0, end0, ...]."""
        return self._runs

    def __iter__(self) -> Iterator[Cell]:
        runs, width = self._runs, self._width
        for k in range(0, len(runs), 2):
            for index in range(runs[k], runs[k + 1]):
                row, col = divmod(index, width)
                yield (row - 1, col - 1)

    def __contains__(self, item: object) -> bool:
        if not (isinstance(item, tuple) and len(item) == 2):
            return False
        row, col = item
        if not (isinstance(row, int) and isinstance(col, int)) or not 0 <= col < self._width - 2:
            return False
        index = (row + 1) * self._width + col + 1
        if self._starts is None:
            pairs = sorted(zip(self._runs[::2], self._runs[1::2], strict=True))
            self._starts = [start for start, _ in pairs]
            self._ends = [end for _, end in pairs]
        k = bisect_right(self._starts, index) - 1
        return k >= 0 and index < self._ends[k]

    def __repr__(self) -> str:
        cells = sorted(self)
        shown = ", ".join(map(str, cells[:8])) + (", ..." if len(cells) > 8 else "")
        return f"CellSet({{{shown}}})"


EMPTY_RUNS: list[int] = []


class Delta(NamedTuple):
    """The result of one action."""

    changed: CellSet
    """Every cell whose look changed, including the cells the end of the game shows."""
    opened: int = 0
    """How many safe cells this action opened (more than 1: a cascade)."""
    mark: Mark | None = None
    """The new mark of the cell a mark action toggled; None if no mark changed."""
    exploded: tuple[Cell, ...] = ()
    """The mines this action opened: non-empty exactly when it lost the game."""
    won: bool = False
    """This action won the game."""

    @property
    def lost(self) -> bool:
        """This action lost the game."""
        return bool(self.exploded)

    @property
    def is_nothing(self) -> bool:
        """The action changed nothing a player can see."""
        return not self.changed
