"""EVF: the replay files of Metasweeper (元扫雷), versions 0 to 4, as its standard
("evf format (evf标准).md" in github.com/eee555/ms-toollib) and the files lay them
out. Numbers are big-endian.

    version (1): 0 to 4
    summary (1): completed 0x80, official 0x40, fair 0x20, no flags 0x10, transcoded
      0x08 (4)
    settings (1, from 3): question marks off 0x80, cursor kept in 0x40, auto-replay 0x20
    rows (1), columns (1), mines (2), cell size in pixels (1), mode (2), 3BV (2)
    time in ms: 3 bytes (0 to 3), 4 bytes (4)
    4: country (2 letters), start and end stamps (8 each, microseconds since 1970)
    texts ended by a zero byte: the program; 4 and transcoded: the transcoder and the
      text's encoding; the player; the race; a uniqueness mark; 0 to 3: the start and
      end stamps, the country; 2 and 3: the device's id (4: a 2-byte length first)
    the mines: a bit a cell, row by row, the first cell the highest bit
    4: custom metrics: how many (2), each a name ended by a zero byte
    events, one type byte each:
      0 to 3: 1-12 a mouse event (move, left down, left up, right down, right up,
        middle down, middle up, pre-flag, both down, left, right, middle) with the time
        (3 bytes, ms) and x, y (2 each, pixels from the board's corner); 0 ends them
        (a 32-byte checksum follows), 255 ends them with no checksum
      4: the same mouse events with the time since the last event (1 byte, ms) and the
        x and y change (2 each, signed; -32768: off the board); 81 (replay), 82 (win),
        83 (fail) and 99 (error) the game's end (time); 100-108, 110, 111, 114-116,
        118, 120 and 121 a cell's look (time, x and y changes), 200/201 a metric
        (time, index, an 8-byte number or a text), 255 a pause (2 bytes: its length in
        ms); 0 ends them (a 2-byte checksum length and the checksum follow); every other
        code is reserved, and refused (a draft of the standard numbered the ends 92 to
        94, and no program wrote them; ms-toollib's own reader fails on 84 to 98)

Texts are UTF-8 (a transcoded file may name another encoding).
"""

from __future__ import annotations

import struct
from datetime import datetime, timezone

from game.language import N_, Words
from game.replay import video
from game.replay.formats import binary
from game.replay.formats.binary import Cursor
from game.replay.video import Facts, Mouse, MouseEvent, Video, VideoError, mouse_events, text_of

MOUSE = {**binary.MOUSE_CODES, 8: Mouse.PRE_FLAG, 9: Mouse.BOTH_DOWN}
TOGGLES = {
    10: (Mouse.LEFT_DOWN, Mouse.LEFT_UP),
    11: (Mouse.RIGHT_DOWN, Mouse.RIGHT_UP),
    12: (Mouse.MIDDLE_DOWN, Mouse.MIDDLE_UP),
}
"""A press or a release, whichever the button's state says (10 left, 11 right, 12 middle)."""
OFF = -32768
ENDS = frozenset((81, 82, 83, 99))
"""The game's end (replay, win, fail, error): the standard's termination events."""
LOOKS = frozenset((*range(100, 109), 110, 111, 114, 115, 116, 118, 120, 121))
"""A cell's look (its number, up, a flag, a crossed mine, the blast, a mine, pressed,
a question mark and pressed one): the standard's board events."""
RESERVED = N_("an EVF event code {code} (at byte {at}): the standard reserves it")
MAX_TEXT = 1024


