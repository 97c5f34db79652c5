"""A room's messages, as values, and their strict reading: every field checked for its
type and range, anything else (an unknown kind, a field missing, too long, of the wrong
type) is no message. docs/RACE.md describes them for another program.

Each message names its sender (a random identifier a connection's life long) and
carries a sequence number, counted up by the sender from 1; a receiver believes a
sender's message only if its number is above every number it believed from that sender
(``Peers.believe``): an old, doubled or out-of-order message is dropped. The last will
("bye", which the broker sends for a sender it lost) is counted apart, since the broker
holds it from the connection's start (game.net.client)."""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.net.room import VERSION

MAX_NAME = 32
MAX_REPLAY = 400 * 1024
MAX_BOARD_CODE = 64
MAX_SENDER_PEERS = 16
"""The senders a room keeps numbers for (a race has two; more are ignored)."""
MAX_MS = 10**9
MAX_COUNT = 10**7
SENDER = "[0-9a-f]{16}"
STATES = ("playing", "won", "lost")
ROLES = ("host", "guest")
BEST_OF = (1, 3, 5)
MAX_COUNTDOWN = 10_000
MAX_RUNS = 2048
"""A progress's map: at most this many runs (an Expert board has at most 480)."""
MAX_MAP_CELLS = 1_000_000
"""A progress's map covers at most this many cells (the largest board's)."""


Spans = tuple[tuple[int, int], ...]
"""Opened cells: (first cell, how many) in row order (cell = row * columns + column),
none overlapping the next; a receiver believes them only if the last ends within
the board (``covered``)."""


def runs_of(spans: Spans) -> list[int]:
    """Spans as the wire's run lengths: unopened, opened, unopened, ... cells."""
    runs, at = [], 0
    for first, count in spans:
        runs += [first - at, count]
        at = first + count
    return runs


def spans_of(runs: object) -> Spans:
    """The wire's run lengths as spans (ValueError: not a list of at most MAX_RUNS
    whole numbers, or covering more than MAX_MAP_CELLS cells). A trailing unopened
    run (the cells after the last opened one) may be left out."""
    if type(runs) is not list or len(runs) > MAX_RUNS:
        raise ValueError
    spans, at = [], 0
    for i, run in enumerate(runs):
        at += _count(run, 0, MAX_MAP_CELLS)
        if at > MAX_MAP_CELLS:
            raise ValueError
        if i % 2 and run:
            spans.append((at - run, run))
    return tuple(spans)


def covered(spans: Spans) -> int:
    """The cells the spans reach to (the end of the last opened span)."""
    return spans[-1][0] + spans[-1][1] if spans else 0


@dataclass(frozen=True)
class Message:
    """What every message has: its sender and its number."""

    sender: str
    seq: int
    kind: ClassVar[str] = ""

    def fields(self) -> dict[str, Any]:
        """The message's own fields (beside v, t, from, seq)."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        """The message as the JSON object sealed."""
        return {"v": VERSION, "t": self.kind, "from": self.sender, "seq": self.seq, **self.fields()}


@dataclass(frozen=True)
class Hello(Message):
    """Who is in the room: a name, host or guest, ready or not; ``answer``: a reply to
    another's hello (one that is not asks the others to say theirs)."""

    name: str = ""
    role: str = "guest"
    ready: bool = False
    answer: bool = False
    partner: str = ""
    """The host's: the sender it races (``with`` on the wire; "": none yet), so that a
    third who joins knows the room is full."""
    kind: ClassVar[str] = "hello"

    def fields(self) -> dict[str, Any]:
        said = {"name": self.name, "role": self.role, "ready": self.ready, "answer": self.answer}
        return said | {"with": self.partner} if self.partner else said


@dataclass(frozen=True)
class Setup(Message):
    """The host's choice: the board (a board code with its start cell) and the games."""

    board: str = ""
    best_of: int = 1
    map: bool = False
    """Each side's panel shows a map of the cells the other has opened."""
    kind: ClassVar[str] = "setup"

    def fields(self) -> dict[str, Any]:
        return {"board": self.board, "best_of": self.best_of, "map": self.map}


@dataclass(frozen=True)
class Start(Message):
    """The host starts game ``game`` (1, 2, ...) of the series on ``board`` after a
    countdown of ``countdown_ms`` from the message's arrival."""

    game: int = 1
    board: str = ""
    countdown_ms: int = 3000
    kind: ClassVar[str] = "start"

    def fields(self) -> dict[str, Any]:
        return {"game": self.game, "board": self.board, "countdown_ms": self.countdown_ms}


@dataclass(frozen=True)
class Progress(Message):
    """Where the sender's game stands: its time (its own clock), 3BV solved of the
    board's, clicks, and playing, won or lost; with the map (the host's setup chose
    it), the cells it has opened: ``opened``, as (first cell, cells) spans in row
    order, read from the wire's run lengths (``open``: unopened, opened, unopened,
    ... cells in row order) on the client's thread."""

    game: int = 1
    ms: int = 0
    solved: int = 0
    bbbv: int = 0
    clicks: int = 0
    state: str = "playing"
    opened: Spans | None = None
    kind: ClassVar[str] = "progress"

    def fields(self) -> dict[str, Any]:
        said = {
            "game": self.game,
            "ms": self.ms,
            "solved": self.solved,
            "bbbv": self.bbbv,
            "clicks": self.clicks,
            "state": self.state,
        }
        if self.opened is not None:
            said["open"] = runs_of(self.opened)
        return said


