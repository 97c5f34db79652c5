"""Reading a binary file's fields with every bound checked: a read past the end, or a
count that claims more than the bytes left can hold, raises VideoError before
anything is allocated."""

from __future__ import annotations

import struct

from game.language import N_, Words
from game.replay.video import Mouse, VideoError

ENDS_INSIDE = N_("the {format} file ends inside {part} (at byte {at})")
"""A read past the end: the format's name, the part read (as the file's layout names
it: each reader marks its parts' names with N_, so they are shown translated), the byte."""
NO_END = N_("in the {format} file, {part} has no end within {limit} bytes (at byte {at})")
CLAIMS = N_("the {format} file claims {count} {part}, more than its {left} bytes hold")
DO_NOT_FIT = N_("{mines} mines do not fit on {rows} x {cols}")


class Cursor:
    """A position in a file's bytes; each read moves it on."""

    def __init__(self, data: bytes, what: str) -> None:
        """``what``: the format's name ("AVF"), as its messages say it."""
        self.data = memoryview(data)
        self.pos = 0
        self.what = what

    @property
    def left(self) -> int:
        """Bytes not yet read."""
        return len(self.data) - self.pos

    def need(self, count: int, what: str) -> None:
        """Fail unless ``count`` more bytes are there (``what`` names them)."""
        if count < 0 or count > self.left:
            raise VideoError(Words(ENDS_INSIDE, format=self.what, part=Words(what), at=self.pos))

    def take(self, count: int, what: str) -> bytes:
        """The next ``count`` bytes."""
        self.need(count, what)
        start, self.pos = self.pos, self.pos + count
        return bytes(self.data[start : self.pos])

    def skip(self, count: int, what: str) -> None:
        """Pass over ``count`` bytes."""
        self.need(count, what)
        self.pos += count

    def unpack(self, fmt: str, what: str) -> tuple[int, ...]:
        """Fields by a struct format (give the byte order: '<' or '>')."""
        size = struct.calcsize(fmt)
        self.need(size, what)
        values = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += size
        return values

    def u8(self, what: str) -> int:
        """One unsigned byte."""
        return self.unpack("B", what)[0]

    def u16be(self, what: str) -> int:
        """An unsigned big-endian 16-bit number."""
        return self.unpack(">H", what)[0]

    def u32be(self, what: str) -> int:
        """An unsigned big-endian 32-bit number."""
        return self.unpack(">I", what)[0]

    def until(self, stop: bytes, limit: int, what: str) -> bytes:
        """The bytes up to ``stop`` (which is passed over), at most ``limit`` of them."""
        end = bytes(self.data[self.pos : self.pos + limit + len(stop)]).find(stop)
        if end < 0:
            raise VideoError(
                Words(NO_END, format=self.what, part=Words(what), limit=limit, at=self.pos)
            )
        found = self.take(end, what)
        self.pos += len(stop)
        return found

    def records(self, count: int, size: int, what: str) -> None:
        """Fail unless ``count`` records of ``size`` bytes fit in what is left (a header
        that claims 10^9 events is refused here, before any list is made)."""
        if count < 0 or count * size > self.left:
            raise VideoError(
                Words(CLAIMS, format=self.what, count=count, part=Words(what), left=self.left)
            )


def mines(
    cur: Cursor, rows: int, cols: int, count: int, *, base: int = 0, row_first: bool = False
) -> frozenset[tuple[int, int]]:
    """A board's mines, ``count`` pairs of bytes (column and row, or row and column
    when ``row_first``; counted from ``base``), each on the board and none twice."""
    if not rows or not cols:
        raise VideoError(Words(N_("a board of {rows} x {cols} cells"), rows=rows, cols=cols))
    if count > rows * cols:
        raise VideoError(Words(DO_NOT_FIT, mines=count, rows=rows, cols=cols))
    cur.records(count, 2, N_("mines"))
    placed = set()
    for _ in range(count):
        first, second = cur.u8(N_("a mine's place")), cur.u8(N_("a mine's place"))
        row, col = (first, second) if row_first else (second, first)
        row, col = row - base, col - base
        if not (0 <= row < rows and 0 <= col < cols):
            raise VideoError(
                Words(
                    N_("a mine at row {row}, column {col} is off the board"),
                    row=row + base,
                    col=col + base,
                )
            )
        placed.add((row, col))
    if len(placed) != count:
        raise VideoError(Words(N_("the same mine is given twice")))
    return frozenset(placed)


MOUSE_CODES = {
    1: Mouse.MOVE,
    2: Mouse.LEFT_DOWN,
    3: Mouse.LEFT_UP,
    4: Mouse.RIGHT_DOWN,
    5: Mouse.RIGHT_UP,
    6: Mouse.MIDDLE_DOWN,
    7: Mouse.MIDDLE_UP,
}
"""The mouse event codes RMV and EVF share (EVF took RMV's and added more)."""