def read(data: bytes) -> Video:
    """An EVF file's bytes as a Video; VideoError (one line) for anything else."""
    cur = Cursor(data, "EVF")
    version = cur.u8(N_("its version"))
    if version > 4:
        raise VideoError(
            Words(N_("EVF version {version}: this game reads versions 0 to 4"), version=version)
        )
    summary = cur.u8(N_("its summary"))
    settings = cur.u8(N_("its settings")) if version >= 3 else 0
    rows, cols = cur.u8(N_("the rows")), cur.u8(N_("the columns"))
    mines = cur.u16be(N_("the mine count"))
    size = cur.u8(N_("the cell size"))
    mode = cur.u16be(N_("the mode"))
    bbbv = cur.u16be(N_("the 3BV"))
    time_ms = cur.u32be(N_("the time")) if version >= 4 else _u24(cur, N_("the time"))
    if not rows or not cols or not size:
        raise VideoError(Words(video.BOARD_PIXELS, rows=rows, cols=cols, size=size))
    if mines > rows * cols:
        raise VideoError(Words(binary.DO_NOT_FIT, mines=mines, rows=rows, cols=cols))
    country = start = end = ""
    transcoder = ""
    if version >= 4:
        country = text_of(cur.take(2, N_("the country")))
        start = _when(_u64(cur, N_("the start stamp")))
        end = _when(_u64(cur, N_("the end stamp")))
    program = _text(cur, N_("the program"))
    if version >= 4 and summary & 0x08:
        transcoder = _text(cur, N_("the transcoder"))
        _text(cur, N_("the text's encoding"))
    player = _text(cur, N_("the player"))
    race = _text(cur, N_("the race"))
    identifier = _text(cur, N_("the uniqueness mark"))
    if version <= 3:
        start, end = _text(cur, N_("the start stamp")), _text(cur, N_("the end stamp"))
        start, end = (
            _when(int(text)) if text.isascii() and text.isdigit() and len(text) < 20 else text
            for text in (start, end)
        )
        country = _text(cur, N_("the country"))
    if version in (2, 3):
        _text(cur, N_("the device id"))
    elif version >= 4:
        cur.skip(cur.u16be(N_("the device id's length")), N_("the device id"))
    placed = _mines(cur, rows, cols)
    if len(placed) != mines:
        raise VideoError(Words(video.MINES_HELD, placed=len(placed), mines=mines))
    if version >= 4:
        for _ in range(cur.u16be(N_("the metric count"))):
            _text(cur, N_("a metric's name"))
        events = _events_v4(cur, rows * size, cols * size)
    else:
        events = _events_v0(cur, rows * size, cols * size)
    facts = Facts(
        player=player,
        date=start,
        program=program,
        level={(8, 8, 10): "beginner", (16, 16, 40): "intermediate", (16, 30, 99): "expert"}.get(
            (rows, cols, mines), "custom"
        ),
        finished=bool(summary & 0x80),
        time_ms=time_ms,
        bbbv=bbbv,
        question_marks=None if version < 3 else not settings & 0x80,
        extra=tuple(
            (name, value)
            for name, value in (
                ("mode", str(mode)),
                ("official", "yes" if summary & 0x40 else "no"),
                ("fair", "yes" if summary & 0x20 else "no"),
                ("race", race),
                ("identifier", identifier),
                ("country", country),
                ("end", end),
                ("transcoder", transcoder),
            )
            if value
        ),
    )
    return Video("evf", rows, cols, placed, tuple(events), size, facts)


def _when(microseconds: int) -> str:
    """A stamp in microseconds since 1970 as a date ("" for none or out of range)."""
    if not 0 < microseconds < 253_402_300_800_000_000:  # before the year 10000
        return ""
    when = datetime.fromtimestamp(microseconds / 1_000_000, tz=timezone.utc)
    return when.strftime("%Y-%m-%d %H:%M UTC")


def _u24(cur: Cursor, what: str) -> int:
    high, low = cur.unpack(">BH", what)
    return high << 16 | low


def _u64(cur: Cursor, what: str) -> int:
    value: int = cur.unpack(">Q", what)[0]
    return value


def _text(cur: Cursor, what: str) -> str:
    return text_of(cur.until(b"\x00", MAX_TEXT, what), utf8=False)


