"""Practice: a death undone, a replay played on from a moment, a board played again.
Never ranked (the board or the position was seen), kept in the history with why."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from game.core.game import Game
from game.core.record import Record
from game.language import N_, gettext, ngettext
from game.modes.mode import Mode
from game.session.play import PlaySession
from game.session.stopwatch import Clock

PLAYED_AGAIN = N_("a practice game: a board played again after seeing it")
FROM_POSITION = N_("a practice game: started from a replay's position")
DEATH_UNDONE = N_("a practice game: a death was undone")
"""Why a practice game is one, as the history keeps it (in English; translated where
shown)."""
_SAID = {
    PLAYED_AGAIN: N_("A practice game (a board played again after seeing it)"),
    FROM_POSITION: N_("A practice game (started from a replay's position)"),
}
"""How the panel says each (a death undone counts the deaths)."""


class Practice(Mode, Record):
    """A game played on from a position (``start`` makes its session on the table's
    clock); ``why``: one of the reasons above."""

    __slots__ = ("start", "why")
    name: ClassVar[str] = "practice"
    keeps_replay: ClassVar[bool] = False

    def __init__(self, start: Callable[[Clock], PlaySession], why: str = PLAYED_AGAIN) -> None:
        self.start = start
        self.why = why

    @classmethod
    def again(cls, game: Game) -> Practice:
        """A board played again after it was seen (Retry, a replay's board)."""
        return cls(lambda clock: PlaySession(game, clock), PLAYED_AGAIN)

    @classmethod
    def at(cls, position: PlaySession, why: str) -> Practice:
        """Play on from a position (a replay's moment, the move before a death)."""
        return cls(lambda clock: position, why)

    @classmethod
    def after_death(cls, position: PlaySession) -> Practice:
        """The position before a fatal move, played on (an Undo after a death)."""
        return cls.at(position, DEATH_UNDONE)

    def deal(self, clock: Clock) -> PlaySession:
        return self.start(clock)

    def unranked(self) -> str:
        return self.why

    def describe(self, deaths: int = 0) -> str:
        if self.why == DEATH_UNDONE:
            return ngettext(
                "A practice game ({n} death undone)", "A practice game ({n} deaths undone)", deaths
            ).format(n=deaths)
        said = _SAID.get(self.why)
        if said is not None:
            return gettext(said)
        return gettext("A practice game ({why})").format(why=gettext(self.why))
