"""A game brought back at start-up from the last session, its clock going on. Ranked
as an ordinary game of its board and rules (the saved game keeps no more); its first
moves are not known here, so it makes no replay."""

from __future__ import annotations

from typing import ClassVar

from game.core.record import Record
from game.modes.mode import Mode
from game.session.play import PlaySession
from game.session.stopwatch import Clock


class Resumed(Mode, Record):
    """The saved game's session, made on the table's clock by ``restore``."""

    __slots__ = ("session",)
    name: ClassVar[str] = "resumed"
    records_replay: ClassVar[bool] = False
    new_game: ClassVar[bool] = False

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def deal(self, clock: Clock) -> PlaySession:
        return self.session

    @property
    def pace(self) -> bool:
        return False
