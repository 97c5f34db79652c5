"""What the live counters' figures were last worked out under, and whether anything
they show can have changed since: the check the panel makes at every frame, so that
on the frames between a move and the clock's next second nothing is worked out
(game.scenes.counters)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.language import current
from game.session.stopwatch import Phase, Stopwatch
from game.view.theme import current as theme

if TYPE_CHECKING:
    from game.scenes.counters import CountersPanel
    from game.session.play import PlaySession

TICK_MS = 1000
"""While the clock runs, the figures are worked out again at each tick (the LED
timer's second) besides each move."""


class Seen:
    """What the panel's figures were last worked out under, and whether anything
    they show can have changed since, told cheaply at each frame: a table event (a
    move, a game started or ended: ``due``); while the clock runs, its next tick (it
    stands for the time, the pace and the ghost, which follow it, and the pointer's
    path: the clock's readings between which the tick lasts are worked out once, so
    a frame reads the clock once and compares); stopped, another phase of the
    stopwatch (its time stands until then) or path; other settings, language, look
    or ghost."""

    def __init__(self) -> None:
        self.due = True
        self._session: PlaySession | None = None
        self._watch = Stopwatch(float)
        self._phase: Phase | None = None
        self._running = False
        self._clock: Callable[[], float] = float
        self._from, self._until = 0.0, 0.0
        """While the clock runs, its readings from which and before which the tick
        lasts."""
        self._path = 0.0
        self._settings: object = None
        self._language = ""
        self._look: object = None
        self._ghost: object = None

    def steady(self, panel: CountersPanel) -> bool:
        """Nothing the panel shows can have changed since saw()."""
        if self.due or panel.table.session is not self._session:
            return False
        if self._watch.phase is not self._phase:
            return False
        if self._running:
            if not self._from <= self._clock() < self._until:
                return False
        elif panel.path() != self._path:
            return False
        race = panel.race
        return (
            panel.prefs.settings is self._settings
            and current() is self._language
            and theme() is self._look
            and (None if race is None else race.ghost) is self._ghost
        )

    def saw(self, panel: CountersPanel) -> None:
        """The panel's figures are being worked out now."""
        session = panel.table.session
        watch = session.stopwatch
        self._session, self._watch, self._phase = session, watch, watch.phase
        tick = int(watch.elapsed_ms) // TICK_MS * TICK_MS
        deadline = watch.deadline(tick)
        self._running = deadline is not None
        if deadline is not None:
            self._clock, self._from = deadline
            self._until = self._from + TICK_MS
        else:
            self._path = panel.path()
        race = panel.race
        self._ghost = None if race is None else race.ghost
        self._settings, self._language, self._look = panel.prefs.settings, current(), theme()
        self.due = False
