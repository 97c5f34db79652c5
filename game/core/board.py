"""The board's geometry and its mines: flat arrays with a one-cell border.

Every per-cell array is a flat ``bytearray`` of ``(rows + 2) * (cols + 2)`` bytes:
the board plus a border of sentinel cells around it. The border means a cell's
eight neighbours are always ``index + offset`` for the same eight offsets, with no
edge tests, and it stops the row-run fills, which search for a 0 byte, at the
end of each row for free.
"""

from __future__ import annotations

import random
from enum import Enum
from typing import TypeVar

from game.core.errors import BoardSizeError, CellError, LayoutError, RuleError

MAX_SEED = (1 << 63) - 1
"""Seeds are whole numbers from 0 to this (they fit a signed 64-bit integer)."""


def draw_seed() -> int:
    """A fresh seed from the system's entropy (never the clock)."""
    return random.SystemRandom().getrandbits(63)


E = TypeVar("E", bound=Enum)


def named(kind: type[E], value: str | E, what: str) -> E:
    """The member of an enum of rules named by ``value`` (a member is itself);
    raises RuleError, naming ``what`` and every member, for an unknown name."""
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(repr(member.value) for member in kind)
        raise RuleError(f"unknown {what} {value!r}: use one of {names}") from None


class FirstClick(Enum):
    """Which cells the first reveal keeps free of mines."""

    OPENING = "opening"
    """The first cell and its neighbours, so the first click opens an area (default)."""
    SAFE = "safe"
    """Only the first cell (the strict classic rule)."""
    NOGUESS = "noguess"
    """The first cell's area, and a board that logic alone clears from there
    (game/core/generate.py)."""

    @classmethod
    def parse(cls, value: str | FirstClick) -> FirstClick:
        """The rule named by value; raises RuleError for an unknown name."""
        return named(cls, value, "first-click rule")


class Fate(Enum):
    """What a click can do to the mines while a game is played (docs/RULES.md, the rule
    modes): nothing, or move them among the layouts that fit all the player has seen."""

    NONE = "none"
    """The mines stay where they were laid."""
    STRONG = "strong"
    """Every guess dies: a cell opened that logic had not proved safe is made a mine."""
    WEAK = "weak"
    """A forced guess (nothing was provable) is made safe; a needless one dies."""
    QUASI = "quasi"
    """A forced guess is made safe; a needless one keeps its luck."""
    GUESSABLE = "guessable"
    """Any click on a mine is made safe, whenever a layout that fits allows it."""

    @classmethod
    def parse(cls, value: str | Fate) -> Fate:
        """The fate named by value; raises RuleError for an unknown name."""
        return named(cls, value, "fate")


class Recursion(Enum):
    """Which acts chord on by themselves (the recursive chords of docs/RULES.md: EVF's
    modes 11 to 13, which Metasweeper's specification names without defining)."""

    NONE = "none"
    """A chord opens its neighbours and stops there."""
    CHORD = "chord"
    """A chord chords on through every number it opened whose flags are all placed."""
    FLAG = "flag"
    """A flag placed chords every opened number around it that it completed, and on."""
    BOTH = "both"
    """Both: a chord chains on, and a flag placed starts a chain."""

    @property
    def on_chord(self) -> bool:
        """A chord chains through the satisfied numbers it opens."""
        return self in (Recursion.CHORD, Recursion.BOTH)

    @property
    def on_flag(self) -> bool:
        """A flag placed chords the numbers it completes."""
        return self in (Recursion.FLAG, Recursion.BOTH)

    @classmethod
    def parse(cls, value: str | Recursion) -> Recursion:
        """The recursion named by value; raises RuleError for an unknown name."""
        return named(cls, value, "recursion")


