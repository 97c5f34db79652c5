"""Reading a replay file: any bytes in, a Replay or a ReplayError with a one-line
message out, in bounded time and memory."""

from __future__ import annotations

import functools
import os
import re
import stat
from pathlib import Path

from game.core.board import MAX_SEED
from game.core.delta import Cell
from game.core.errors import GameError
from game.core.minefield import Minefield
from game.core.moves import Action, Move
from game.identity import country_problem, identifier_problem
from game.language import DIGITS_ONLY, N_, AsWritten, Words, other_digits
from game.replay.format import (
    BUTTONS,
    DAY,
    IDENT,
    MAGIC,
    MAX_BOARD_LINE,
    MAX_BYTES,
    MAX_CELLS,
    MAX_EVENTS,
    MAX_HEADER_LINES,
    MAX_LINE,
    MAX_MS,
    MAX_NAME,
    VERSION,
    Event,
    EventKind,
    Replay,
    ReplayError,
)
from game.rules import Board, BoardChoiceError, FirstClick, GameRules, RuleMode, playable
from game.session.geometry import TILE
from game.session.play import Clicks
from game.words import RESULT_WORDS

_RESULTS = {word: status for status, word in RESULT_WORDS.items()}
_YES_NO = {"yes": True, "no": False}


TOO_LARGE = Words(N_("not a replay: larger than {n} kB"), n=MAX_BYTES // 1000)
"""A file too large to be a replay (refused before it is read, by its size)."""


def load(path: str | Path) -> Replay:
    """Read a replay file; raises ReplayError (never OSError) with one line."""
    try:
        # Only a regular file: a FIFO or a device would block or never end.
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ReplayError(Words(N_("not a file")))
        if info.st_size > MAX_BYTES:  # (refused by its size: not a byte read)
            raise ReplayError(TOO_LARGE)
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        said = N_("cannot be read: {why}")
        raise ReplayError(Words(said, why=error.strerror or error)) from None
    return parse(data)


def parse(data: bytes | str) -> Replay:
    """A Replay from a file's contents; raises ReplayError for anything wrong."""
    if len(data) > MAX_BYTES:
        raise ReplayError(TOO_LARGE)
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ReplayError(Words(N_("not a replay: the file is not UTF-8 text"))) from None
    else:
        text = data
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        return _Reader(text).read()
    except ReplayError:
        raise
    except (GameError, BoardChoiceError, ValueError, KeyError, IndexError) as error:
        # A last net: every check above should have caught it with its own words.
        raise ReplayError(
            Words(N_("the replay does not add up ({why})"), why=_one_line(error))
        ) from None


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())[:200]


# The header's patterns, compiled by re at their first use (its cache), not at import:
# a replay is read long after the first input. Those matched on every line are
# compiled once, at their first use, and kept (_int, _position, _control).
_NAT = r"[0-9]{1,12}"
_BOARD = r"([0-9]{1,4})x([0-9]{1,4}):([0-9]{1,7})"  # (custom() bounds them)
_DATE = DAY + r"([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?)?"
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
_OPTIONAL = (
    "seed",
    "layout",
    "player",
    "identifier",
    "country",
    "date",
    "daily",
    "tournament",
    "start",
    "mode",
)
_KEYS = frozenset((*_REQUIRED, *_OPTIONAL))
_VIEW_CHARS = frozenset(".12345678#F?*!X")


@functools.cache
def _int() -> re.Pattern[str]:
    """An event's time: a whole number of ms."""
    return re.compile(r"-?[0-9]{1,12}")


@functools.cache
def _position() -> re.Pattern[str]:
    """A position: a number of cells like 3.25."""
    return re.compile(r"-?[0-9]{1,4}(\.[0-9]{1,6})?")


@functools.cache
def _control() -> re.Pattern[str]:
    """A control character (none is in a line of a replay)."""
    return re.compile("[\x00-\x1f\x7f]")


