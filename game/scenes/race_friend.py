"""Game > Race a friend... and --race: host a room or join one, then the room's dialog
and its panel beside the board (game.scenes.live_race) for as long as the player stays
in it. Loaded with the first race: the network and the cryptography with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.flows.live_race import LiveRaceFlow
from game.flows.race_keep import PairKeeper
from game.language import gettext
from game.net.broker import Broker, BrokerError
from game.persist.races import Races
from game.scenes.live_race import LiveRaceScene
from game.screens.live_race import RaceChoice, join_dialog, race_choice_dialog
from game.view.widgets.message import MessageDialog

if TYPE_CHECKING:
    from game.scenes.openers import RaceOpener


class RaceFriend:
    """Opens rooms: one at a time."""

    def __init__(self, pieces: RaceOpener) -> None:
        """``pieces``: what the window handed the opener (its stage, table and viewport,
        the play of a mode, the recorder, the profile and the broker named)."""
        self.stage, self.table, self.viewport = pieces.stage, pieces.table, pieces.viewport
        self.play, self.recorder = pieces.play.play, pieces.recorder
        self.new_game = pieces.play.new_game
        """A new game of the window's board, as F2 deals (after a room left)."""
        self.watcher = pieces.play.watcher
        self.voice = pieces.play.voice
        """What opens replays over the board (the panel's pair of replays)."""
        profile = pieces.profile
        self.name: Callable[[], str] = lambda: profile.settings.player or profile.last_name
        self.named = pieces.broker
        """--broker: this run's broker, over the one chosen in the Settings."""
        self.chosen: Callable[[], str | None] = lambda: profile.settings.race_broker
        """The broker chosen in the Settings (None: none), read at each room opened."""
        self.flow: LiveRaceFlow | None = None
        self.races = Races(profile.folder)
        """The record by opponent (races.json in the data folder)."""
        self.keeper = PairKeeper(profile)
        """Keeps each game's two replays together."""
        self.on_code: Callable[[str], None] = lambda code: None
        """Told the room's code when the player hosts (--race host prints it)."""

    @property
    def broker(self) -> str | None:
        """The broker a room opens on: --broker, else the Settings' choice, else None:
        the embedded default (game.net.lan: the host's game runs one and announces the
        room on the network, where the guest finds it)."""
        return self.named or self.chosen() or None

    def choose(self) -> None:
        """Host or join, as the player chooses (a room open already: shown again)."""
        if self.flow is not None and not self.flow.left:
            self.flow.open_room()
            return

        def chosen(answer: object) -> None:
            if answer is RaceChoice.HOST:
                self.open(None)
            elif answer is RaceChoice.JOIN:
                self.stage.open(join_dialog(), joined)

        def joined(answer: object) -> None:
            if isinstance(answer, tuple):  # (the code, and the broker's address or None)
                self.open(*answer)

        self.stage.open(race_choice_dialog(), chosen)

    def left(self) -> None:
        """The room left: a game of the room's still on the board, whose end was the
        race's panel's (gone with it: Mode.ends_beside), gives way to a game of the
        player's own on its board (the play test: its title still named the race, and
        played, it ended with no panel at all)."""
        if not self.table.tag.mode.ends_beside:
            self.new_game()

    def open(self, code: str | None, named: str | None = None) -> LiveRaceFlow | None:
        """Host a room (``code`` None) or join the room of ``code`` (through the broker
        ``named``, the one its invitation names, over the Settings' for this room)."""
        url = named or self.broker
        try:
            broker = None if url is None else Broker.parse(url)
            own = None if named is None or not self.broker else Broker.parse(self.broker)
            if own is not None and broker is not None and own.place == broker.place:
                broker = own  # (the Settings' own: with its authority's file)
        except BrokerError as error:
            said = gettext("The race's broker cannot be used: {why}").format(why=error)
            self.stage.open(MessageDialog(gettext("Race a friend"), [said]))
            return None
        if self.flow is not None:
            self.flow.leave()
        name = self.name().strip()[:32] or gettext("Player")
        self.flow = flow = LiveRaceFlow(
            self.stage,
            self.table,
            self.play,
            self.recorder,
            name=name,
            broker=broker,
            code=code,
            races=self.races,
            keeper=self.keeper,
        )
        flow.on_watch = lambda name: self.watcher().pair(name)
        flow.on_leave = self.left
        if code is None:
            self.on_code(flow.code)
        scene = LiveRaceScene(flow, self.stage, self.viewport)
        self.voice.live = scene.progress_said  # (the 3BV/s key says the other's too)
        self.stage.push(scene)
        flow.start()
        return flow