class Geometry:
    """Rows, columns and the mapping between (row, col) and flat padded indices."""

    __slots__ = ("cells", "cols", "interior", "offsets", "rows", "size", "width")

    def __init__(self, rows: int, cols: int) -> None:
        for name, value in (("rows", rows), ("columns", cols)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise BoardSizeError(f"a board needs at least 1 of {name}; got {value!r}")
        self.rows = rows
        self.cols = cols
        self.cells = rows * cols
        self.width = cols + 2
        self.size = (rows + 2) * self.width
        w = self.width
        self.offsets = (-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1)
        # 1 on the board, 0 on the border: the starting value of "may be opened".
        interior = bytearray(self.size)
        row_of_ones = b"\x01" * cols
        for row in range(1, rows + 1):
            start = row * w + 1
            interior[start : start + cols] = row_of_ones
        self.interior = bytes(interior)

    def index(self, row: int, col: int) -> int:
        """The flat index of (row, col); raises CellError off the board."""
        # type() and not isinstance(): True and False are ints to Python, not rows.
        on_board = type(row) is int and type(col) is int
        if not (on_board and 0 <= row < self.rows and 0 <= col < self.cols):
            raise CellError(
                f"cell ({row}, {col}) is off the board: rows are 0-{self.rows - 1}, "
                f"columns 0-{self.cols - 1}"
            )
        return (row + 1) * self.width + col + 1

    def cell(self, index: int) -> tuple[int, int]:
        """The (row, col) of a flat index."""
        row, col = divmod(index, self.width)
        return (row - 1, col - 1)

    def neighbours(self, index: int) -> list[int]:
        """The flat indices of the on-board neighbours of a cell (3, 5 or 8 of them)."""
        interior = self.interior
        return [index + o for o in self.offsets if interior[index + o]]


def check_mine_count(geometry: Geometry, mines: int) -> None:
    """Raise BoardSizeError unless 0 <= mines < cells."""
    if not isinstance(mines, int) or isinstance(mines, bool):
        raise BoardSizeError(f"the number of mines must be a whole number; got {mines!r}")
    if not 0 <= mines < geometry.cells:
        raise BoardSizeError(
            f"a {geometry.rows}x{geometry.cols} board holds 0 to {geometry.cells - 1} mines "
            f"(at least one cell must be safe); got {mines}"
        )


def place_mines(
    geometry: Geometry, mines: int, first: int, rule: FirstClick, rng: random.Random
) -> list[int]:
    """Choose the mine cells, uniformly among the cells the first-click rule allows.

    Returns flat indices. With the opening rule the first cell and its neighbours
    stay free, unless the board is too dense for that; then only the cell does.
    """
    zone = [first]
    if rule is not FirstClick.SAFE:
        opening = [first, *geometry.neighbours(first)]
        if geometry.cells - len(opening) >= mines:
            zone = opening
    # Work in plain 0..cells-1 numbering: sample among the cells minus the zone,
    # then shift each pick past the zone cells at or below it (in order), which
    # maps the k-th allowed cell to its number. Uniform, and no list of a
    # million allowed cells is built.
    width, cols = geometry.width, geometry.cols
    excluded = sorted((i // width - 1) * cols + (i % width - 1) for i in zone)
    picks = rng.sample(range(geometry.cells - len(excluded)), mines)
    positions = []
    for pick in picks:
        for skipped in excluded:
            if pick >= skipped:
                pick += 1
            else:
                break
        positions.append((pick // cols + 1) * width + pick % cols + 1)
    return positions


def count_neighbours(geometry: Geometry, positions: list[int]) -> bytearray:
    """The number of mines around every cell, by adding 1 around each mine.

    Work is proportional to the mines, not the cells. Border cells get counts too;
    nothing reads them.
    """
    counts = bytearray(geometry.size)
    offsets = geometry.offsets
    for p in positions:
        for o in offsets:
            counts[p + o] += 1
    return counts


def open_map(geometry: Geometry, openable: bytearray, flags: set[int]) -> bytes:
    """One byte a cell, row by row, without the border: 0 where the cell is open, 1
    where it is not (``openable``, or one of the ``flags``)."""
    width, cols = geometry.width, geometry.cols
    rows = bytearray()
    for row in range(1, geometry.rows + 1):
        start = row * width + 1
        rows += openable[start : start + cols]
    for p in flags:
        row, col = divmod(p, width)
        rows[(row - 1) * cols + col - 1] = 1
    return bytes(rows)


def opened_mask(
    geometry: Geometry, openable: bytearray, mine: bytearray, flagged: bytes | bytearray
) -> bytes:
    """The opened cells as a mask of padded cells (the geometry's): one byte a cell,
    1 where a safe cell is open: neither ``openable`` nor a ``mine`` nor ``flagged``
    (each a mask of the same cells), in whole-board integer operations."""
    shut = (
        int.from_bytes(openable, "little")
        | int.from_bytes(mine, "little")
        | int.from_bytes(flagged, "little")
    )
    inside = int.from_bytes(geometry.interior, "little")
    return (inside & ~shut).to_bytes(geometry.size, "little")


def parse_layout(text: str) -> tuple[Geometry, list[int]]:
    """Read a layout ('*' mine, '.' safe, one line per row) into a geometry and mines.

    Blank lines and surrounding whitespace are ignored, so a layout can be written
    as an indented triple-quoted string.
    """
    if not isinstance(text, str):
        raise LayoutError(f"a layout is text; got {type(text).__name__}")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise LayoutError("the layout is empty: draw at least one row of '*' and '.'")
    cols = len(lines[0])
    for number, line in enumerate(lines):
        if len(line) != cols:
            raise LayoutError(
                f"every row of a layout must be as long as the first ({cols} cells); "
                f"row {number} has {len(line)}"
            )
        odd = set(line) - {"*", "."}
        if odd:
            raise LayoutError(
                f"a layout uses only '*' (mine) and '.' (safe); row {number} has "
                + ", ".join(repr(ch) for ch in sorted(odd))
            )
    geometry = Geometry(len(lines), cols)
    positions = [
        geometry.index(row, col)
        for row, line in enumerate(lines)
        for col, ch in enumerate(line)
        if ch == "*"
    ]
    if len(positions) == geometry.cells:
        raise BoardSizeError("the layout is all mines: at least one cell must be safe")
    return geometry, positions