class _Reader:
    def __init__(self, text: str) -> None:
        if text.count("\n") > MAX_EVENTS + MAX_HEADER_LINES + 2:
            raise ReplayError(Words(N_("not a replay: more than {n} events"), n=MAX_EVENTS))
        self.lines = text.split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        if len(self.lines) > MAX_EVENTS + MAX_HEADER_LINES + 2:
            raise ReplayError(Words(N_("not a replay: more than {n} events"), n=MAX_EVENTS))
        self.at = 0

    def fail(self, message: object) -> ReplayError:
        return ReplayError(Words(N_("line {at}: {why}"), at=self.at, why=message))

    def read(self) -> Replay:
        if not self.lines:
            raise ReplayError(Words(N_("not a replay: the file is empty")))
        first = self.lines[0].rstrip("\r")
        magic, _, version = first.partition(" ")
        if magic != MAGIC:
            raise ReplayError(
                Words(
                    N_("not a replay: the first line is not '{first}'"), first=f"{MAGIC} {VERSION}"
                )
            )
        if not re.fullmatch(_NAT, version):
            raise ReplayError(Words(N_("not a replay: the first line has no format version")))
        if int(version) != VERSION:
            raise ReplayError(
                Words(
                    N_("replay format version {got}; this game reads version {version}"),
                    got=int(version),
                    version=VERSION,
                )
            )
        header = self.header()
        return self.body(header)

    # ------------------------------------------------------------------ header

    def header(self) -> dict[str, str]:
        values: dict[str, str] = {}
        self.at = 1
        while True:
            if self.at >= len(self.lines):
                raise ReplayError(Words(N_("the replay is cut short: no events")))
            line = self.line()
            if line == "":
                break
            if len(values) >= MAX_HEADER_LINES:
                raise self.fail(Words(N_("too many header lines")))
            key, sep, value = line.partition(": ")
            if not sep:
                raise self.fail(
                    Words(N_("a header line is 'key: value'; got {got}"), got=_show(line))
                )
            if key not in _KEYS and not key.startswith("x-"):
                raise self.fail(Words(N_("unknown header key {key}"), key=_show(key)))
            if key in values:
                raise self.fail(Words(N_("header key {key} given twice"), key=repr(key)))
            values[key] = value
        for key in _REQUIRED:
            if key not in values:
                raise ReplayError(Words(N_("the replay's header has no {key}"), key=repr(key)))
        return values

    def line(self) -> str:
        line = self.lines[self.at]
        self.at += 1
        board_line = line.startswith(("layout:", "view:"))
        limit = MAX_BOARD_LINE if board_line else MAX_LINE
        if len(line) > limit:
            raise self.fail(Words(N_("longer than {n} characters"), n=limit))
        line = line.removesuffix("\r")
        if _control().search(line):
            raise self.fail(Words(N_("control characters in the line")))
        return line

    def body(self, head: dict[str, str]) -> Replay:
        board = _board(head["board"])
        first_click = _first_click(head["first-click"])
        rules = GameRules.of_mode(
            _mode(head, first_click),
            _flag(head, "question-marks"),
            _flag(head, "left-click-chords"),
        )
        seed = None
        if "seed" in head:
            seed = _number(head, "seed", 0, MAX_SEED, digits=19)
        minefield = _layout(head["layout"], board) if "layout" in head else None
        result = _RESULTS.get(head["result"])
        if result is None:
            raise ReplayError(
                Words(N_("result is won, lost or unfinished; got {got}"), got=_show(head["result"]))
            )
        if result.is_over and minefield is None:
            raise ReplayError(Words(N_("a finished game's replay needs its layout")))
        ms = _number(head, "time-ms", 0, MAX_MS)
        cells = board.rows * board.cols
        bbbv = None if head["3bv"] == "-" else _number(head, "3bv", 1, cells)
        solved = _number(head, "3bv-solved", 0, cells)
        if (bbbv is None) != (minefield is None):
            raise ReplayError(Words(N_("3bv is given exactly when the layout is")))
        if bbbv is not None and solved > bbbv:
            raise ReplayError(Words(N_("3bv-solved is more than the 3bv")))
        clicks = Clicks(
            *(
                _number(head, f"{kind}-clicks", 0, MAX_EVENTS)
                for kind in ("left", "right", "chord", "effective")
            )
        )
        if clicks.effective > clicks.total:
            raise ReplayError(Words(N_("more effective clicks than clicks")))
        view = _view(head["view"], board)
        player = head.get("player", "")
        if len(player) > MAX_NAME:
            raise ReplayError(
                Words(N_("the player's name is longer than {n} characters"), n=MAX_NAME)
            )
        identifier, country = head.get("identifier", ""), head.get("country", "")
        problem = identifier_problem(identifier) or country_problem(country)
        if problem is not None:
            raise ReplayError(problem)
        date = head.get("date", "")
        if date and not re.fullmatch(_DATE, date):
            raise ReplayError(Words(N_("date is YYYY-MM-DDTHH:MM:SS; got {got}"), got=_show(date)))
        daily = head.get("daily", "")
        if daily and not re.fullmatch(DAY, daily):
            raise ReplayError(Words(N_("daily is a date, YYYY-MM-DD; got {got}"), got=_show(daily)))
        tournament = head.get("tournament", "")
        if tournament and not re.fullmatch(IDENT, tournament):
            raise ReplayError(
                Words(
                    N_("tournament is 1 to 40 small letters, digits and dashes; got {got}"),
                    got=_show(tournament),
                )
            )
        start = _start(head, board) if "start" in head else None
        count = _number(head, "events", 0, MAX_EVENTS)
        events = self.events(board, count)
        moves = [event.move for event in events if event.move is not None]
        made = {action: sum(1 for move in moves if move.action is action) for action in Action}
        if (made[Action.REVEAL], made[Action.MARK], made[Action.CHORD]) != (
            clicks.left,
            clicks.right,
            clicks.chord,
        ):
            raise ReplayError(Words(N_("the click counts do not match the moves")))
        if result.is_over and not moves:
            raise ReplayError(Words(N_("a finished game's replay has no moves")))
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
            identifier=identifier,
            country=country,
            date=date,
            daily=daily,
            tournament=tournament,
            start=start,
        )

    # ------------------------------------------------------------------ events

    def events(self, board: Board, count: int) -> list[Event]:
        events: list[Event] = []
        last = -MAX_MS
        while True:
            if self.at >= len(self.lines):
                raise ReplayError(
                    Words(N_("the replay is cut short after {n} events"), n=len(events))
                )
            line = self.line()
            if line == "end":
                break
            if len(events) >= count:
                raise self.fail(Words(N_("more events than the {n} the header says"), n=count))
            event = self.event(line, board)
            if event.ms < last:
                raise self.fail(Words(N_("an event earlier than the one before it")))
            last = event.ms
            events.append(event)
        if len(events) != count:
            raise ReplayError(
                Words(
                    N_("the header says {n} events; the replay has {got}"), n=count, got=len(events)
                )
            )
        if self.at != len(self.lines):
            raise self.fail(Words(N_("lines after 'end'")))
        return events

    def event(self, line: str, board: Board) -> Event:
        words = line.split(" ")
        if len(words) < 2 or not _int().fullmatch(words[0]):
            raise self.fail(
                Words(N_("an event starts with its time in ms; got {got}"), got=_show(line))
            )
        ms = int(words[0])
        if not -MAX_MS <= ms <= MAX_MS:
            raise self.fail(Words(N_("time {ms} ms is out of range"), ms=ms))
        try:
            kind = EventKind(words[1])
        except ValueError:
            raise self.fail(Words(N_("unknown event {got}"), got=_show(words[1]))) from None
        if kind is EventKind.CANCEL:
            if len(words) != 2:
                raise self.fail(Words(N_("'cancel' takes nothing more")))
            return Event(ms, kind)
        if kind is EventKind.MOVE:
            if len(words) != 4:
                raise self.fail(Words(N_("'move' takes x and y")))
            return Event(ms, kind, 0, self.pos(words[2]), self.pos(words[3]))
        if len(words) not in (5, 9):
            raise self.fail(
                Words(
                    N_("'{kind}' takes a button, x and y (and '= move' on 'up')"), kind=kind.value
                )
            )
        button = BUTTONS.get(words[2])
        if button is None:
            raise self.fail(
                Words(N_("the button is left, middle or right; got {got}"), got=_show(words[2]))
            )
        x, y = self.pos(words[3]), self.pos(words[4])
        move = None
        if len(words) == 9:
            if kind is not EventKind.UP or words[5] != "=":
                raise self.fail(Words(N_("only 'up' events make moves, written '= r ROW COL'")))
            move = self.move(" ".join(words[6:]), board)
        return Event(ms, kind, button, x, y, move)

    def pos(self, word: str) -> int:
        if not _position().fullmatch(word):
            raise self.fail(
                Words(N_("a position is a number of cells like 3.25; got {got}"), got=_show(word))
            )
        whole, _, fraction = word.partition(".")
        negative = whole.startswith("-")
        scale: int = 10 ** len(fraction)
        # Exact: sixteenths = floor(value * 16), in whole numbers.
        tenths = (abs(int(whole)) * scale + (int(fraction) if fraction else 0)) * TILE
        value = -((tenths + scale - 1) // scale) if negative else tenths // scale
        if abs(value) > MAX_CELLS * TILE:
            raise self.fail(Words(N_("position {got} is too far from the board"), got=word))
        return value

    def move(self, text: str, board: Board) -> Move:
        try:
            move = Move.from_text(text)
        except GameError as error:
            raise self.fail(_one_line(error)) from None
        if not (0 <= move.row < board.rows and 0 <= move.col < board.cols):
            raise self.fail(Words(N_("the move {move} is off the board"), move=move))
        return move


def _show(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


def _number(head: dict[str, str], key: str, low: int, high: int, digits: int = 12) -> int:
    text = head[key]
    if other_digits(text):
        raise ReplayError(AsWritten(N_("{key}: {why}"), key=key, why=Words(DIGITS_ONLY)))
    if not (text.isascii() and text.isdigit() and len(text) <= digits):
        raise ReplayError(
            AsWritten(N_("{key} is a whole number; got {got}"), key=key, got=_show(text))
        )
    value = int(text)
    if not low <= value <= high:
        raise ReplayError(
            AsWritten(
                N_("{key} is {low} to {high}; got {got}"), key=key, low=low, high=high, got=value
            )
        )
    return value


def _start(head: dict[str, str], board: Board) -> Cell:
    """The start line: a cell of the board, 'ROW COL' counted from 0."""
    parts = head["start"].split(" ")
    if len(parts) != 2:
        raise ReplayError(Words(N_("start is 'ROW COL'; got {got}"), got=_show(head["start"])))
    row = _number({"start row": parts[0]}, "start row", 0, board.rows - 1)
    col = _number({"start column": parts[1]}, "start column", 0, board.cols - 1)
    return (row, col)


def _flag(head: dict[str, str], key: str) -> bool:
    value = _YES_NO.get(head[key])
    if value is None:
        raise ReplayError(
            AsWritten(N_("{key} is yes or no; got {got}"), key=key, got=_show(head[key]))
        )
    return value


def _first_click(text: str) -> FirstClick:
    try:
        return FirstClick(text)
    except ValueError:
        names = " or ".join(rule.value for rule in FirstClick)
        raise ReplayError(
            Words(N_("first-click is {names}; got {got}"), names=names, got=_show(text))
        ) from None


def _mode(head: dict[str, str], first_click: FirstClick) -> RuleMode:
    """The replay's rule mode: its mode line (a file before the rule modes has none:
    the mode of its first-click rule), which must lay mines as its first-click does."""
    if "mode" not in head:
        return RuleMode.of(first_click)
    try:
        mode = RuleMode(head["mode"])
    except ValueError:
        names = ", ".join(mode.value for mode in RuleMode)
        raise ReplayError(
            Words(N_("mode is one of {names}; got {got}"), names=names, got=_show(head["mode"]))
        ) from None
    if mode.first_click is not first_click:
        raise ReplayError(
            Words(
                N_(
                    "mode {mode} lays its mines first-click {rule}; "
                    "the replay's first-click is {got}"
                ),
                mode=mode.value,
                rule=mode.first_click.value,
                got=first_click.value,
            )
        )
    return mode


def _board(text: str) -> Board:
    match = re.fullmatch(_BOARD, text)
    if not match:
        raise ReplayError(Words(N_("board is ROWSxCOLS:MINES; got {got}"), got=_show(text)))
    try:
        return playable(*(int(group) for group in match.groups()))
    except BoardChoiceError as error:
        raise ReplayError(Words(N_("board: {why}"), why=error)) from None


_ROWS_OF = {
    "layout": N_("the layout is not {rows} rows of {cols} cells"),
    "view": N_("the view is not {rows} rows of {cols} cells"),
}
_UNKNOWN_CELLS = {
    "layout": N_("the layout has cells of an unknown kind"),
    "view": N_("the view has cells of an unknown kind"),
}
"""The words of a layout's and a view's faults (the header key names each)."""


def _rows(text: str, board: Board, what: str, chars: frozenset[str]) -> list[str]:
    rows = text.split("/")
    if len(rows) != board.rows or any(len(row) != board.cols for row in rows):
        raise ReplayError(Words(_ROWS_OF[what], rows=board.rows, cols=board.cols))
    if not set(text) - {"/"} <= chars:
        raise ReplayError(Words(_UNKNOWN_CELLS[what]))
    return rows


def _layout(text: str, board: Board) -> Minefield:
    rows = _rows(text, board, "layout", frozenset("*."))
    mines = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"]
    if len(mines) != board.mines:
        raise ReplayError(
            Words(
                N_("the layout has {n} mines; the board says {mines}"),
                n=len(mines),
                mines=board.mines,
            )
        )
    return Minefield(board.rows, board.cols, mines)


def _view(text: str, board: Board) -> str:
    return "\n".join(_rows(text, board, "view", _VIEW_CHARS))
