"""Our replay format as values: the events of a game and the Replay that holds them,
with the text a replay file is written as (docs/REPLAY.md)."""

from __future__ import annotations

from enum import Enum

from game.core.delta import Cell
from game.core.minefield import Minefield
from game.core.moves import Move
from game.core.record import Record, put
from game.core.status import Status
from game.identity import MAX_NAME as MAX_NAME  # (the name's rules: game.identity)
from game.identity import player_name as player_name
from game.language import Named, said
from game.rules import Board, GameRules, RuleMode
from game.session.geometry import TILE
from game.session.play import Clicks, Summary
from game.words import RESULT_WORDS

MAGIC = "minesweeper-replay"
VERSION = 1
SUFFIX = ".msreplay"

MAX_BYTES = 8_000_000
"""The largest replay file read (a minute of play is about 100 kB)."""
MAX_EVENTS = 200_000
"""The most input events in one replay; the recorder stops adding beyond it."""
MAX_LINE = 1_000
"""The longest line, but for a board's layout and view."""
MAX_BOARD_LINE = 1_001_000 + 16
"""The longest layout or view line: a 1000x1000 board, one '/' a row, and its key."""
MAX_MS = 24 * 3600 * 1000
"""Times are within a day of the first reveal, either side."""
MAX_CELLS = 1_000
"""Pointer positions are within this many cells of the board's corner."""
MAX_HEADER_LINES = 64
IDENT = r"[a-z0-9][a-z0-9-]{0,39}"
"""An identifier of games that belong together, as a pattern for re: a tournament's
(a replay's ``tournament:``, a tournament file's ``id:``, the series book) and a time
trial's (the series book): 1 to 40 small letters, digits and dashes, not a dash first."""
DAY = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
"""A day as ISO writes it, as a pattern for re: a replay's daily board, a best time's
date."""
SECOND = DAY + r"T[0-9]{2}:[0-9]{2}:[0-9]{2}"
"""A moment to the second, ISO local time, as a pattern for re (a time trial's run; a
game's end, which may add a fraction of a second)."""


class ReplayError(ValueError):
    """A replay that cannot be read: the message is one line for the player, Words
    (game.language) so that it is shown in the player's language (``shown(error)``)
    while its text stays English."""


def named(name: str, error: Exception) -> ReplayError:
    """A reader's error as a ReplayError whose line names the file once."""
    why = said(error)
    return ReplayError(why if name in why else Named(name, why))


class EventKind(Enum):
    """What happened: the value is the word in the file."""

    MOVE = "move"  # the pointer moved
    DOWN = "down"  # a button went down
    UP = "up"  # a button went up (the only event that makes moves)
    CANCEL = "cancel"  # the window dropped what was held (pointer left, focus lost, a dialog)


BUTTONS = {"left": 1, "middle": 2, "right": 3}
BUTTON_NAMES = {number: name for name, number in BUTTONS.items()}


class Event(Record):
    """One input event: ``ms`` is game time (0 at the first reveal, negative
    before it, pauses left out); ``x``/``y`` the pointer in sixteenths of a cell
    from the board's top-left corner (one 1x pixel each); ``move`` what it did."""

    __slots__ = ("button", "kind", "move", "ms", "x", "y")
    ms: int
    kind: EventKind
    button: int
    x: int
    y: int
    move: Move | None

    def __init__(
        self,
        ms: int,
        kind: EventKind,
        button: int = 0,
        x: int = 0,
        y: int = 0,
        move: Move | None = None,
    ) -> None:
        # (a replay holds thousands)
        put(self, "ms", ms)
        put(self, "kind", kind)
        put(self, "button", button)
        put(self, "x", x)
        put(self, "y", y)
        put(self, "move", move)

    def to_text(self) -> str:
        """The event's line (see docs/REPLAY.md)."""
        if self.kind is EventKind.CANCEL:
            return f"{self.ms} cancel"
        where = f"{_cells(self.x)} {_cells(self.y)}"
        if self.kind is EventKind.MOVE:
            return f"{self.ms} move {where}"
        line = f"{self.ms} {self.kind.value} {BUTTON_NAMES[self.button]} {where}"
        return line if self.move is None else f"{line} = {self.move}"


