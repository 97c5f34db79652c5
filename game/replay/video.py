"""The neutral form of a replay ("video", as the community calls them): a board and the
timed mouse events played on it, with what the file says about itself.

Every reader (ours, and the community's AVF, RMV, MVF, EVF and RAWVF in
game.replay.formats) turns its bytes into a ``Video``; everything that plays,
checks, analyses or exports a replay starts from one. Pure Python: no pygame, no
files.

Positions are pixels from the board's top-left corner at ``cell_size`` pixels per
cell (16 in every format seen), so a cell is ``(y // cell_size, x // cell_size)``;
a position off the board (negative, or past the last row or column) is a press or
release that touches no cell. Times are whole milliseconds from the file's own
origin (formats that count in 10 ms steps give multiples of 10).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from functools import partial
from typing import NamedTuple

from game.core.board import Recursion
from game.core.record import Record, put
from game.language import N_
from game.rules import mode_of_evf

MAX_EVENTS = 1_000_000
"""The most mouse events a replay file may hold (an hour of play at a high mouse
rate); a file that claims more is refused, so memory stays bounded."""


def text_of(data: bytes, *, utf8: bool = False, local: str = "gbk") -> str:
    """A name or a note as the file's program wrote it: UTF-8 where the file says so;
    else the Chinese Windows code page (GBK, which the programs of the Chinese
    community write and ms-toollib reads first; ``local`` names another for a
    program of elsewhere), else UTF-8, else Latin-1. Stripped of spaces and control
    characters at its ends."""
    codecs = ("utf-8",) if utf8 else (local, "utf-8")
    for codec in codecs:
        try:
            return data.decode(codec).strip(" \x00\r\n\t")
        except (UnicodeDecodeError, LookupError):  # (LookupError: a build without it)
            continue
    return data.decode("latin-1").strip(" \x00\r\n\t")


class VideoError(ValueError):
    """A replay file that cannot be read: the message is one line for the player,
    saying what is wrong (the caller adds the file's name): Words (game.language), so
    it is shown in the player's language while its text stays English."""


EMPTY = N_("the file is empty")
TOO_SHORT = N_("the file is too short to be an {format} file")
MORE_EVENTS = N_("more than {n} mouse events")
UNKNOWN_EVENT = N_("an event of unknown kind {code} (at byte {at})")
BOARD_PIXELS = N_("a board of {rows} x {cols} cells of {size} pixels")
MINES_HELD = N_("the board holds {placed} mines, the header says {mines}")
"""The readers' messages that more than one format says (each with its fields)."""


class Mouse(Enum):
    """What one mouse event is; the values are ms-toollib's words for them."""

    MOVE = "mv"
    LEFT_DOWN = "lc"
    LEFT_UP = "lr"
    RIGHT_DOWN = "rc"
    RIGHT_UP = "rr"
    MIDDLE_DOWN = "mc"
    MIDDLE_UP = "mr"
    PRE_FLAG = "pf"
    """A flag placed before the game began (RMV 2 stores these as events of their own)."""
    BOTH_DOWN = "cc"
    """Both buttons down, the file not saying which went down last (EVF)."""


class MouseEvent(NamedTuple):
    """One mouse event: time in ms, what happened, where (pixels, see the module). A
    named tuple: a long replay has hundreds of thousands, and these are made fastest."""

    ms: int
    kind: Mouse
    x: int
    y: int


_NEW_EVENT: Callable[[tuple[int, Mouse, int, int]], MouseEvent] = partial(tuple.__new__, MouseEvent)


def mouse_events(rows: Iterable[tuple[int, Mouse, int, int]]) -> tuple[MouseEvent, ...]:
    """Plain (ms, kind, x, y) tuples as MouseEvents, each made in C, not through the
    named tuple's constructor (a reader makes hundreds of thousands)."""
    return tuple(map(_NEW_EVENT, rows))


class Facts(Record):
    """What a file says about its game, where it says it (None or "" where not)."""

    __slots__ = (
        "bbbv",
        "date",
        "extra",
        "finished",
        "level",
        "player",
        "program",
        "question_marks",
        "time_ms",
    )

    player: str
    date: str
    """As the file gives it (an ISO date where the format allows one)."""
    program: str
    """The program that wrote it, with its version where known."""
    level: str
    """beginner, intermediate, expert or custom (as the file names it)."""
    finished: bool | None
    """The file says the game was won (True), not won (False), or does not say (None)."""
    time_ms: int | None
    """The time the file stores for the game."""
    bbbv: int | None
    """The 3BV the file stores."""
    question_marks: bool | None
    """The file's program had question marks on."""
    extra: tuple[tuple[str, str], ...]
    """Any other header fields, as (name, value) text pairs, in the file's order."""

    def __init__(
        self,
        player: str = "",
        date: str = "",
        program: str = "",
        level: str = "",
        finished: bool | None = None,
        time_ms: int | None = None,
        bbbv: int | None = None,
        question_marks: bool | None = None,
        extra: tuple[tuple[str, str], ...] = (),
    ) -> None:
        # (put: no set-once check, for the one made for each file analysed)
        put(self, "player", player)
        put(self, "date", date)
        put(self, "program", program)
        put(self, "level", level)
        put(self, "finished", finished)
        put(self, "time_ms", time_ms)
        put(self, "bbbv", bbbv)
        put(self, "question_marks", question_marks)
        put(self, "extra", extra)


NO_FACTS = Facts()
"""A file that says nothing of its game."""


class Video(Record):
    """A replay in the neutral form."""

    __slots__ = ("cell_size", "cols", "events", "facts", "format", "mines", "rows")

    format: str
    """avf, rmv, mvf, evf, rawvf, or ours."""
    rows: int
    cols: int
    mines: frozenset[tuple[int, int]]
    """The mine cells, (row, col), 0-based."""
    events: tuple[MouseEvent, ...]
    cell_size: int
    facts: Facts

    def __init__(
        self,
        format: str,
        rows: int,
        cols: int,
        mines: frozenset[tuple[int, int]],
        events: tuple[MouseEvent, ...],
        cell_size: int = 16,
        facts: Facts = NO_FACTS,
    ) -> None:
        # (put: no set-once check, for the one made for each file analysed)
        put(self, "format", format)
        put(self, "rows", rows)
        put(self, "cols", cols)
        put(self, "mines", mines)
        put(self, "events", events)
        put(self, "cell_size", cell_size)
        put(self, "facts", facts)

    @property
    def recursion(self) -> Recursion:
        """Which acts chord on by themselves in the game: an EVF file's mode says (11
        to 13: the recursive chords, docs/RULES.md); every other file's chords stop."""
        if self.format != "evf":
            return Recursion.NONE  # (MVF's and RAWVF's modes are Arbiter's, not EVF's)
        number = dict(self.facts.extra).get("mode", "")
        mode = (
            mode_of_evf(int(number))
            if number.isascii() and number.isdigit() and len(number) < 6
            else None
        )
        return Recursion.NONE if mode is None else mode.recursion

    @property
    def mine_count(self) -> int:
        """How many mines the board holds."""
        return len(self.mines)

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The cell under a pixel position, or None off the board."""
        if x < 0 or y < 0:
            return None
        row, col = y // self.cell_size, x // self.cell_size
        if row >= self.rows or col >= self.cols:
            return None
        return (row, col)
