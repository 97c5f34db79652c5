"""The mine layout of a board as a value of its own.

A Minefield is what a generator produces, what 3BV is counted on, what a replay
or a shared board carries, and what the end-of-game view shows; the Game that
plays on it keeps its own fast arrays (board.py). It is immutable and compares
by value.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from game.core.board import Geometry, check_mine_count, parse_layout
from game.core.delta import Cell
from game.core.errors import CellError


class Minefield:
    """Rows, columns and the set of cells holding a mine."""

    __slots__ = ("_cols", "_mines", "_rows")

    def __init__(self, rows: int, cols: int, mines: Iterable[Cell]) -> None:
        geometry = Geometry(rows, cols)
        cells = frozenset(mines)
        for row, col in cells:
            geometry.index(row, col)  # raises CellError off the board
        check_mine_count(geometry, len(cells))
        self._rows, self._cols, self._mines = rows, cols, cells

    @classmethod
    def from_text(cls, text: str) -> Minefield:
        """Read a layout: '*' mine, '.' safe, one line per row (blank lines ignored)."""
        geometry, positions = parse_layout(text)
        return cls(geometry.rows, geometry.cols, map(geometry.cell, positions))

    def to_text(self) -> str:
        """The layout as text, the inverse of from_text."""
        return "\n".join(
            "".join("*" if (row, col) in self._mines else "." for col in range(self._cols))
            for row in range(self._rows)
        )

    @property
    def rows(self) -> int:
        """The number of rows."""
        return self._rows

    @property
    def cols(self) -> int:
        """The number of columns."""
        return self._cols

    @property
    def mines(self) -> frozenset[Cell]:
        """The cells holding a mine."""
        return self._mines

    def __len__(self) -> int:
        return len(self._mines)

    def __contains__(self, cell: object) -> bool:
        return cell in self._mines

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self._mines))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Minefield):
            return NotImplemented
        return (self._rows, self._cols, self._mines) == (other._rows, other._cols, other._mines)

    def __hash__(self) -> int:
        return hash((self._rows, self._cols, self._mines))

    def __repr__(self) -> str:
        return f"<Minefield {self._rows}x{self._cols}, {len(self._mines)} mines>"

    def count(self, row: int, col: int) -> int:
        """The number of mines around (row, col) (the cell itself not included)."""
        if not (0 <= row < self._rows and 0 <= col < self._cols):
            raise CellError(f"cell ({row}, {col}) is off the board")
        return sum(
            (row + dr, col + dc) in self._mines
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if dr or dc
        )
