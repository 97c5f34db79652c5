"""The playback's control, pure: a replay's timed events played onto a table of its
own at a speed, paused, sought to a moment, a move on or back, idle time skipped.

The events go, at their times, into an input machine (so pressed cells and the
surprised face show as they did) and the moves it makes onto the table, whose clock
is the playback's own. Seeking plays the replay again from its start to the moment
(a few milliseconds for an Expert game). Nothing here draws: the scene asks what
changed (the cells, the pointer) and draws it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.analysis.judge import JUDGED_CELLS
from game.core.delta import Cell
from game.modes.watching import Watching
from game.replay.drive import Driver, ReplayClock
from game.replay.format import EventKind, Replay
from game.replay.judged import judgment_of
from game.session.input import InputMachine
from game.session.table import Table, Via

if TYPE_CHECKING:
    from game.analysis.judge import Judgment
    from game.core.delta import Delta
    from game.core.moves import Move
    from game.replay.format import Event

LEAD_MS = 500
"""A moment of the untouched board before the first event."""
STEPS: tuple[float, ...] = (0.25, 0.5, 1, 2, 4, 8)
"""The speeds the slower and faster keys step through."""
TRAIL_MS = 1000
"""The pointer's trail: where it was over this much of the game's time."""
IDLE_MS, IDLE_LEAD_MS = 1000, 300
"""Skipping idle time: a wait longer than IDLE_MS is cut to IDLE_LEAD_MS. Before the
first press it always is: the pointer's first moves can come long before the game
(a new player's replay stood still for 15 s, its timer at 0, as if it were broken)."""


class Playback:
    """A replay played back onto a table of its own."""

    def __init__(self, replay: Replay, follow: Callable[[int, int], None] | None = None) -> None:
        self.replay = replay
        self.follow = follow
        """Told where the pointer went (board position): the viewer keeps it in view."""
        self.clock = ReplayClock()
        self.table = Table.of(Watching(replay), self.clock)
        self.speed: float = 1
        self.paused = False
        self.skip_idle = False
        """Waits longer than IDLE_MS are cut short."""
        self._judgment: Judgment | None = None
        self._judged = False  # (the judgment worked out)
        self._heat: tuple[int, dict[Cell, float]] = (-1, {})
        self.reset()

    def reset(self) -> None:
        """Back to the start."""
        self.clock.ms = self.span[0]
        self.table.start(Watching(self.replay))
        self.driver = Driver(self.replay, self.clock)
        self.pointer: tuple[int, int] | None = None
        self.trail: list[tuple[float, int, int]] = []
        """The pointer's recent places: (game ms, x, y), oldest first."""
        self.changed: set[Cell] = set()
        """The cells whose look changed since the scene last drew them."""
        self.restarted = True
        """The whole board is new since the scene last drew it (a reset, a seek back)."""
        self.last: tuple[Move, int, Delta] | None = None
        """The last move played and what it did (the viewer says it at a step)."""

    @property
    def finished(self) -> bool:
        """Every event has been played."""
        return self.driver.finished

    @property
    def machine(self) -> InputMachine:
        """The input machine the replay's events go through (its pressed cells show)."""
        return self.driver.machine

    @property
    def still(self) -> bool:
        """Nothing moves until a key: paused, or at the end."""
        return self.paused or self.finished

    # ------------------------------------------------------------------ time

    def update(self, step_ms: float) -> bool:
        """One fixed step of the window's loop: play the events it covers; True if
        the playback moved."""
        if self.still:
            return False
        target = self.clock.ms + step_ms * self.speed
        upcoming = self.driver.upcoming
        skips = self.skip_idle or target < 0  # (before the game: always)
        if skips and upcoming is not None and upcoming - target > IDLE_MS:
            target = upcoming - IDLE_LEAD_MS
        for event in self.driver.until(target):
            if event.kind is not EventKind.CANCEL:
                self._point(event.x, event.y)
                self.trail.append((event.ms, event.x, event.y))
            self._act(event)
        if not self.finished:
            self.clock.ms = target
        return True

    def _act(self, event: Event) -> None:
        if event.move is not None:
            delta = self.table.act(event.move, Via.MOUSE)
            if delta is not None:
                self.changed.update(delta.changed)
                self.last = (event.move, event.ms, delta)

    def _point(self, x: int, y: int) -> None:
        self.pointer = (x, y)
        if self.follow is not None:
            self.follow(x, y)

    def recent_trail(self) -> list[tuple[int, int]]:
        """Where the pointer went over the last TRAIL_MS of the game's time."""
        since = self.clock.ms - TRAIL_MS
        self.trail = [point for point in self.trail if point[0] >= since]
        return [(x, y) for _, x, y in self.trail]

    def set_speed(self, speed: float) -> None:
        """Play at this speed."""
        self.speed = speed

    def faster(self, steps: int) -> None:
        """The next speed of STEPS up (or down, for a negative number)."""
        at = min(range(len(STEPS)), key=lambda i: abs(STEPS[i] - self.speed))
        self.speed = STEPS[max(0, min(len(STEPS) - 1, at + steps))]

    # ------------------------------------------------------------------ seeking

    @property
    def span(self) -> tuple[float, float]:
        """The replay's first and last moments (ms, game time)."""
        events = self.replay.events
        start = min(0, events[0].ms if events else 0) - LEAD_MS
        return (start, events[-1].ms if events else 0.0)

    @property
    def move_times(self) -> list[int]:
        """When each move was made."""
        return [event.ms for event in self.replay.events if event.move is not None]

    def seek(self, ms: float) -> None:
        """Go to a moment: the game as it stood then (played again from the start,
        which an Expert game does in a few milliseconds)."""
        first, last = self.span
        ms = max(first, min(last, ms))
        if ms < self.clock.ms or self.finished:
            self.reset()
        passed = self.driver.skip(ms)  # (the moves alone: the pressed cells need not show)
        for event in passed:  # each at its time: the game's clock starts and stops then
            self.clock.ms = event.ms
            self._act(event)
        self.clock.ms = ms
        shown = [event for event in passed if event.kind is not EventKind.CANCEL]
        self.trail = [(e.ms, e.x, e.y) for e in shown if e.ms >= ms - TRAIL_MS]
        if shown:
            self._point(shown[-1].x, shown[-1].y)

    def seek_share(self, share: float) -> None:
        """Go to a share of the replay's time (0: its start, 1: its end)."""
        first, last = self.span
        self.seek(first + (last - first) * share)

    def step(self, moves: int) -> None:
        """Paused, one move on (or back, for a negative number)."""
        self.paused = True
        now = self.clock.ms
        times = self.move_times
        if moves > 0:
            later = [t for t in times if t > now]
            if later:
                self.seek(later[0])
        else:
            earlier = [t for t in times if t <= now]
            self.seek(earlier[-2] if len(earlier) > 1 else self.span[0])

    @property
    def played_share(self) -> float:
        """How much of the replay's time has been played, 0 to 1."""
        first, last = self.span
        done = 1.0 if last <= first else (self.clock.ms - first) / (last - first)
        return max(0.0, min(1.0, done))

    # ------------------------------------------------------------------ judging

    @property
    def judgment(self) -> Judgment | None:
        """Every move judged (worked out once, when a view first needs it); None for
        a replay without its layout or a board larger than JUDGED_CELLS."""
        if not self._judged:
            board = self.replay.board
            small = board.rows * board.cols <= JUDGED_CELLS
            self._judgment = judgment_of(self.replay) if small else None
            self._judged = True
        return self._judgment

    def thinking(self) -> dict[Cell, float]:
        """The seconds spent before acting on each cell, over the moves played so far
        (worked out again only when a move has passed)."""
        judgment = self.judgment
        if judgment is None:
            return {}
        played = bisect_right(judgment.moves, self.clock.ms, key=lambda judged: judged.ms)
        if played != self._heat[0]:
            spent: dict[Cell, float] = {}
            for judged in judgment.moves[:played]:
                cell = (judged.move.row, judged.move.col)
                spent[cell] = spent.get(cell, 0.0) + judged.think_ms / 1000
            self._heat = (played, spent)
        return self._heat[1]
