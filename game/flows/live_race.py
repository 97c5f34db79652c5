"""A live race against a friend: the room's client (game.net, off the loop's thread),
the room as this side knows it (race_room.py), the room's dialog, the countdown, and
the games: the player's progress sent at every move and ten times a second, the
other's heard and drawn beside the board (game.scenes.live_race), the replays sent at
the end and the other's verified (race_verify.py).

Made when the player first races (Game > Race a friend..., --race): the network and
the cryptography load then. Nothing here waits for the network: the client's queue is
read once a step."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.solved import SolvedSoFar
from game.core.status import Status
from game.flows.race_lines import room_lines
from game.flows.race_map import opened_spans
from game.flows.race_room import BOARDS, COUNTDOWN_MS, FIRST_CLICKS, RoomState
from game.flows.race_verify import checked
from game.language import gettext
from game.modes.live_race import LiveRace
from game.net import messages as m
from game.net.broker import Broker
from game.net.client import Link, RaceClient
from game.net.room import new_code
from game.screens.live_race import GuestAnswer, HostAnswer, room_dialog
from game.session.table import GameEnded, MoveApplied, Result, Table, TableEvent
from game.view.waiting import at_rest, wake
from game.view.widgets import clipboard

if TYPE_CHECKING:
    from game.flows.race_keep import PairKeeper
    from game.modes.mode import Mode
    from game.persist.races import Races
    from game.replay.recorder import Recorder
    from game.view.stage import Stage
    from game.view.widgets.message import MessageDialog

RESEND_MS = 2000
"""A finish the other side has not said it has is said again this often (ms)."""
PROGRESS_MS = 80
"""The player's progress is sent this often (ms) while a race game is played: twelve
times a second, above the ten promised even when a step comes late."""
GAMES = (1, 3, 5)
ENDS = {Status.WON: "won", Status.LOST: "lost"}
"""A game's end as a progress says it (else "playing"): made once, not at each progress."""


