"""The game's stopwatch: started by the first reveal, paused and unpaused, stopped by
the end of the game. The LED timer and the precise time both read from it.

The clock is injected (milliseconds as a float, e.g. ``time.perf_counter() * 1000``),
so tests move time by hand and nothing here reads the real clock.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

Clock = Callable[[], float]
"""Gives the time now in milliseconds (any origin; only differences are used)."""

TIMER_MAX = 999
"""The most seconds the LED timer shows."""


class Phase(Enum):
    """Where the stopwatch is."""

    IDLE = "idle"  # not started: the game has had no reveal yet
    RUNNING = "running"
    PAUSED = "paused"
    STOPPED = "stopped"  # the game is over: the time is final


class Stopwatch:
    """Playing time in milliseconds; a pause is not playing time."""

    def __init__(self, clock: Clock, elapsed_ms: float = 0.0, *, started: bool = False) -> None:
        """A new stopwatch (IDLE), or with ``started`` one that already ran for
        ``elapsed_ms`` (a saved game resumed), PAUSED until unpause()."""
        self._clock = clock
        self._banked = float(elapsed_ms)  # time before the current run
        self._since: float | None = None  # clock at the start of the current run
        self._phase = Phase.PAUSED if started else Phase.IDLE

    @property
    def phase(self) -> Phase:
        """IDLE, RUNNING, PAUSED or STOPPED."""
        return self._phase

    @property
    def running(self) -> bool:
        """Time is passing."""
        return self._phase is Phase.RUNNING

    def start(self) -> None:
        """Start from zero (the first reveal). Only an IDLE stopwatch starts."""
        if self._phase is Phase.IDLE:
            self._since = self._clock()
            self._phase = Phase.RUNNING

    def pause(self) -> None:
        """Stop time passing until unpause(); only a running stopwatch pauses."""
        if self._phase is Phase.RUNNING:
            self._bank()
            self._phase = Phase.PAUSED

    def unpause(self) -> None:
        """Let time pass again after a pause."""
        if self._phase is Phase.PAUSED:
            self._since = self._clock()
            self._phase = Phase.RUNNING

    def stop(self) -> None:
        """Freeze the time for good (the game is over)."""
        if self._phase is Phase.RUNNING:
            self._bank()
        if self._phase is not Phase.IDLE:
            self._phase = Phase.STOPPED

    def _bank(self) -> None:
        assert self._since is not None
        self._banked += max(0.0, self._clock() - self._since)  # a clock set back: no time
        self._since = None

    @property
    def elapsed_ms(self) -> float:
        """The precise playing time so far (0 before the start)."""
        if self._phase is Phase.RUNNING and self._since is not None:
            return self._banked + max(0.0, self._clock() - self._since)
        return self._banked

    def deadline(self, ms: float) -> tuple[Clock, float] | None:
        """While time passes, the clock and the reading of it from which the time
        is ``ms`` or more (a frame's check of whether a time was reached is then one
        call and one comparison); None while time stands (the time is what it is
        until the phase changes)."""
        if self._phase is Phase.RUNNING and self._since is not None:
            return self._clock, self._since + (ms - self._banked)
        return None

    @property
    def seconds_shown(self) -> int:
        """What the LED timer shows: 0 before the start, then 1 at once and one more
        each second, at most 999 (seconds_shown_at)."""
        if self._phase is Phase.IDLE:
            return 0
        return seconds_shown_at(self.elapsed_ms)


def seconds_shown_at(elapsed_ms: float) -> int:
    """What the LED timer of a started game shows after this much playing time: 1 at
    once and one more each second, at most 999 (a saved game's, offered back, too)."""
    return min(TIMER_MAX, int(elapsed_ms // 1000) + 1)