def _cells(sixteenths: int) -> str:
    text = f"{sixteenths / TILE:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Replay(Record):
    """A recorded game: its board and rules, how it ended, and every input event.

    ``minefield``: the mines (None when the game never had a reveal); ``result``: WON,
    LOST or PLAYING (the game was left unfinished); ``view``: the board as the player
    last saw it (Game.view); ``identifier``: what a rankings site calls the player
    (game.identity; empty if none); ``country``: the player's country, an ISO 3166-1
    alpha-2 code (empty if none); ``daily``: the date of the daily board this game was
    (empty if none); ``tournament``: the identifier of the tournament the game was
    played in (empty if none); ``start``: a shared board's start cell, its mines placed
    from the seed around it before play (None: around the first reveal).
    """

    __slots__ = (
        "bbbv",
        "bbbv_solved",
        "board",
        "clicks",
        "country",
        "daily",
        "date",
        "events",
        "identifier",
        "minefield",
        "ms",
        "player",
        "result",
        "rules",
        "seed",
        "start",
        "tournament",
        "view",
    )

    def __init__(
        self,
        board: Board,
        rules: GameRules,
        seed: int | None,
        minefield: Minefield | None,
        result: Status,
        ms: int,
        bbbv: int | None,
        bbbv_solved: int,
        clicks: Clicks,
        view: str,
        events: tuple[Event, ...],
        player: str = "",
        identifier: str = "",
        country: str = "",
        date: str = "",
        daily: str = "",
        tournament: str = "",
        start: Cell | None = None,
    ) -> None:
        self.board = board
        self.rules = rules
        self.seed = seed
        self.minefield = minefield
        self.result = result
        self.ms = ms
        self.bbbv = bbbv
        self.bbbv_solved = bbbv_solved
        self.clicks = clicks
        self.view = view
        self.events = events
        self.player = player
        self.identifier = identifier
        self.country = country
        self.date = date
        self.daily = daily
        self.tournament = tournament
        self.start = start

    @property
    def moves(self) -> list[tuple[int, Move]]:
        """The moves, each with its time."""
        return [(event.ms, event.move) for event in self.events if event.move is not None]

    @property
    def summary(self) -> Summary:
        """The statistics as recorded."""
        return Summary(self.result, self.ms, self.bbbv, self.bbbv_solved, self.clicks)

    def to_text(self) -> str:
        """The replay file's text."""
        rules = self.rules
        head = [
            f"{MAGIC} {VERSION}",
            f"board: {self.board.rows}x{self.board.cols}:{self.board.mines}",
            f"first-click: {rules.first_click.value}",
            f"question-marks: {_yes(rules.question_marks)}",
            f"left-click-chords: {_yes(rules.left_click_chords)}",
        ]
        if rules.mode is not RuleMode.of(rules.first_click):
            # (a mode its first-click rule does not say: the classic three's files stay
            # readable by builds before the rule modes)
            head.append(f"mode: {rules.mode.value}")
        if self.seed is not None:
            head.append(f"seed: {self.seed}")
        if self.minefield is not None:
            head.append(f"layout: {self.minefield.to_text().replace(chr(10), '/')}")
        clicks = self.clicks
        head += [
            f"result: {RESULT_WORDS[self.result]}",
            f"time-ms: {self.ms}",
            f"3bv: {'-' if self.bbbv is None else self.bbbv}",
            f"3bv-solved: {self.bbbv_solved}",
            f"left-clicks: {clicks.left}",
            f"right-clicks: {clicks.right}",
            f"chord-clicks: {clicks.chord}",
            f"effective-clicks: {clicks.effective}",
            f"view: {self.view.replace(chr(10), '/')}",
        ]
        for key in ("player", "identifier", "country", "date", "daily", "tournament"):
            value = getattr(self, key)
            if value:  # (each said only when there is one)
                head.append(f"{key}: {value}")
        if self.start is not None:
            head.append(f"start: {self.start[0]} {self.start[1]}")
        head.append(f"events: {len(self.events)}")
        body = [event.to_text() for event in self.events]
        return "\n".join([*head, "", *body, "end"]) + "\n"


def _yes(value: bool) -> str:
    return "yes" if value else "no"