@dataclass(frozen=True)
class Finish(Message):
    """The sender's game ended: won or lost, its time, and its replay (our text format,
    docs/REPLAY.md) for the receiver to verify on the shared board."""

    game: int = 1
    state: str = "won"
    ms: int = 0
    replay: str = ""
    kind: ClassVar[str] = "finish"

    def fields(self) -> dict[str, Any]:
        return {"game": self.game, "state": self.state, "ms": self.ms, "replay": self.replay}


@dataclass(frozen=True)
class Got(Message):
    """The sender has the receiver's finish of game ``game`` (its sender stops saying
    it again)."""

    game: int = 1
    kind: ClassVar[str] = "got"

    def fields(self) -> dict[str, Any]:
        return {"game": self.game}


@dataclass(frozen=True)
class Bye(Message):
    """The sender left (said by it, or by the broker as its last will)."""

    kind: ClassVar[str] = "bye"


def _count(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError
    return value


def _text(value: object, most: int, least: int = 0) -> str:
    if not isinstance(value, str) or not least <= len(value) <= most:
        raise ValueError
    return value


def _name(value: object) -> str:
    name = _text(value, MAX_NAME, 1)
    if not name.isprintable() or name.strip() != name:
        raise ValueError
    return name


def _one_of(value: object, allowed: tuple[Any, ...]) -> Any:
    if type(value) not in (str, int) or value not in allowed:
        raise ValueError
    return value


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise ValueError
    return value


def _partner(value: object) -> str:
    if not isinstance(value, str) or (value and not re.fullmatch(SENDER, value)):
        raise ValueError
    return value


def _game(data: dict[str, Any]) -> int:
    return _count(data["game"], 1, 99)


_READERS: dict[str, Callable[[dict[str, Any]], Message]] = {
    "hello": lambda d: Hello(
        d["from"],
        d["seq"],
        _name(d["name"]),
        _one_of(d["role"], ROLES),
        _flag(d["ready"]),
        _flag(d["answer"]),
        _partner(d.get("with", "")),
    ),
    "setup": lambda d: Setup(
        d["from"],
        d["seq"],
        _text(d["board"], MAX_BOARD_CODE, 1),
        _one_of(d["best_of"], BEST_OF),
        _flag(d.get("map", False)),
    ),
    "start": lambda d: Start(
        d["from"],
        d["seq"],
        _game(d),
        _text(d["board"], MAX_BOARD_CODE, 1),
        _count(d["countdown_ms"], 0, MAX_COUNTDOWN),
    ),
    "progress": lambda d: Progress(
        d["from"],
        d["seq"],
        _game(d),
        _count(d["ms"], 0, MAX_MS),
        _count(d["solved"], 0, MAX_COUNT),
        _count(d["bbbv"], 0, MAX_COUNT),
        _count(d["clicks"], 0, MAX_COUNT),
        _one_of(d["state"], STATES),
        None if "open" not in d else spans_of(d["open"]),
    ),
    "finish": lambda d: Finish(
        d["from"],
        d["seq"],
        _game(d),
        _one_of(d["state"], STATES[1:]),
        _count(d["ms"], 0, MAX_MS),
        _text(d["replay"], MAX_REPLAY),
    ),
    "got": lambda d: Got(d["from"], d["seq"], _game(d)),
    "bye": lambda d: Bye(d["from"], d["seq"]),
}


def read(data: dict[str, Any]) -> Message | None:
    """The message a JSON object is, or None (a wrong version, kind, field or value)."""
    try:
        if data.get("v") != VERSION or type(data.get("t")) is not str:
            return None
        reader = _READERS.get(data["t"])
        if reader is None or not isinstance(data.get("from"), str):
            return None
        if not re.fullmatch(SENDER, data["from"]):
            return None
        _count(data.get("seq"), 0, 2**53)
        return reader(data)
    except (KeyError, ValueError, TypeError):
        return None


class Peers:
    """The numbers believed from each sender: what is old, doubled or out of order is
    not believed; the last will counts apart."""

    __slots__ = ("_byes", "_seen")

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}
        self._byes: dict[str, int] = {}

    def believe(self, message: Message) -> bool:
        """Whether the message is news: its number above the sender's last believed."""
        numbers = self._byes if isinstance(message, Bye) else self._seen
        last = numbers.get(message.sender)
        if last is None and len(numbers) >= MAX_SENDER_PEERS:
            return False
        if last is not None and message.seq <= last:
            return False
        numbers[message.sender] = message.seq
        return True


MAX_REPLAY_TEXT = 4 * 1024 * 1024
"""The longest replay text unpacked (a packed one is at most MAX_REPLAY)."""


def pack_replay(text: str) -> str:
    """A replay's text as a finish carries it: zlib-compressed, in base64."""
    return base64.b64encode(zlib.compress(text.encode(), 9)).decode("ascii")


def unpack_replay(packed: str) -> str | None:
    """A finish's replay text, or None: not base64, not zlib, not UTF-8, or longer
    unpacked than MAX_REPLAY_TEXT (read no further than that)."""
    try:
        data = base64.b64decode(packed.encode("ascii"), validate=True)
        inflater = zlib.decompressobj()
        text = inflater.decompress(data, MAX_REPLAY_TEXT)
        if inflater.unconsumed_tail or not inflater.eof:
            return None
        return text.decode()
    except (ValueError, zlib.error, UnicodeError):
        return None
