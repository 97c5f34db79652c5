"""3BV: the Bechtel's Board Benchmark Value, the least number of left clicks that
clears a board without flags or chords.

The 3BV of a board is the number of openings plus the number of lone numbers:

- an opening is an 8-connected region of zero cells (safe cells with no mine
  around them); one click on any of its zeros opens all of it and its border of
  numbers, so each opening counts once however big it is;
- a lone number is a safe numbered cell that touches no zero cell: no opening ever
  opens it, so it needs a click of its own.

Numbers on the border of an opening cost nothing: the opening opens them.

How much of it a game did (``bbbv_solved``, for lost games and the 3BV/s of a
finished game) follows Minesweeper Arbiter: an opening counts as solved as soon
as any cell of its zero region is open (a flag in the way can stop a cascade half
way; the click that opened the first zero was still made), and a lone number
counts when it is open. An opened number that borders an opening solves nothing
by itself: the opening still has to be clicked. So a finished, won game has
solved exactly its 3BV.

Both run in time linear in the cells, without recursion, on a million cells in a
fraction of a second: the zero cells are found as runs within each row (a regular
expression over a flat byte array whose border of sentinel cells ends each run at
the row's edge), runs in neighbouring rows that touch (diagonally too) are joined
with a union-find, and the lone numbers are counted with whole-board bit masks.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from game.core.board import Geometry
from game.core.unionfind import find, join


@functools.cache
def _zero_run() -> re.Pattern[bytes]:
    """A run of zeros (compiled at its first use, not at import, and kept: every
    board's openings are found with it)."""
    return re.compile(b"\x00+")


# Cell values: the number of mines around (0-8) for a safe cell, plus _MINE for a
# mine and _BORDER for a sentinel cell, so that 0 means exactly "a safe zero".
_MINE = 16
_BORDER = 32

# Maps a cell value to 1 for a safe number (1-8), else 0 (the tally uses it too).
NUMBER_MASK = bytes(1 if 1 <= value <= 8 else 0 for value in range(256))
# Maps the geometry's interior array (1 on the board, 0 on the border) to _BORDER
# on the border.
_BORDER_MASK = bytes([_BORDER, 0]) + bytes(254)

__all__ = ["Openings", "Solving", "bbbv", "bbbv_solved", "openings_of"]


def _cell_mask(geometry: Geometry, cells: Iterable[tuple[int, int]]) -> bytearray:
    """One byte per padded cell: 1 at each of the cells, 0 elsewhere.

    CellError for a cell off the board (a cell named twice is one cell).
    """
    mask = bytearray(geometry.size)
    rows, cols, w = geometry.rows, geometry.cols, geometry.width
    for row, col in cells:
        if not (type(row) is int and type(col) is int and 0 <= row < rows and 0 <= col < cols):
            geometry.index(row, col)  # raises the engine's CellError
        mask[(row + 1) * w + col + 1] = 1
    return mask


def _as_int(data: bytes | bytearray) -> int:
    return int.from_bytes(data, "little")


class Openings:
    """The openings and lone numbers of one board (boardstats.py counts its islands
    and numbers from it too).

    Per-cell arrays are turned into big integers (one byte per cell) so that
    whole-board sums and masks run in C: eight shifted copies of the mine mask
    add up to every cell's count, and no byte can carry into the next (at most 8).
    """

    __slots__ = ("geometry", "lone", "near_zero", "openings", "run_opening", "runs", "values")

    def __init__(self, rows: int, cols: int, mines: Iterable[tuple[int, int]]) -> None:
        geometry = Geometry(rows, cols)
        size, w = geometry.size, geometry.width
        mine_bits = _as_int(_cell_mask(geometry, mines))
        counts = 0
        for offset in geometry.offsets:
            # Cell i gets mine[i + offset].
            counts += mine_bits >> (8 * offset) if offset > 0 else mine_bits << (-8 * offset)
        counts &= (1 << (8 * size)) - 1
        border = _as_int(geometry.interior.translate(_BORDER_MASK))
        values = (counts + mine_bits * _MINE + border).to_bytes(size, "little")
        self.geometry = geometry
        self.values = values
        """Per padded cell: its number if safe, 16 + it for a mine, 32 + it off the board."""
        # Zero runs (start, end) in flat indices, in board order; a run never
        # crosses a row, since the border ends it. row_runs[row] = (first, last + 1).
        runs = [match.span() for match in _zero_run().finditer(values)]
        row_first = [0] * (rows + 3)
        for start, _ in runs:
            row_first[start // w + 1] += 1
        for row in range(1, rows + 3):
            row_first[row] += row_first[row - 1]
        # row_first[row] is now the number of runs in rows before ``row``.

        parent = list(range(len(runs)))
        for row in range(1, rows):
            i, i_end = row_first[row], row_first[row + 1]
            j, j_end = i_end, row_first[row + 2]
            while i < i_end and j < j_end:
                # Columns [a, b) above and [c, d) below touch (8-connected) when
                # c <= b and a <= d; in flat indices the lower row is w further on.
                a, b = runs[i]
                c, d = runs[j]
                c, d = c - w, d - w
                if c <= b and a <= d:
                    join(parent, i, j)
                # Step past the run that ends first: it can touch no later run.
                if b < d:
                    i += 1
                else:
                    j += 1

        self.runs = runs
        self.run_opening = [find(parent, run) for run in range(len(runs))]
        self.openings = len(set(self.run_opening))

        # Cells touching a zero: each run widened by one column, in its row and
        # the rows above and below.
        near_zero = bytearray(size)
        for start, end in runs:
            ones = b"\x01" * (end - start + 2)
            for s in (start - 1 - w, start - 1, start - 1 + w):
                near_zero[s : s + len(ones)] = ones
        self.near_zero = near_zero
        # Lone numbers: numbered cells outside near_zero, as a bit per cell.
        self.lone = _as_int(values.translate(NUMBER_MASK)) & ~_as_int(near_zero)

    @property
    def total(self) -> int:
        """The 3BV."""
        return self.openings + self.lone.bit_count()

    def progress(self, opened: Iterable[tuple[int, int]]) -> tuple[int, int, bytearray]:
        """The openings solved and the lone numbers open by the open cells (see
        bbbv_solved), with the open cells as a mask of padded cells."""
        mask = _cell_mask(self.geometry, opened)
        return (*self._counted(mask), mask)

    def _counted(self, mask: bytes | bytearray) -> tuple[int, int]:
        """The openings solved and the lone numbers open by a mask of open cells."""
        return len(self._done(mask)), (_as_int(mask) & self.lone).bit_count()

    def _done(self, mask: bytes | bytearray) -> set[int]:
        """The openings (by their first run) solved by a mask of open cells."""
        return {
            opening
            for (start, end), opening in zip(self.runs, self.run_opening, strict=True)
            if mask.find(1, start, end) >= 0
        }

    def solved(self, opened: Iterable[tuple[int, int]]) -> int:
        """The 3BV done by the open cells (see bbbv_solved)."""
        openings, lone, _ = self.progress(opened)
        return openings + lone

    def solved_in(self, mask: bytes | bytearray) -> int:
        """The 3BV done by the open cells given as a mask of padded cells (one byte a
        cell, 1 where it is open: Game.opened_mask), as ``solved`` counts it."""
        openings, lone = self._counted(mask)
        return openings + lone


MAX_KEPT_BOARD = 4096
"""The largest board (cells) whose Openings ``openings_of`` keeps for the next ask."""


@functools.lru_cache(maxsize=2)
def _kept(rows: int, cols: int, mines: frozenset[tuple[int, int]]) -> Openings:
    return Openings(rows, cols, mines)


def openings_of(rows: int, cols: int, mines: Iterable[tuple[int, int]]) -> Openings:
    """The Openings of a board, a small one kept for the next ask about the same
    board (the report of a replay asks twice: its counting, and its board's
    statistics; the readers give its mines as a frozenset). An Openings is never
    changed once made."""
    if type(mines) is frozenset and rows * cols <= MAX_KEPT_BOARD:
        return _kept(rows, cols, mines)
    return Openings(rows, cols, mines)


class Solving:
    """The 3BV a game has done so far, kept up to date as its cells open: each move's
    changed cells are looked at, not the board (as ``Openings.solved_in`` counts it:
    an opening when any of its zeros is open, a lone number when it is open).

    Made from the open cells (a mask of padded cells); ``add`` takes the cells a move
    changed and says how many safe cells among them were not open before, which the
    caller checks against what the move opened (a mismatch: make it anew)."""

    __slots__ = ("_done", "_label", "_lone", "_open", "_values", "opened")

    def __init__(self, openings: Openings, mask: bytes | bytearray) -> None:
        size = openings.geometry.size
        label = [0] * size
        for (start, end), opening in zip(openings.runs, openings.run_opening, strict=True):
            label[start:end] = [opening + 1] * (end - start)
        lone = openings.lone.to_bytes(size, "little")
        index = lone.find(1)
        while index >= 0:
            label[index] = -1
            index = lone.find(1, index + 1)
        self._label = label
        """Per padded cell: its opening + 1 for a zero, -1 for a lone number, else 0."""
        self._values = openings.values
        self._open = bytearray(mask)
        self._done = {opening + 1 for opening in openings._done(mask)}
        """The openings solved, by label."""
        self._lone = (_as_int(mask) & openings.lone).bit_count()
        self.opened = self._open.count(1)
        """How many cells are open."""

    @property
    def solved(self) -> int:
        """The 3BV done."""
        return len(self._done) + self._lone

    def add(self, runs: Sequence[int]) -> int:
        """The safe cells of ``runs`` (flat [start, end, ...] of padded indices: a
        move's changed cells, CellSet.runs) taken as open now; how many of them were
        not open before. A run of safe cells none of which was open (a cascade's
        row) is taken whole, in C."""
        label, values, is_open, done = self._label, self._values, self._open, self._done
        added = 0
        for k in range(0, len(runs) - 1, 2):
            start, end = runs[k], runs[k + 1]
            if end - start > 1 and max(values[start:end]) <= 8 and 1 not in is_open[start:end]:
                is_open[start:end] = b"\x01" * (end - start)
                added += end - start
                kinds = label[start:end]
                self._lone += kinds.count(-1)
                done.update(kinds)
                continue
            for index in range(start, end):
                if values[index] > 8 or is_open[index]:
                    continue  # (a mine, off the board, or open already)
                is_open[index] = 1
                added += 1
                kind = label[index]
                if kind > 0:
                    done.add(kind)
                elif kind:
                    self._lone += 1
        done.discard(0)
        done.discard(-1)
        self.opened += added
        return added


def bbbv(rows: int, cols: int, mines: Iterable[tuple[int, int]]) -> int:
    """The board's 3BV: its openings plus the numbered cells that touch no zero.

    ``mines`` are (row, col) cells; a cell named twice is one mine. Raises
    BoardSizeError for a board under 1x1 and CellError for a mine off the board.
    A board that is all mines has a 3BV of 0.
    """
    return Openings(rows, cols, mines).total


def bbbv_solved(
    rows: int,
    cols: int,
    mines: Iterable[tuple[int, int]],
    opened: Iterable[tuple[int, int]],
) -> int:
    """How much of the board's 3BV the open cells ``opened`` have done.

    An opening counts when any cell of its zero region is open; a lone number
    counts when it is open; numbers bordering an opening and mines count nothing
    (Minesweeper Arbiter's rule). Between 0 and bbbv(rows, cols, mines); equal to
    it when every safe cell is open. Raises CellError for a cell off the board.
    """
    return Openings(rows, cols, mines).solved(opened)
