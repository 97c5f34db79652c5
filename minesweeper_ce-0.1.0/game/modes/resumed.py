"""A game brought back at start-up from the last session, its clock going on. Ranked
as an ordinary game of its board and rules (the saved game keeps no more); its first
moves are not known here, so it makes no replay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.modes.mode import Mode
from game.session.play import PlaySession
from game.session.stopwatch import Clock


@dataclass(frozen=True)
class Resumed(Mode):
    """The saved game's session, made on the table's clock by ``restore``."""

    session: PlaySession
    name: ClassVar[str] = "resumed"
    records_replay: ClassVar[bool] = False

    def deal(self, clock: Clock) -> PlaySession:
        return self.session

    @property
    def pace(self) -> bool:
        return False
