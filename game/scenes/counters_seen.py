"""What the live counters' figures were last worked out under, and whether anything
they show can have changed since: the check the panel makes at every frame, so that
on the frames between a move and the clock's next second nothing is worked out
(game.scenes.counters)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.session.stopwatch import Phase, Stopwatch

if TYPE_CHECKING:
    from game.scenes.counters import CountersPanel

TICK_MS = 1000
"""While the clock runs, the figures are worked out again at each move and at each of
the LED's seconds (the time, the pace and the ghost follow the clock): the LED and
the figures change in one wake-up of the loop, not two a second at two phases."""


class Seen:
    """What the panel's figures were last worked out under, and whether anything
    they show can have changed since, told cheaply at each frame. They are ``due``
    after a table event (a move, a game started or ended: the only way another
    game comes) and after a change of the settings (the language and the look are
    settings too): the panel hears both. Else, while the clock runs, at the LED's
    next second (it stands for the time, the pace and the ghost, which follow it,
    and the pointer's path: the clock's readings between which the tick lasts are
    worked out once, so a frame reads the clock once and compares); while it stands,
    when the path changes; and for another phase of the clock (a pause, a pause
    left) or another ghost."""

    def __init__(self) -> None:
        self.due = True
        self._watch = Stopwatch(float)
        self._phase: Phase | None = None
        self._running = False
        self._clock: Callable[[], float] = float
        self._from, self._until = 0.0, 0.0
        """While the clock runs, its readings from which and before which the tick
        lasts."""
        self._path = 0.0
        self._ghost: object = None

    def touch(self) -> None:
        """Work the figures out again at the next frame (the settings changed)."""
        self.due = True

    def steady(self, panel: CountersPanel) -> bool:
        """Nothing the panel shows can have changed since saw()."""
        if self.due or self._watch.phase is not self._phase:
            return False
        if self._running:
            if not self._from <= self._clock() < self._until:
                return False
        elif panel.path() != self._path:
            return False
        race = panel.race
        return (None if race is None else race.ghost) is self._ghost

    def wake_in(self) -> float | None:
        """How soon (ms) the figures are due with no event: at once when due, at the
        tick's end while the clock runs, else never (a move, a pause is an event)."""
        if self.due:
            return 0.0
        if self._running:
            return max(0.0, self._until - self._clock())
        return None

    def saw(self, panel: CountersPanel) -> None:
        """The panel's figures are being worked out now."""
        watch = panel.table.session.stopwatch
        self._watch, self._phase = watch, watch.phase
        elapsed = watch.elapsed_ms
        due_ms = (elapsed // TICK_MS + 1) * TICK_MS  # (the LED's next second)
        deadline = watch.deadline(due_ms)
        self._running = deadline is not None
        if deadline is not None:
            self._clock, self._until = deadline
            self._from = self._until - (due_ms - elapsed)
        else:
            self._path = panel.path()
        race = panel.race
        self._ghost = None if race is None else race.ghost
        self.due = False
