"""The pointer's path in a game: one counting for the analysis of a replay
(game.replay.report) and the live counters of a game being played (the recorder's)."""

from __future__ import annotations

from math import hypot

from game.replay.format import EventKind


class PathMeter:
    """The pointer's path, event by event: counted from the first event that made a
    move; a cancel (the window let go, the pointer gone) is no place. The report
    counts a replay's events with it, and the recorder the events of the game being
    played (Recorder.path), so both say the same."""

    def __init__(self) -> None:
        self.path = 0.0
        self._last: tuple[int, int] | None = None
        self._started = False

    def add(self, kind: EventKind, x: int, y: int, moved: bool) -> None:
        """One more event (``moved``: it made a move)."""
        self._started = self._started or moved
        if not self._started or kind is EventKind.CANCEL:
            return
        last = self._last
        if last is not None:
            self.path += hypot(x - last[0], y - last[1])
        self._last = (x, y)
