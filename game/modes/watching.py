"""Watching a replay: the replay's own table, fed by its events; nothing counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.language import N_, gettext
from game.modes.mode import Mode
from game.replay.drive import game_of
from game.replay.format import Replay
from game.session.play import PlaySession
from game.session.stopwatch import Clock

WATCHED = N_("a replay being watched")


@dataclass(frozen=True)
class Watching(Mode):
    """A replay played back."""

    replay: Replay
    name: ClassVar[str] = "replay"
    keeps_replay: ClassVar[bool] = False
    records_replay: ClassVar[bool] = False

    def deal(self, clock: Clock) -> PlaySession:
        return PlaySession(game_of(self.replay), clock)

    def unranked(self) -> str:
        return WATCHED

    def describe(self, deaths: int = 0) -> str:
        return gettext("A replay being watched")
