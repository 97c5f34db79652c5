"""The pieces the window makes when first asked for, each handed what it needs when the
window is made: what a live race's rooms are opened by (Game > Race a friend...,
--race: the network and its cryptography load with the first race), what opens
replays over the board (the viewer loads with the first replay), and what opens a
game's analysis (the judge, the report and the community's readers load with the
first analysis). Each module named here loads at its first call, never before the
first input (tests/test_startup.py); this one loads only names."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from game.flows.analysis import Analyst
    from game.flows.race import Race
    from game.persist.profile import Profile
    from game.replay.recorder import Recorder
    from game.scenes.play import PlayScene
    from game.scenes.race_friend import RaceFriend
    from game.scenes.watching import Watching
    from game.session.table import Table
    from game.view.prefs import Prefs
    from game.view.stage import Stage
    from game.view.viewport import Viewport

T = TypeVar("T")


class Later(Generic[T]):
    """Called, the one piece (made at the first call)."""

    def __init__(self) -> None:
        self._made: T | None = None

    def __call__(self) -> T:
        if self._made is None:
            self._made = self.make()
        return self._made

    def make(self) -> T:
        raise NotImplementedError


class Analysis(Later["Analyst"]):
    """What opens a game's analysis (the History's, the panel's, the viewer's A)."""

    def __init__(self, stage: Stage, profile: Profile) -> None:
        super().__init__()
        self.stage, self.profile = stage, profile

    def make(self) -> Analyst:
        from game.flows.analysis import Analyst  # (the judge loads with a first analysis)

        return Analyst(self.stage, self.profile.folder)


class Watcher(Later["Watching"]):
    """What opens replays over the player's board (a file opened or dropped, --replay)."""

    def __init__(
        self,
        stage: Stage,
        viewport: Viewport,
        prefs: Prefs,
        table: Table,
        analyst: Callable[[], Analyst],
        race: Race,
    ) -> None:
        super().__init__()
        self.stage, self.viewport, self.prefs, self.table = stage, viewport, prefs, table
        self.analyst, self.race = analyst, race

    def make(self) -> Watching:
        from game.scenes.watching import Watching  # (the viewer loads with a first replay)

        profile = self.prefs.profile
        return Watching(
            self.stage, self.viewport, self.prefs, profile, self.table, self.analyst, self.race
        )


class RaceOpener(Later["RaceFriend"]):
    """What opens the live races' rooms: one RaceFriend, made with the first race."""

    def __init__(
        self,
        stage: Stage,
        table: Table,
        viewport: Viewport,
        play: PlayScene,
        recorder: Callable[[], Recorder | None],
        profile: Profile,
        broker: str | None,
    ) -> None:
        """``play``: the play scene (what starts a mode's game, and opens replays)."""
        super().__init__()
        self.stage, self.table, self.viewport = stage, table, viewport
        self.play, self.recorder, self.profile, self.broker = play, recorder, profile, broker

    def make(self) -> RaceFriend:
        from game.scenes.race_friend import RaceFriend  # (the network, with a first race)

        return RaceFriend(self)

    def open(self, race: tuple[str, ...]) -> None:
        """--race host (its code printed alone on the first line of standard output)
        or --race join CODE."""
        opener = self()
        if race[0] == "host":
            opener.on_code = lambda code: print(code, flush=True)
            opener.open(None)
        else:
            opener.open(race[1])
