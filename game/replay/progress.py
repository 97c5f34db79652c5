"""A replay's progress over its time: the 3BV solved after each move and where its
pointer was. What a ghost shows over the player's board (its cursor, its solved
3BV), what the pace meter compares the player with (the personal best's 3BV at the
same moment), and the splits by quarters of the 3BV after a game. Pure Python.
"""

from __future__ import annotations

from bisect import bisect_right

from game.core.look import Look
from game.core.record import Record
from game.core.status import Status
from game.replay.drive import game_of
from game.replay.format import EventKind, Replay

MAX_CELLS = 250_000
"""The largest board a progress is worked out for (each change of the open cells
counts its solved 3BV afresh: an Expert game takes about 25 ms)."""


class Progress(Record):
    """When a game solved what, and where its pointer was."""

    __slots__ = ("bbbv", "finish_ms", "opened", "pointer", "solved", "times")

    bbbv: int
    """The board's 3BV."""
    times: tuple[int, ...]
    """The game times (ms) at which the solved 3BV changed, ascending."""
    solved: tuple[int, ...]
    """The solved 3BV from each of those times on."""
    pointer: tuple[tuple[int, int, int], ...]
    """(ms, x, y): the pointer's places, in 1x board pixels, ascending in time."""
    finish_ms: int | None
    """When the game was won (None: it was not)."""
    opened: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    """(ms, cells): the cells each move opened, ascending in time (a ghost's small
    board)."""

    def __init__(
        self,
        bbbv: int,
        times: tuple[int, ...],
        solved: tuple[int, ...],
        pointer: tuple[tuple[int, int, int], ...],
        finish_ms: int | None,
        opened: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = (),
    ) -> None:
        self.bbbv = bbbv
        self.times = times
        self.solved = solved
        self.pointer = pointer
        self.finish_ms = finish_ms
        self.opened = opened

    def open_cells(self, ms: float) -> list[tuple[int, int]]:
        """Every cell open at game time ``ms``."""
        cells: list[tuple[int, int]] = []
        for when, these in self.opened:
            if when > ms:
                break
            cells.extend(these)
        return cells

    def solved_at(self, ms: float) -> int:
        """The 3BV solved at game time ``ms``."""
        at = bisect_right(self.times, ms)
        return self.solved[at - 1] if at else 0

    def time_to(self, solved: int) -> int | None:
        """When the game had solved ``solved`` 3BV (None: it never did)."""
        for ms, done in zip(self.times, self.solved, strict=True):
            if done >= solved:
                return ms
        return None

    def pointer_at(self, ms: float) -> tuple[int, int] | None:
        """Where the pointer was at game time ``ms`` (None before its first place)."""
        at = bisect_right(self.pointer, (ms, 1 << 30, 1 << 30))
        if not at:
            return None
        _, x, y = self.pointer[at - 1]
        return (x, y)

    def quarters(self) -> list[int | None]:
        """When each quarter of the 3BV was done: 25%, 50%, 75% and all of it."""
        return [self.time_to(-(-self.bbbv * k // 4)) for k in (1, 2, 3, 4)]


def progress_of(replay: Replay) -> Progress | None:
    """A replay's progress (None without its layout, or on a board too large)."""
    field = replay.minefield
    board = replay.board
    if field is None or board.rows * board.cols > MAX_CELLS:
        return None
    game = game_of(replay)
    times: list[int] = []
    solved: list[int] = []
    cells: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    opened = -1
    for ms, move in replay.moves:
        delta = game.apply(move)
        if delta.opened:
            these = tuple(c for c in delta.changed if game.look(*c) <= Look.OPEN_8)
            cells.append((ms, these))
        if game.opened_count != opened:
            opened = game.opened_count
            done = game.bbbv_solved()
            if not solved or done != solved[-1]:
                times.append(ms)
                solved.append(done)
    pointer = tuple(
        (event.ms, event.x, event.y)
        for event in replay.events
        if event.kind is not EventKind.CANCEL
    )
    won = game.status is Status.WON
    return Progress(
        game.bbbv or 0,
        tuple(times),
        tuple(solved),
        pointer,
        times[-1] if won and times else None,
        tuple(cells),
    )
