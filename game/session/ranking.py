"""Whether a game counts for the records, and why not: the one rule.

A game counts for the best times, the statistics and the streaks only if it was
played without help and from its start on a board not seen before: no hint, no
probability view, no undo, not started from a replay's position, not a board played
again after seeing it ("play this board" from a replay). A ranked game counts among
the games of its kind: a preset's (or custom's) by its size, while the games from
board codes and the daily boards are ranked among themselves, in tables of their
own, never in the presets'. An unranked game is still kept in the history, marked
with why. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import Board
from game.session.table import Source

ASSISTED = "assisted: a hint or the mine probabilities were shown"
PLAYED_AGAIN = "a practice game: a board played again after seeing it"
FROM_POSITION = "a practice game: started from a replay's position"
DEATH_UNDONE = "a practice game: a death was undone"
WATCHED = "a replay being watched"

CODE_KIND, DAILY_KIND = "code", "daily"
"""The kinds (history difficulties) of the games from board codes and the dailies."""


@dataclass(frozen=True)
class Standing:
    """What a finished game counts for."""

    ranked: bool
    kind: str
    """The records it is kept among: a preset's or custom's name, CODE_KIND or
    DAILY_KIND (an unranked game is kept under its board's)."""
    why: str = ""
    """For an unranked game: why, as the player reads it."""


def standing(board: Board, source: Source, assisted: bool, practice: str | None = None) -> Standing:
    """The rule. ``practice``: why a practice game is one (PLAYED_AGAIN when not said)."""
    size = board.difficulty.value
    if source is Source.REPLAY:
        return Standing(False, size, WATCHED)
    if source is Source.PRACTICE:
        return Standing(False, size, practice or PLAYED_AGAIN)
    kind = {Source.CODE: CODE_KIND, Source.DAILY: DAILY_KIND}.get(source, size)
    if assisted:
        return Standing(False, kind, ASSISTED)
    return Standing(True, kind)
