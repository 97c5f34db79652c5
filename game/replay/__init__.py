"""Replays: a finished (or abandoned) game as a small text file, every mouse button
down and up and every pointer move with its time, and the moves they made.

Pure Python, no pygame. docs/REPLAY.md describes the format for other tools; in
short::

    minesweeper-replay 1
    board: 9x9:10
    first-click: opening
    question-marks: yes
    left-click-chords: no
    seed: 1234
    layout: *......../.........
    result: won
    time-ms: 12345
    ...
    events: 3

    -850 move 4.5 3.25
    -300 down left 4.5 3.25
    0 up left 4.5 3.25 = r 3 4
    end

The reader (``parse``, ``load``) takes any bytes: anything malformed, truncated,
too large or inconsistent raises ReplayError with a one-line message, in bounded
time and memory. ``Recorder`` turns what the window sees into a Replay;
``verify`` plays the moves again through a PlaySession and says whether they end
as recorded.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from game.core import Action, GameError, Minefield, Move, Status
from game.core.game import MAX_SEED, Game
from game.input import InputMachine, Spot
from game.layout import Layout
from game.rules import Board, BoardChoiceError, FirstClick, GameRules, custom
from game.session import Clicks, PlaySession, Summary, deal
from game.session.stopwatch import Phase
from game.session.table import GameStarted, MoveApplied, PointerSeen, Source, TableEvent, Via
from game.sheet import TILE
from game.words import RESULT_WORDS, result_word, seconds

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
MAX_NAME = 32
MAX_HEADER_LINES = 64

_RESULTS = {word: status for status, word in RESULT_WORDS.items()}
_YES_NO = {"yes": True, "no": False}


class ReplayError(ValueError):
    """A replay that cannot be read: the message is one line for the player."""


class Kind(Enum):
    """What happened: the value is the word in the file."""

    MOVE = "move"  # the pointer moved
    DOWN = "down"  # a button went down
    UP = "up"  # a button went up (the only event that makes moves)
    CANCEL = "cancel"  # the window dropped what was held (pointer left, focus lost, a dialog)


BUTTONS = {"left": 1, "middle": 2, "right": 3}
_BUTTON_NAMES = {number: name for name, number in BUTTONS.items()}


@dataclass(frozen=True, slots=True)
class Event:
    """One input event: ``ms`` is game time (0 at the first reveal, negative
    before it, pauses left out); ``x``/``y`` the pointer in sixteenths of a cell
    from the board's top-left corner (one 1x pixel each); ``move`` what it did."""

    ms: int
    kind: Kind
    button: int = 0
    x: int = 0
    y: int = 0
    move: Move | None = None

    def to_text(self) -> str:
        """The event's line (see docs/REPLAY.md)."""
        if self.kind is Kind.CANCEL:
            return f"{self.ms} cancel"
        where = f"{_cells(self.x)} {_cells(self.y)}"
        if self.kind is Kind.MOVE:
            return f"{self.ms} move {where}"
        line = f"{self.ms} {self.kind.value} {_BUTTON_NAMES[self.button]} {where}"
        return line if self.move is None else f"{line} = {self.move}"


def _cells(sixteenths: int) -> str:
    text = f"{sixteenths / TILE:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True)
class Replay:
    """A recorded game: its board and rules, how it ended, and every input event."""

    board: Board
    rules: GameRules
    seed: int | None
    minefield: Minefield | None
    """The mines (None when the game never had a reveal)."""
    result: Status
    """WON, LOST or PLAYING (the game was left unfinished)."""
    ms: int
    bbbv: int | None
    bbbv_solved: int
    clicks: Clicks
    view: str
    """The board as the player last saw it (Game.view)."""
    events: tuple[Event, ...]
    player: str = ""
    date: str = ""
    daily: str = ""
    """The date of the daily board this game was (empty if none)."""

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
        if self.player:
            head.append(f"player: {self.player}")
        if self.date:
            head.append(f"date: {self.date}")
        if self.daily:
            head.append(f"daily: {self.daily}")
        head.append(f"events: {len(self.events)}")
        body = [event.to_text() for event in self.events]
        return "\n".join([*head, "", *body, "end"]) + "\n"