def _mines(cur: Cursor, rows: int, cols: int) -> frozenset[tuple[int, int]]:
    """The mine bits: a bit a cell, row by row, highest bit first."""
    cells = rows * cols
    raw = cur.take((cells + 7) // 8, N_("the mines"))
    placed = []
    for index in range(cells):
        if raw[index >> 3] & (0x80 >> (index & 7)):
            placed.append(divmod(index, cols))
    return frozenset(placed)


def _kind(code: int, held: dict[int, bool]) -> Mouse:
    """A mouse event's kind (a bare "left", "right" or "middle" by the button's state)."""
    mouse = MOUSE.get(code)
    if mouse is not None:
        return mouse
    down, up = TOGGLES[code]
    held[code] = not held.get(code, False)
    return down if held[code] else up


_RECORD_V0 = struct.Struct(">BBHHH")
"""A mouse event before version 4: its kind, its time (3 bytes) and its place."""


def _events_v0(cur: Cursor, height: int, width: int) -> tuple[MouseEvent, ...]:
    events: list[tuple[int, Mouse, int, int]] = []  # (made MouseEvents at the end)
    append = events.append
    held: dict[int, bool] = {}
    data, size, record, mouse = cur.data, len(cur.data), _RECORD_V0.unpack_from, MOUSE
    pos = cur.pos
    while True:
        # A whole event, read straight off the bytes; anything else through the
        # cursor, which says what is missing where.
        if pos + 8 <= size and 1 <= data[pos] <= 12:
            code, high, low, x, y = record(data, pos)
            pos += 8
            if len(events) >= video.MAX_EVENTS:
                raise VideoError(Words(video.MORE_EVENTS, n=video.MAX_EVENTS))
            kind = mouse.get(code) or _kind(code, held)
            if 0 <= x < width and 0 <= y < height:
                append((high << 16 | low, kind, x, y))
            else:
                append((high << 16 | low, kind, width, height))
            continue
        cur.pos = pos
        code = cur.u8(N_("an event"))
        if code in (0, 255):
            if code == 0:
                cur.skip(min(32, cur.left), N_("the checksum"))
            return mouse_events(events)
        if not 1 <= code <= 12:
            raise VideoError(Words(video.UNKNOWN_EVENT, code=code, at=cur.pos - 1))
        _u24(cur, N_("an event's time"))  # (the event runs past the end: the cursor says so)
        cur.unpack(">HH", N_("an event's place"))
        pos = cur.pos


_RECORD_V4 = struct.Struct(">BBhh")
"""A mouse event from version 4 on: its kind, the ms since the last event, and the
change of its place."""


def _events_v4(cur: Cursor, height: int, width: int) -> tuple[MouseEvent, ...]:
    events: list[tuple[int, Mouse, int, int]] = []  # (made MouseEvents at the end)
    append = events.append
    held: dict[int, bool] = {}
    ms = x = y = 0
    data, size = cur.data, len(cur.data)
    record, mouse, most = _RECORD_V4.unpack_from, MOUSE, video.MAX_EVENTS
    pos = cur.pos
    while True:
        # A mouse event with all its bytes there, read straight off the bytes in one
        # call (they are most of a file); anything else through the cursor, which
        # says what is missing where.
        if pos + 6 <= size and 1 <= data[pos] <= 12:
            code, step, dx, dy = record(data, pos)
            ms += step
            pos += 6
            if len(events) >= most:
                raise VideoError(Words(video.MORE_EVENTS, n=most))
            kind = mouse.get(code) or _kind(code, held)
            if dx == OFF or dy == OFF:
                append((ms, kind, width, height))
                continue
            x, y = x + dx, y + dy
            if 0 <= x < width and 0 <= y < height:
                append((ms, kind, x, y))
            else:
                append((ms, kind, width, height))
            continue
        cur.pos = pos
        code = cur.u8(N_("an event"))
        if code == 0:
            if cur.left >= 2:
                cur.skip(min(cur.u16be(N_("the checksum length")), cur.left), N_("the checksum"))
            return mouse_events(events)
        if 1 <= code <= 12:  # (its bytes run past the end: the cursor says so)
            cur.u8(N_("an event's time"))
            cur.unpack(">hh", N_("an event's place"))
        elif code in ENDS:
            ms += cur.u8(N_("an end's time"))
        elif code in LOOKS:
            ms += cur.u8(N_("a cell event's time"))
            cur.skip(4, N_("a cell event's place"))
        elif code in (200, 201):
            ms += cur.u8(N_("a metric's time"))
            cur.skip(2, N_("a metric's index"))
            if code == 200:
                cur.skip(8, N_("a metric's value"))
            else:
                _text(cur, N_("a metric's value"))
        elif code == 255:
            ms += cur.u16be(N_("a pause"))  # (the game's time counts it, as Metasweeper does)
        else:
            raise VideoError(Words(RESERVED, code=code, at=cur.pos - 1))
        pos = cur.pos
