"""RAWVF: Minesweeper RAW Video Format, the text form the community's converters
write (github.com/thefinerminer/minesweeper-rawvf; FreeSweeper writes it too).

    Key: value lines: RawVF_Version, Program, Version, Player, Timestamp, Level,
      Width, Height, Mines, Marks, SquareSize (16 if not given), Mode, Time, ...
    Board: then a line a row: "*" a mine, anything else none
    Events: (the word may be left out) then a line an event:
      TIME KIND [COLUMN ROW] (X Y)
    TIME in seconds (2 or 3 decimals; negative before the game's first click, as
    Minesweeper X's files have it: the format's own parser_raw.c reads a "-" time);
    KIND lc, lr, rc, rr, mc, mr or mv (a mouse
    event, X and Y pixels from the board's corner; sc, a left press with Shift, is a
    chord that the next lr releases, as the format's parser_raw.c reads it: taken as
    a middle press and release; mt, Minesweeper X's question marks switched on or
    off, is read past, as the counting has none); the converters' board words
    (start, number0-8, flag, blast, ...) are read past.

Refused, in one line each: an empty file, a board that does not match its size or
mines, a level that is not one game (marathon), an unknown event, times that go
backwards, and a game that never starts (no button released). Bounded: the file is
read a line at a time, with MAX_EVENTS events at most.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from game.language import N_, Words
from game.replay.video import (
    BOARD_PIXELS,
    EMPTY,
    MAX_EVENTS,
    MINES_HELD,
    MORE_EVENTS,
    Facts,
    Mouse,
    MouseEvent,
    Video,
    VideoError,
    text_of,
)

MOUSE = {
    "lc": Mouse.LEFT_DOWN,
    "lr": Mouse.LEFT_UP,
    "rc": Mouse.RIGHT_DOWN,
    "rr": Mouse.RIGHT_UP,
    "mc": Mouse.MIDDLE_DOWN,
    "mr": Mouse.MIDDLE_UP,
    "mv": Mouse.MOVE,
}
RELEASES = (Mouse.LEFT_UP, Mouse.RIGHT_UP, Mouse.MIDDLE_UP)
MAX_SIDE = 1000
MAX_LINE = 4096
_EVENT = (
    r"^(-?[0-9]{1,7}(?:\.[0-9]{1,4})?)\s+([A-Za-z][A-Za-z0-9]*)\b(?:[^(]*)"
    r"(?:\((-?[0-9]{1,6})\s+(-?[0-9]{1,6})\))?"
)
"""An event line (a pattern for re: compiled at its first use, not at import)."""
_KEY = r"^([A-Za-z_][A-Za-z0-9_ ]{0,40}):\s*(.*)$"
"""A header line (the same)."""


def read(data: bytes) -> Video:
    """A RAWVF file's bytes as a Video; VideoError (one line) for anything else."""
    if not data.strip():
        raise VideoError(Words(EMPTY))
    lines = iter(data.split(b"\n"))
    head: dict[str, str] = {}
    for raw in lines:
        line = _line(raw)
        if line.lower() == "board:":
            break
        match = re.match(_KEY, line)
        if match:
            head[match.group(1).strip().lower()] = match.group(2).strip()
    else:
        raise VideoError(Words(N_("the file has no board (no 'Board:' line)")))
    if head.get("level", "").lower() == "marathon":
        raise VideoError(Words(N_("Level: marathon is a run of games, not one game")))
    cols, rows = _number(head, "width"), _number(head, "height")
    mines, size = _number(head, "mines"), _number(head, "squaresize", 16)
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE and 1 <= size <= 255):
        raise VideoError(Words(BOARD_PIXELS, rows=rows, cols=cols, size=size))
    placed: set[tuple[int, int]] = set()
    for row in range(rows):
        line = _line(next(lines, b""))
        if len(line) != cols:
            raise VideoError(
                Words(
                    N_("board row {row} has {cells} cells, not {cols}"),
                    row=row + 1,
                    cells=len(line),
                    cols=cols,
                )
            )
        placed.update((row, col) for col, ch in enumerate(line) if ch == "*")
    if len(placed) != mines:
        raise VideoError(Words(MINES_HELD, placed=len(placed), mines=mines))
    events = _events(lines, rows * size, cols * size)
    time_text = head.get("time", "")
    facts = Facts(
        player=head.get("player", ""),
        date=head.get("timestamp", ""),
        program=" ".join(part for part in (head.get("program"), head.get("version")) if part),
        level=head.get("level", "").lower(),
        time_ms=round(float(time_text) * 1000) if _is_number(time_text) else None,
        bbbv=int(head["bbbv"]) if _digits(head.get("bbbv", "")) else None,
        question_marks={"on": True, "off": False}.get(head.get("marks", "").lower()),
        extra=tuple((key, value) for key, value in head.items() if key in ("mode", "skin")),
    )
    return Video("rawvf", rows, cols, frozenset(placed), events, size, facts)