class LiveRaceFlow:
    """One room, from Host or Join until Leave."""

    def __init__(
        self,
        stage: Stage,
        table: Table,
        play: Callable[[Mode], None],
        recorder: Callable[[], Recorder | None],
        *,
        name: str,
        broker: Broker | None,
        code: str | None = None,
        races: Races | None = None,
        keeper: PairKeeper | None = None,
    ) -> None:
        """``broker``: None, the embedded default (game.net.lan); ``code``: the room to
        join (None: host a new one); ``races``: the record by opponent, kept as each
        game is decided; ``keeper``: keeps the opponent's replay of each game beside
        the player's own."""
        self.stage, self.table, self.play, self.recorder = stage, table, play, recorder
        self.code = code or new_code()
        self.room = RoomState(host=code is None, name=name)
        hello = {"name": name, "role": "guest" if code else "host", "ready": self.room.ready}
        self.client = RaceClient(broker, self.code, hello, wake=wake)
        self.embedded = broker is None  # (the host's own game carries the race, game.net.lan)
        self.link: Link | None = None
        self.countdown_ms: float | None = None
        """Left of the countdown to the next game (None: none under way)."""
        self.sent_ms = self.resend_ms = 0.0
        self.dialog: MessageDialog | None = None
        self.left = False
        self.changed = True
        """Something the panel shows changed since it was last drawn."""
        self.on_leave: Callable[[], None] = lambda: None
        self.on_watch: Callable[[str], object] = lambda name: None
        """Plays a game's pair of replays (the player's replay's name)."""
        self._solved = SolvedSoFar()  # (the game's 3BV solved, from each move's delta)
        self._opened: tuple[object, m.Spans | None] = ((), None)
        """What the map was worked out for, and the map of the player's opened cells."""
        self.races, self.keeper = races, keeper
        self._noted: tuple[int, str | None] = (0, None)
        """The last game noted in the record by opponent, and its outcome noted."""
        self.got = 0
        """The last game whose finish the other side said it has (Got)."""
        self.last_progress: dict[str, object] = {}
        """The player's progress as last said (said again with the finish)."""
        self.mine_sent: tuple[str, int, str] | None = None
        """The player's finish as sent (said again to a side that says hello again)."""
        table.tap(self._heard)

    def start(self) -> None:
        """Connect (off the loop) and open the room's dialog."""
        self.client.start()
        self.open_room()

    # ------------------------------------------------------------------ the room's dialog

    def room_lines(self) -> list[str]:
        """What the room's dialog says: the code, who is in, the board, the games."""
        named = self.client.broker  # (the guest's own, as it named it: the host's, as shared)
        broker = (named.url if named and not self.room.host else self.client.shared) or ""
        return room_lines(self.code, self.room, self.link, self.races, self.embedded, broker)

    def open_room(self, note: str | None = None) -> None:
        """Show the room's dialog (again, after each button; ``note``: a line more)."""
        self.dialog = dialog = room_dialog(
            self.room_lines() + ([note] if note else []), self.room.host
        )
        self.stage.open(dialog, self._answered)

    def _answered(self, answer: object) -> None:
        self.dialog, room, note = None, self.room, None
        if answer in (HostAnswer.LEAVE, GuestAnswer.LEAVE) or answer is None:
            self.leave()
            return
        if answer is HostAnswer.START:
            if room.opponent.here and room.opponent.ready:
                self.begin()
                return
        elif answer is HostAnswer.BOARD:
            room.size = BOARDS[(BOARDS.index(room.size) + 1) % len(BOARDS)]
        elif answer is HostAnswer.RULES:
            room.first_click = FIRST_CLICKS[(FIRST_CLICKS.index(room.first_click) + 1) % 3]
        elif answer is HostAnswer.GAMES:
            room.score.best_of = GAMES[(GAMES.index(room.score.best_of) + 1) % len(GAMES)]
        elif answer is HostAnswer.MAP:
            room.map = not room.map
        elif answer is HostAnswer.COPY:
            note = copied(self.code, self.client.shared)
        elif answer is GuestAnswer.READY:
            room.ready = not room.ready
            self.client.say(m.Hello, ready=room.ready, answer=True)
        if room.host:
            self._say_setup()
        self.open_room(note)

    def _say_hello(self) -> None:
        """This side's hello, as an answer; a host's names the guest it races."""
        partner = {"partner": self.room.opponent.sender} if self.room.host else {}
        self.client.say(m.Hello, ready=self.room.ready, answer=True, **partner)

    def _say_setup(self) -> None:
        room, board = self.room, self.room.next_board()  # (the game's own: drawn at Start)
        self.client.say(m.Setup, board=board.code, best_of=room.score.best_of, map=room.map)

    # ------------------------------------------------------------------ the games

    def begin(self) -> None:
        """The host starts the next game: its board drawn, the countdown said."""
        board = self.room.next_board()
        start = m.Start("0" * 16, 0, self.room.game + 1, board.code, COUNTDOWN_MS)
        if self.room.start(start) is not None:
            self._count_down(COUNTDOWN_MS)
            self._say_start()

    def _say_start(self) -> None:
        """The game under way's start, with what is left of its countdown."""
        board, ms = self.room.board, max(0, int(self.countdown_ms or 0))
        if board is not None:
            self.client.say(m.Start, game=self.room.game, board=board.code, countdown_ms=ms)

    def rematch(self) -> None:
        """The next game (the host starts it; the guest says it is ready)."""
        if not self.room.decided and self.room.game:
            return
        self.room.ready = True
        self.client.say(m.Hello, ready=True, answer=True)
        if self.room.host and self.room.opponent.here:
            self.begin()

    def _count_down(self, ms: int) -> None:
        if self.dialog is not None:
            self.dialog.finish(None)  # (no answer: the game starts)
            self.dialog = None
        self.stage.clear_dialogs()
        self.countdown_ms = float(ms)
        self.changed = True

    def update(self, step_ms: float) -> None:
        """One step: what the client heard, the countdown, the progress to send."""
        if self.left:
            return
        self.client.send()  # (a progress held from a step no rest followed: now)
        heard = self.client.heard()
        for each in heard:
            self._hear(each)
        if self.countdown_ms is not None:
            before = int(self.countdown_ms // 1000)
            self.countdown_ms -= step_ms
            if int(self.countdown_ms // 1000) != before:
                self.changed = True
            if self.countdown_ms <= 0:
                self.countdown_ms = None
                self._play()
        self.sent_ms += step_ms
        if self.sent_ms >= PROGRESS_MS and self.playing:
            self.send_progress()
        up = self.link is not None and self.link.up
        if heard or self.room.waited(step_ms, up):  # (decided by what is heard, or its end)
            self.dialog = on_stage(self.stage, self.dialog)  # (None: taken off unanswered)
            if self.dialog is not None:
                self.dialog.say(self.room_lines())
            self._noted = noted(self.races, self.room, self._noted)
        self.resend_ms += step_ms
        if self.resend_ms >= RESEND_MS and self.got != self.room.game:
            self._say_finish()

    def _say_finish(self) -> None:
        """The player's finish of the game under way, said (again) until the other side
        says it has it (Got)."""
        self.resend_ms = 0.0
        sent, room = self.mine_sent, self.room
        if sent is not None and room.mine is not None:  # (its last figures too: QoS 0)
            self.client.say(m.Progress, **self.last_progress)
            self.client.say(m.Finish, game=room.game, state=sent[0], ms=sent[1], replay=sent[2])

    @property
    def playing(self) -> bool:
        """A race game is on the table and under way."""
        mode = self.table.tag.mode
        return (
            isinstance(mode, LiveRace)
            and mode.room == self.code
            and mode.game == self.room.game
            and not self.table.session.status.is_over
        )

    def _play(self) -> None:
        board = self.room.board
        if board is None:
            return
        self.room.ready = False
        self.play(LiveRace(board, self.code, self.room.game, self.room.opponent.name or "?"))
        self.changed = True

    def send_progress(self) -> None:
        """Where the player's game stands, said (and the clock of it restarted)."""
        self.sent_ms = 0.0
        session = self.table.session
        state = ENDS.get(session.status, "playing")
        game = session.game
        bbbv, solved = self._solved.of(game)
        opened = None
        if self.room.map:  # (the map of the player's opened cells, once a move)
            key = (self.table.tag, game.opened_count, game.status)
            if self._opened[0] != key:
                self._opened = (key, opened_spans(game))
            opened = self._opened[1]
        ms = session.summary().ms if session.status.is_over else int(session.elapsed_ms)
        self.last_progress = {"game": self.room.game, "ms": ms, "solved": solved}
        self.last_progress |= {"bbbv": bbbv or 0, "clicks": session.clicks.total}
        self.last_progress |= {"state": state, "opened": opened}
        self.client.say_later(m.Progress, **self.last_progress)  # (sent at rest: at_rest)
        at_rest(self.client.send)

    def _heard(self, event: TableEvent) -> None:
        """The table: a move of a race game is sent at once; its end with its replay."""
        if self.left or not isinstance(event, GameEnded):
            if not self.left and isinstance(event, MoveApplied):
                self._solved.heard(event.delta)
                if self.playing:
                    self.sent_ms = PROGRESS_MS  # (sent at the next step: the move's figures)
            return  # (a pointer seen is no move: the twelve a second carry the clock)
        mode = event.tag.mode
        if not isinstance(mode, LiveRace) or mode.room != self.code or mode.game != self.room.game:
            return
        state = "won" if event.result is Result.WON else "lost"  # (abandoned: lost)
        self.send_progress()
        recorder = self.recorder()
        replay = None if recorder is None else recorder.replay()
        text = "" if replay is None else m.pack_replay(replay.to_text())
        self.mine_sent = (state, event.summary.ms, text)
        self.room.ended(state, event.summary.ms)
        if self.keeper is not None:  # (the end of the game kept the player's replay)
            self.keeper.own_ended(self.room.game, mode.code)
        self._noted = noted(self.races, self.room, self._noted)
        self._say_finish()
        self.changed = True

    def _hear(self, heard: m.Message | Link) -> None:
        room = self.room
        self.changed = True
        if isinstance(heard, Link):
            self.link = heard
            return
        channel = self.client.channel
        if not room.hears(heard, "" if channel is None else channel.sender):
            if room.host and isinstance(heard, m.Hello) and not heard.answer:
                self._say_hello()  # (a third: the host's hello names its guest)
            return
        if isinstance(heard, m.Hello):
            new = not room.opponent.here
            room.hello(heard)
            if room.host and (new or not heard.answer):  # (a guest met: the host's choice)
                self._say_setup()
            if not heard.answer or (room.host and new):
                self._say_hello()
            if self.got != room.game:  # (at any hello: the one back first may have missed it)
                self._say_finish()
            if room.host and room.game and not room.decided:  # (a start it may have missed)
                self._say_start()
        elif isinstance(heard, m.Setup):
            room.setup(heard)
        elif isinstance(heard, m.Start) and not room.host:
            if room.start(heard) is not None:
                self._count_down(heard.countdown_ms)
        elif isinstance(heard, m.Progress):
            room.progress(heard)
        elif isinstance(heard, m.Finish):
            board = room.board
            if board is not None and heard.game == room.game:
                if room.opponent.finish is None:
                    room.finished(heard, why := checked(heard, board))
                    if self.keeper is not None:
                        self.keeper.heard(heard.game, heard, why)
                self.client.say(m.Got, game=heard.game)
        elif isinstance(heard, m.Got):
            self.got = max(self.got, heard.game)
        elif isinstance(heard, m.Bye):
            room.gone()

    @property
    def pair(self) -> str | None:
        """The player's replay's name of the game just played, once its pair is kept."""
        kept = None if self.keeper is None else self.keeper.kept
        return kept[1] if kept is not None and kept[0] == self.room.game else None

    def watch(self) -> None:
        """The game just played, both replays at once (the panel's button)."""
        if self.pair is not None:
            self.on_watch(self.pair)

    def leave(self) -> None:
        """Leave the room (the client says bye and closes, off the loop)."""
        if self.left:
            return
        self.left = True
        self.client.close(wait=0)
        self.on_leave()


def noted(
    races: Races | None, room: RoomState, before: tuple[int, str | None]
) -> tuple[int, str | None]:
    """A game just decided goes into the record by opponent, once (again, in place of
    the outcome noted ``before``, when it is decided again: game.flows.race_room); the
    game and outcome noted now."""
    winner = room.winner
    if winner is None or before == (room.game, winner) or races is None:
        return before
    races.note(room.opponent.name, winner, instead=before[1] if before[0] == room.game else None)
    return (room.game, winner)


def copied(code: str, shared: str | None) -> str:
    """The room's invitation put on the clipboard: its code, and the broker's address
    where the host named one (Join reads both); the line that says so."""
    text = f"{code} {shared}" if shared else code
    if clipboard.copy(text):
        return gettext("On the clipboard: {text}. Your friend pastes it into Join.").format(
            text=text
        )
    return gettext("No clipboard here: the code is shown above.")


def on_stage(stage: Stage, dialog: MessageDialog | None) -> MessageDialog | None:
    """The dialog, if it is on the stage still (None if it was taken off unanswered)."""
    if dialog is None:  # (none open: most steps of a game, nothing to look for)
        return None
    there = any(getattr(scene, "dialog", None) is dialog for scene, _ in stage.scenes)
    return dialog if there else None
