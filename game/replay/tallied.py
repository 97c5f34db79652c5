"""What a community replay's mouse events did, counted as its community counts them
(game.replay.tally plays them through the community's mouse machine): the result,
the time, the 3BV solved, the clicks of each kind and the effective ones, the flags,
the mouse's path. Pure Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.record import Record, put
from game.replay.video import Mouse

if TYPE_CHECKING:
    from game.replay.video import Video


class Tally(Record):
    """What a replay's mouse events did, counted as its community counts them."""

    __slots__ = (
        "bbbv",
        "dce",
        "double",
        "flags",
        "lce",
        "left",
        "lost",
        "path",
        "played_ms",
        "rce",
        "right",
        "solved_bbbv",
        "time_ms",
        "won",
    )

    won: bool
    lost: bool
    time_ms: int
    """From the press or release that began the game to the one that ended it (the
    last event for a game not ended); an AVF file's own time unless its events run
    past it (time_of)."""
    bbbv: int
    solved_bbbv: int
    left: int
    right: int
    double: int
    lce: int
    """Left clicks that opened something."""
    rce: int
    """Right clicks that flagged a mine not flagged before."""
    dce: int
    """Chords that opened something."""
    flags: int
    """Flags on the board at the end."""
    path: float
    """The mouse's path while the game ran (and after, to the video's end), in
    pixels of 16-pixel cells."""
    played_ms: int
    """The events' own time: from the press or release that began the game to the one
    that ended it (the last event for a game not ended), whatever the file states."""

    def __init__(
        self,
        won: bool,
        lost: bool,
        time_ms: int,
        bbbv: int,
        solved_bbbv: int,
        left: int,
        right: int,
        double: int,
        lce: int,
        rce: int,
        dce: int,
        flags: int,
        path: float = 0.0,
        played_ms: int | None = None,
    ) -> None:
        # (put: no set-once check, for the one made for each file analysed)
        put(self, "won", won)
        put(self, "lost", lost)
        put(self, "time_ms", time_ms)
        put(self, "bbbv", bbbv)
        put(self, "solved_bbbv", solved_bbbv)
        put(self, "left", left)
        put(self, "right", right)
        put(self, "double", double)
        put(self, "lce", lce)
        put(self, "rce", rce)
        put(self, "dce", dce)
        put(self, "flags", flags)
        put(self, "path", path)
        put(self, "played_ms", time_ms if played_ms is None else played_ms)

    @property
    def clicks(self) -> int:
        """left + right + double."""
        return self.left + self.right + self.double

    @property
    def effective(self) -> int:
        """lce + rce + dce."""
        return self.lce + self.rce + self.dce


def time_of(video: Video, played: int) -> int:
    """The game's time in ms, as ms-toollib counts it (docs/STATS.md, "time"): the
    events' (``played``), from the event that began the game to the one that ended
    it; for EVF, the header's time (evf_video.rs sets rtime from it); for AVF, the
    header's time (its T less a second) unless the file's events run past it, and
    then the last event's time less the first left release's (avf_video.rs: the
    header is trusted, and Wang_Jia_Ning_Beg_15.523bv24.avf is why its events are
    checked at all)."""
    stated, events = video.facts.time_ms, video.events
    if video.format == "evf" and stated is not None:
        return stated  # evf_video.rs: rtime is the header's, whatever the events
    if video.format != "avf" or stated is None or not events:
        return played
    if events[-1].ms <= stated:
        return stated
    release = next((e.ms for e in events if e.kind is Mouse.LEFT_UP), 0)
    return events[-1].ms - release