def _yes(value: bool) -> str:
    return "yes" if value else "no"


# ---------------------------------------------------------------------- reading


def load(path: str | Path) -> Replay:
    """Read a replay file; raises ReplayError (never OSError) with one line."""
    try:
        # Only a regular file: a FIFO or a device would block or never end.
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ReplayError(f"{path} is not a file")
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise ReplayError(f"cannot read {path}: {error.strerror or error}") from None
    return parse(data)


def parse(data: bytes | str) -> Replay:
    """A Replay from a file's contents; raises ReplayError for anything wrong."""
    if len(data) > MAX_BYTES:
        raise ReplayError(f"not a replay: larger than {MAX_BYTES // 1000} kB")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ReplayError("not a replay: the file is not UTF-8 text") from None
    else:
        text = data
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        return _Reader(text).read()
    except ReplayError:
        raise
    except (GameError, BoardChoiceError, ValueError, KeyError, IndexError) as error:
        # A last net: every check above should have caught it with its own words.
        raise ReplayError(f"the replay does not add up ({_one_line(error)})") from None


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())[:200]


_INT = re.compile(r"-?\d{1,12}")
_NAT = re.compile(r"\d{1,12}")
_BOARD = re.compile(r"(\d{1,3})x(\d{1,3}):(\d{1,4})")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_POS = re.compile(r"-?\d{1,4}(\.\d{1,6})?")
_REQUIRED = (
    "board",
    "first-click",
    "question-marks",
    "left-click-chords",
    "result",
    "time-ms",
    "3bv",
    "3bv-solved",
    "left-clicks",
    "right-clicks",
    "chord-clicks",
    "effective-clicks",
    "view",
    "events",
)
_OPTIONAL = ("seed", "layout", "player", "date", "daily")
_KEYS = frozenset((*_REQUIRED, *_OPTIONAL))
_CONTROL = re.compile("[\x00-\x1f\x7f]")
_VIEW_CHARS = frozenset(".12345678#F?*!X")