def _line(raw: bytes) -> str:
    if len(raw) > MAX_LINE:
        raise VideoError(Words(N_("a line longer than {n} characters"), n=MAX_LINE))
    return text_of(raw, utf8=True) if _utf8(raw) else text_of(raw)


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _is_number(text: str) -> bool:
    return bool(re.fullmatch(r"[0-9]{1,7}(\.[0-9]{1,4})?", text))


def _digits(text: str) -> bool:
    """Only ASCII digits (str.isdigit also takes '²' and other digits int() refuses)."""
    return text.isascii() and text.isdigit()


def _number(head: dict[str, str], key: str, default: int | None = None) -> int:
    text = head.get(key)
    if text is None:
        if default is None:
            raise VideoError(Words(N_("the header has no {key}"), key=key.capitalize()))
        return default
    if not _digits(text) or len(text) > 7:
        raise VideoError(
            Words(
                N_("{key} is a whole number; got {got}"), key=key.capitalize(), got=repr(text[:20])
            )
        )
    return int(text)


def _events(lines: Iterator[bytes], height: int, width: int) -> tuple[MouseEvent, ...]:
    events: list[MouseEvent] = []
    last: int | None = None
    shifted = False
    event = re.compile(_EVENT).match  # (re's own cache: compiled once)
    for raw in lines:
        line = _line(raw)
        if not line or line.lower() == "events:":
            continue
        match = event(line)
        if match is None and line[0].isalpha():
            continue  # a converter's note of what the board did, with no time
        if match is None:
            raise VideoError(
                Words(N_("an event line that is not 'TIME EVENT ...': {got}"), got=repr(line[:40]))
            )
        ms = round(float(match.group(1)) * 1000)
        word = match.group(2).lower()
        kind = MOUSE.get(word)
        if word == "mt":  # Minesweeper X: the question marks switched on or off (flop-player)
            continue  # the community's counting has no question marks (docs/REPLAY.md)
        if word == "sc":  # a left press with Shift: a chord, released by the left button
            kind, shifted = Mouse.MIDDLE_DOWN, True
        elif kind is Mouse.LEFT_UP and shifted:
            kind, shifted = Mouse.MIDDLE_UP, False
        if kind is None:
            if len(word) <= 2:
                raise VideoError(Words(N_("unknown event {got}"), got=repr(word)))
            continue  # a converter's word for what the board did
        if last is not None and ms < last:
            raise VideoError(
                Words(N_("event times go backwards (at {seconds} s)"), seconds=f"{ms / 1000:.3f}")
            )
        last = ms
        if match.group(3) is None:
            raise VideoError(
                Words(N_("a mouse event without its position: {got}"), got=repr(line[:40]))
            )
        x, y = int(match.group(3)), int(match.group(4))
        if not (0 <= x < width and 0 <= y < height):
            x, y = width, height
        if len(events) >= MAX_EVENTS:
            raise VideoError(Words(MORE_EVENTS, n=MAX_EVENTS))
        events.append(MouseEvent(ms, kind, x, y))
    if not any(event.kind in RELEASES for event in events):
        raise VideoError(Words(N_("the game never starts: no button is released")))
    return tuple(events)