class _Reader:
    def __init__(self, text: str) -> None:
        if text.count("\n") > MAX_EVENTS + MAX_HEADER_LINES + 2:
            raise ReplayError(f"not a replay: more than {MAX_EVENTS} events")
        self.lines = text.split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        if len(self.lines) > MAX_EVENTS + MAX_HEADER_LINES + 2:
            raise ReplayError(f"not a replay: more than {MAX_EVENTS} events")
        self.at = 0

    def fail(self, message: str) -> ReplayError:
        return ReplayError(f"line {self.at}: {message}")

    def read(self) -> Replay:
        if not self.lines:
            raise ReplayError("not a replay: the file is empty")
        first = self.lines[0].rstrip("\r")
        magic, _, version = first.partition(" ")
        if magic != MAGIC:
            raise ReplayError(f"not a replay: the first line is not '{MAGIC} {VERSION}'")
        if not _NAT.fullmatch(version):
            raise ReplayError("not a replay: the first line has no format version")
        if int(version) != VERSION:
            raise ReplayError(
                f"replay format version {int(version)}; this game reads version {VERSION}"
            )
        header = self.header()
        return self.body(header)

    # ------------------------------------------------------------------ header

    def header(self) -> dict[str, str]:
        values: dict[str, str] = {}
        self.at = 1
        while True:
            if self.at >= len(self.lines):
                raise ReplayError("the replay is cut short: no events")
            line = self.line()
            if line == "":
                break
            if len(values) >= MAX_HEADER_LINES:
                raise self.fail("too many header lines")
            key, sep, value = line.partition(": ")
            if not sep:
                raise self.fail(f"a header line is 'key: value'; got {_show(line)}")
            if key not in _KEYS and not key.startswith("x-"):
                raise self.fail(f"unknown header key {_show(key)}")
            if key in values:
                raise self.fail(f"header key {key!r} given twice")
            values[key] = value
        for key in _REQUIRED:
            if key not in values:
                raise ReplayError(f"the replay's header has no {key!r}")
        return values

    def line(self) -> str:
        line = self.lines[self.at]
        self.at += 1
        board_line = line.startswith(("layout:", "view:"))
        limit = MAX_BOARD_LINE if board_line else MAX_LINE
        if len(line) > limit:
            raise self.fail(f"longer than {limit} characters")
        line = line.removesuffix("\r")
        if _CONTROL.search(line):
            raise self.fail("control characters in the line")
        return line

    def body(self, head: dict[str, str]) -> Replay:
        board = _board(head["board"])
        rules = GameRules(
            _first_click(head["first-click"]),
            _flag(head, "question-marks"),
            _flag(head, "left-click-chords"),
        )
        seed = None
        if "seed" in head:
            seed = _number(head, "seed", 0, MAX_SEED, digits=19)
        minefield = _layout(head["layout"], board) if "layout" in head else None
        result = _RESULTS.get(head["result"])
        if result is None:
            raise ReplayError(f"result is won, lost or unfinished; got {_show(head['result'])}")
        if result.is_over and minefield is None:
            raise ReplayError("a finished game's replay needs its layout")
        ms = _number(head, "time-ms", 0, MAX_MS)
        cells = board.rows * board.cols
        bbbv = None if head["3bv"] == "-" else _number(head, "3bv", 1, cells)
        solved = _number(head, "3bv-solved", 0, cells)
        if (bbbv is None) != (minefield is None):
            raise ReplayError("3bv is given exactly when the layout is")
        if bbbv is not None and solved > bbbv:
            raise ReplayError("3bv-solved is more than the 3bv")
        clicks = Clicks(
            *(
                _number(head, f"{kind}-clicks", 0, MAX_EVENTS)
                for kind in ("left", "right", "chord", "effective")
            )
        )
        if clicks.effective > clicks.total:
            raise ReplayError("more effective clicks than clicks")
        view = _view(head["view"], board)
        player = head.get("player", "")
        if len(player) > MAX_NAME:
            raise ReplayError(f"the player's name is longer than {MAX_NAME} characters")
        date = head.get("date", "")
        if date and not _DATE.fullmatch(date):
            raise ReplayError(f"date is YYYY-MM-DDTHH:MM:SS; got {_show(date)}")
        daily = head.get("daily", "")
        if daily and not _DAY.fullmatch(daily):
            raise ReplayError(f"daily is a date, YYYY-MM-DD; got {_show(daily)}")
        count = _number(head, "events", 0, MAX_EVENTS)
        events = self.events(board, count)
        moves = [event.move for event in events if event.move is not None]
        made = {action: sum(1 for move in moves if move.action is action) for action in Action}
        if (made[Action.REVEAL], made[Action.MARK], made[Action.CHORD]) != (
            clicks.left,
            clicks.right,
            clicks.chord,
        ):
            raise ReplayError("the click counts do not match the moves")
        if result.is_over and not moves:
            raise ReplayError("a finished game's replay has no moves")
        return Replay(
            board=board,
            rules=rules,
            seed=seed,
            minefield=minefield,
            result=result,
            ms=ms,
            bbbv=bbbv,
            bbbv_solved=solved,
            clicks=clicks,
            view=view,
            events=tuple(events),
            player=player,
            date=date,
            daily=daily,
        )

    # ------------------------------------------------------------------ events

    def events(self, board: Board, count: int) -> list[Event]:
        events: list[Event] = []
        last = -MAX_MS
        while True:
            if self.at >= len(self.lines):
                raise ReplayError(f"the replay is cut short after {len(events)} events")
            line = self.line()
            if line == "end":
                break
            if len(events) >= count:
                raise self.fail(f"more events than the {count} the header says")
            event = self.event(line, board)
            if event.ms < last:
                raise self.fail("an event earlier than the one before it")
            last = event.ms
            events.append(event)
        if len(events) != count:
            raise ReplayError(f"the header says {count} events; the replay has {len(events)}")
        if self.at != len(self.lines):
            raise self.fail("lines after 'end'")
        return events

    def event(self, line: str, board: Board) -> Event:
        words = line.split(" ")
        if len(words) < 2 or not _INT.fullmatch(words[0]):
            raise self.fail(f"an event starts with its time in ms; got {_show(line)}")
        ms = int(words[0])
        if not -MAX_MS <= ms <= MAX_MS:
            raise self.fail(f"time {ms} ms is out of range")
        try:
            kind = Kind(words[1])
        except ValueError:
            raise self.fail(f"unknown event {_show(words[1])}") from None
        if kind is Kind.CANCEL:
            if len(words) != 2:
                raise self.fail("'cancel' takes nothing more")
            return Event(ms, kind)
        if kind is Kind.MOVE:
            if len(words) != 4:
                raise self.fail("'move' takes x and y")
            return Event(ms, kind, 0, self.pos(words[2]), self.pos(words[3]))
        if len(words) not in (5, 9):
            raise self.fail(f"'{kind.value}' takes a button, x and y (and '= move' on 'up')")
        button = BUTTONS.get(words[2])
        if button is None:
            raise self.fail(f"the button is left, middle or right; got {_show(words[2])}")
        x, y = self.pos(words[3]), self.pos(words[4])
        move = None
        if len(words) == 9:
            if kind is not Kind.UP or words[5] != "=":
                raise self.fail("only 'up' events make moves, written '= r ROW COL'")
            move = self.move(" ".join(words[6:]), board)
        return Event(ms, kind, button, x, y, move)

    def pos(self, word: str) -> int:
        if not _POS.fullmatch(word):
            raise self.fail(f"a position is a number of cells like 3.25; got {_show(word)}")
        whole, _, fraction = word.partition(".")
        negative = whole.startswith("-")
        scale: int = 10 ** len(fraction)
        # Exact: sixteenths = floor(value * 16), in whole numbers.
        tenths = (abs(int(whole)) * scale + (int(fraction) if fraction else 0)) * TILE
        value = -((tenths + scale - 1) // scale) if negative else tenths // scale
        if abs(value) > MAX_CELLS * TILE:
            raise self.fail(f"position {word} is too far from the board")
        return value

    def move(self, text: str, board: Board) -> Move:
        try:
            move = Move.from_text(text)
        except GameError as error:
            raise self.fail(_one_line(error)) from None
        if not (0 <= move.row < board.rows and 0 <= move.col < board.cols):
            raise self.fail(f"the move {move} is off the board")
        return move


def _show(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


def _number(head: dict[str, str], key: str, low: int, high: int, digits: int = 12) -> int:
    text = head[key]
    if not (text.isascii() and text.isdigit() and len(text) <= digits):
        raise ReplayError(f"{key} is a whole number; got {_show(text)}")
    value = int(text)
    if not low <= value <= high:
        raise ReplayError(f"{key} is {low} to {high}; got {value}")
    return value


def _flag(head: dict[str, str], key: str) -> bool:
    value = _YES_NO.get(head[key])
    if value is None:
        raise ReplayError(f"{key} is yes or no; got {_show(head[key])}")
    return value


def _first_click(text: str) -> FirstClick:
    try:
        return FirstClick(text)
    except ValueError:
        names = " or ".join(rule.value for rule in FirstClick)
        raise ReplayError(f"first-click is {names}; got {_show(text)}") from None


def _board(text: str) -> Board:
    match = _BOARD.fullmatch(text)
    if not match:
        raise ReplayError(f"board is ROWSxCOLS:MINES; got {_show(text)}")
    try:
        return custom(*(int(group) for group in match.groups()))
    except BoardChoiceError as error:
        raise ReplayError(f"board: {error}") from None


def _rows(text: str, board: Board, what: str, chars: frozenset[str]) -> list[str]:
    rows = text.split("/")
    if len(rows) != board.rows or any(len(row) != board.cols for row in rows):
        raise ReplayError(f"the {what} is not {board.rows} rows of {board.cols} cells")
    if not set(text) - {"/"} <= chars:
        raise ReplayError(f"the {what} has cells of an unknown kind")
    return rows


def _layout(text: str, board: Board) -> Minefield:
    rows = _rows(text, board, "layout", frozenset("*."))
    mines = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"]
    if len(mines) != board.mines:
        raise ReplayError(f"the layout has {len(mines)} mines; the board says {board.mines}")
    return Minefield(board.rows, board.cols, mines)


def _view(text: str, board: Board) -> str:
    return "\n".join(_rows(text, board, "view", _VIEW_CHARS))


# ---------------------------------------------------------------------- recording


def spot_of(board: Board, x: int, y: int) -> Spot:
    """What a recorded position is over, as the window saw it: a cell, the face, or
    elsewhere (positions are 1x pixels from the board's corner)."""
    layout = Layout(board.rows, board.cols)
    bx, by = layout.board_origin
    return layout.spot(bx + x, by + y)


def position_of(layout: Layout, layout_x: int, layout_y: int) -> tuple[int, int]:
    """A window position at 1x as a recorded position: from the board's corner, cell
    (0, 0)'s, wherever a scrolled view puts it."""
    bx, by = layout.board_origin
    return (layout_x - bx + layout.left * TILE, layout_y - by + layout.top * TILE)


@dataclass(slots=True)
class _Raw:
    wall: float
    game: int | None  # game time after the event; None before the first reveal
    kind: Kind
    button: int
    x: int
    y: int
    move: Move | None


KEY_BUTTONS = {Action.REVEAL: 1, Action.MARK: 3, Action.CHORD: 2}
"""The button whose click makes the same move as a key: a keyboard move is recorded as
that click on the cell's centre, so every replay plays back through the input machine."""


@dataclass
class Recorder:
    """A tap on a table (game.session.table): it hears every game's pointer events
    and moves, from the mouse and the keyboard alike, and keeps the current game's.

    A new game starts a new recording; a game resumed from a save is not recorded
    (its first moves are not known). Events after the game ends are left out. Pure:
    the times come with the events.
    """

    session: PlaySession | None = None
    active: bool = False
    raw: list[_Raw] = field(default_factory=list)
    _mirror: InputMachine = field(default_factory=InputMachine)

    def __call__(self, event: TableEvent) -> None:
        """Hear one event of the table."""
        if isinstance(event, GameStarted):
            session = event.session
            self.session = session
            self.active = (
                event.tag.source is not Source.RESUMED
                and not session.log
                and session.status is Status.READY
            )
            self.raw = []
            self._mirror = InputMachine()
        elif isinstance(event, PointerSeen) and event.session is self.session:
            self._observe(
                event.wall_ms,
                Kind(event.kind),
                event.button,
                event.position,
                event.held_before,
                event.move,
            )
        elif (
            isinstance(event, MoveApplied)
            and event.via is Via.KEYBOARD
            and event.session is self.session
        ):
            move = event.move
            button = KEY_BUTTONS[move.action]
            centre = (move.col * TILE + TILE // 2, move.row * TILE + TILE // 2)
            held = frozenset(self._mirror.held)
            self._observe(event.wall_ms, Kind.DOWN, button, centre, held, None, after=True)
            self._observe(event.wall_ms, Kind.UP, button, centre, frozenset(), move)

    def _observe(
        self,
        wall_ms: float,
        kind: Kind,
        button: int,
        position: tuple[int, int],
        held_before: frozenset[int],
        move: Move | None,
        *,
        after: bool = False,
    ) -> None:
        """One mouse event for the current session at ``wall_ms`` (``after``: the move
        it leads to was already played). ``held_before``, the buttons the window's
        input machine held before it, tells a cancel the window did on its own (a
        dialog, the menu, a pause) so that it is recorded too."""
        session = self.session
        if session is None or not self.active:
            return
        if move is None and not after and session.status.is_over and self.raw:
            return  # after the end: not part of the game
        if kind in (Kind.UP, Kind.DOWN) and button not in _BUTTON_NAMES:
            return
        if len(self.raw) >= MAX_EVENTS - 2:
            self.active = False  # far too long to keep: the game is not recorded
            return
        game_ms = None if session.stopwatch.phase is Phase.IDLE else int(session.elapsed_ms)
        if set(held_before) != set(self._mirror.held):
            self._add(_Raw(wall_ms, game_ms, Kind.CANCEL, 0, 0, 0, None), session.board)
        if kind is Kind.CANCEL:
            position = (0, 0)
        if kind in (Kind.MOVE, Kind.CANCEL):
            button = 0
        if kind is Kind.MOVE and self.raw:
            last = self.raw[-1]
            if last.kind is not Kind.CANCEL and (last.x, last.y) == position:
                return  # the same 1x pixel: nothing to see
        self._add(_Raw(wall_ms, game_ms, kind, button, *position, move), session.board)

    def _add(self, raw: _Raw, board: Board) -> None:
        self.raw.append(raw)
        _feed(self._mirror, board, raw.kind, raw.button, raw.x, raw.y)

    def replay(self, *, player: str = "", date: str = "", daily: str = "") -> Replay | None:
        """The recording of the current session as a Replay (None if not recorded)."""
        session = self.session
        if session is None or not self.active or not self.raw:
            return None
        origin = self.raw[-1].wall
        for raw in self.raw:
            if raw.game is not None:
                origin = raw.wall - raw.game
                break
        events = []
        last = -MAX_MS
        for raw in self.raw:
            ms = raw.game if raw.game is not None else min(0, int(raw.wall - origin))
            ms = max(last, min(MAX_MS, max(-MAX_MS, ms)))
            last = ms
            events.append(Event(ms, raw.kind, raw.button, _clip(raw.x), _clip(raw.y), raw.move))
        return replay_of(session, events, player=player, date=date, daily=daily)


def _clip(value: int) -> int:
    return max(-MAX_CELLS * TILE, min(MAX_CELLS * TILE, value))


def replay_of(
    session: PlaySession,
    events: Sequence[Event],
    *,
    player: str = "",
    date: str = "",
    daily: str = "",
) -> Replay:
    """The replay of a session from its events."""
    game = session.game
    summary = session.summary()
    status = summary.status if summary.status.is_over else Status.PLAYING
    return Replay(
        board=session.board,
        rules=session.rules,
        seed=game.seed,
        minefield=game.minefield,
        result=status,
        ms=summary.ms,
        bbbv=summary.bbbv,
        bbbv_solved=summary.bbbv_solved,
        clicks=summary.clicks,
        view=game.view(),
        events=tuple(events),
        player=" ".join(player.split())[:MAX_NAME],
        date=date,
        daily=daily,
    )


def _feed(machine: InputMachine, board: Board, kind: Kind, button: int, x: int, y: int) -> object:
    """Give an input machine one recorded event; its action, if any."""
    if kind is Kind.CANCEL:
        machine.cancel()
        return None
    spot = spot_of(board, x, y)
    if kind is Kind.MOVE:
        machine.move(spot)
        return None
    if kind is Kind.DOWN:
        machine.press(button, spot)
        return None
    return machine.release(button, spot)


def feed(machine: InputMachine, board: Board, event: Event) -> Move | None:
    """Give an input machine one event of a replay; the move it makes, if any."""
    action = _feed(machine, board, event.kind, event.button, event.x, event.y)
    return action if isinstance(action, Move) else None


# ---------------------------------------------------------------------- verifying


@dataclass(frozen=True)
class Verdict:
    """What playing a replay's moves again gave."""

    summary: Summary
    view: str
    problems: tuple[str, ...]
    """Each way the replay did not reproduce its record (empty: it did)."""

    @property
    def ok(self) -> bool:
        """The replay reproduces its recorded result, time, view and counts."""
        return not self.problems


def game_of(replay: Replay) -> Game:
    """A new game on the replay's board, ready for its first move."""
    rules = replay.rules
    if replay.minefield is not None:
        return Game.from_minefield(
            replay.minefield,
            marks=rules.question_marks,
            left_click_chords=rules.left_click_chords,
        )
    return deal(replay.board, rules, replay.seed)


class ReplayClock:
    """The time a replayed session reads: set by whoever plays the replay."""

    def __init__(self, ms: float = 0.0) -> None:
        self.ms = ms

    def __call__(self) -> float:
        return self.ms


def verify(replay: Replay) -> Verdict:
    """Play the replay's moves through a PlaySession at their times, and its input
    events through the window's input machine; compare with the record."""
    problems: list[str] = []
    clock = ReplayClock()
    session = PlaySession(game_of(replay), clock)
    machine = InputMachine()
    board = replay.board
    for event in replay.events:
        clock.ms = event.ms
        made = feed(machine, board, event)
        if made != event.move:
            problems.append(f"the input at {event.ms} ms does not make the move recorded")
            break
        if event.move is None:
            continue
        if session.status.is_over:
            problems.append(f"a move at {event.ms} ms comes after the end of the game")
            break
        session.act(event.move)
    clock.ms = replay.events[-1].ms if replay.events else 0
    summary = session.summary()
    game = session.game
    got = summary.status if summary.status.is_over else Status.PLAYING
    if got is not replay.result:
        problems.append(
            f"the game ends {RESULT_WORDS[got]}, recorded {RESULT_WORDS[replay.result]}"
        )
    if summary.status.is_over and summary.ms != replay.ms:
        problems.append(f"the time is {summary.ms} ms, recorded {replay.ms} ms")
    if replay.seed is not None and replay.minefield is not None and not _seed_deals(replay):
        problems.append("the seed does not deal the recorded layout")
    checks: list[tuple[str, object, object]] = [
        ("view", game.view(), replay.view),
        ("3BV", summary.bbbv, replay.bbbv),
        ("3BV solved", summary.bbbv_solved, replay.bbbv_solved),
        ("clicks", summary.clicks, replay.clicks),
    ]
    problems += [
        f"the {what} differs from the record" for what, got_, want in checks if got_ != want
    ]
    return Verdict(summary, game.view(), tuple(problems))


def _seed_deals(replay: Replay) -> bool:
    """The replay's seed, size, rules and first reveal deal its layout."""
    first = next((move for _, move in replay.moves if move.action is Action.REVEAL), None)
    if first is None or replay.seed is None:
        return True
    game = deal(replay.board, replay.rules, replay.seed)
    game.reveal(first.row, first.col)
    return game.minefield == replay.minefield


def describe(summary: Summary) -> str:
    """One line: result, time, 3BV, 3BV/s, clicks."""
    result = result_word(summary.status)
    bbbv = "-" if summary.bbbv is None else str(summary.bbbv)
    if summary.status is not Status.WON and summary.bbbv is not None:
        bbbv = f"{summary.bbbv_solved}/{bbbv}"
    rate = summary.bbbv_per_second
    return (
        f"{result} in {seconds(summary.ms)}, 3BV {bbbv}, "
        f"3BV/s {'-' if rate is None else f'{rate:.2f}'}, clicks {summary.clicks.total}"
    )
