"""RMV: the replay files of Viennasweeper (and Minesweeper Clone), versions 1 and 2,
as the RMV specification (github.com/ralokt/rmv_spec) lays them out. Numbers are
big-endian.

    "*rmv", file type (2 bytes: 1 or 2); type 2: clone id, clone major version (1 each)
    file size (4); type 1: result string size (2)
    sizes (2 each): version info, player info, board, pre-flags, properties;
    type 2: extension properties (2); events (4); checksum (2)
    type 1: the result string ("\\nLEVEL:...#3BV:...#TIMESTAMP:...#\\n")
    the version info (the program, in words)
    player fields (2: how many; then each: size (1), text): name, nickname, country,
    token
    the board: time stamp (4), columns (1), rows (1), mines (2), each mine as column,
    row (1 each, from 0)
    if the pre-flag size is not 0: how many (2), each as column, row
    properties, one byte each: question marks, no-flag, mode, level (0-3); type 1 may
    add "utf8"; type 2 adds 3BV low, 3BV high, square size (pixels a cell)
    type 2: extension properties (2: how many; each: name size, name, value size, value)
    events, one code byte each:
      0 (type 1): a time stamp (4)
      1-7 mouse: move, left down, left up, right down, right up, middle down, middle
        up; game time in ms (3), buttons held (1), x, y (2 each: type 1 unsigned and
        from the window's corner, 12 and 56 pixels off the board's; type 2 signed,
        from the board's corner)
      9-14, 18-27 board: a cell's new look, column, row (1 each)
      15 blast, 16 win, 17 other end: the game's time in ms (3), and the events end
      28 (type 2): a short move: ms since the last event (1), x and y change (4 bits
        each, signed)
    the checksum

Text is UTF-8 in type 2, and in type 1 when the "utf8" property is set: a file whose
text says UTF-8 and is not is refused. The program does not record the first left
press of a game: it is put back, at the first mouse event, as the community's
readers do.
"""

from __future__ import annotations

import re
import struct
from datetime import datetime, timezone

from game.language import N_, Words
from game.replay import video
from game.replay.formats import binary
from game.replay.formats.binary import Cursor
from game.replay.video import Facts, Mouse, MouseEvent, Video, VideoError, mouse_events, text_of

MOUSE = binary.MOUSE_CODES
LEVELS = ("beginner", "intermediate", "expert", "custom")
ENDS = {15: False, 16: True, 17: None}
"""End event -> the game was won (None: ended otherwise)."""


def read(data: bytes) -> Video:
    """An RMV file's bytes as a Video; VideoError (one line) for anything else."""
    cur = Cursor(data, "RMV")
    if cur.take(4, N_("its signature")) != b"*rmv":
        raise VideoError(Words(N_("it does not begin with *rmv: not an RMV file")))
    kind = cur.u16be(N_("its file type"))
    if kind not in (1, 2):
        raise VideoError(
            Words(N_("RMV file type {kind}: this game reads types 1 and 2"), kind=kind)
        )
    if kind == 2:
        cur.skip(2, N_("the clone's id and version"))
    cur.skip(4, N_("the file size"))
    result_size = cur.u16be(N_("the result size")) if kind == 1 else 0
    version_size = cur.u16be(N_("the version size"))
    cur.skip(2 + 2, N_("the player and board sizes"))
    preflag_size = cur.u16be(N_("the pre-flag size"))
    properties_size = cur.u16be(N_("the properties size"))
    if kind == 2:
        cur.skip(2, N_("the extension properties size"))
    cur.skip(4 + 2, N_("the events and checksum sizes"))
    result = cur.take(result_size, N_("the result string"))
    version = cur.take(version_size, N_("the version info"))
    fields = [
        cur.take(cur.u8(N_("a player field's size")), N_("a player field"))
        for _ in range(cur.u16be(N_("the player field count")))
    ]
    made = cur.u32be(N_("the board's time stamp"))
    cols, rows = cur.u8(N_("the columns")), cur.u8(N_("the rows"))
    mines = cur.u16be(N_("the mine count"))
    placed = binary.mines(cur, rows, cols, mines)
    preflags: list[tuple[int, int]] = []
    if preflag_size:
        count = cur.u16be(N_("the pre-flag count"))
        cur.records(count, 2, N_("pre-flags"))
        for _ in range(count):
            col, row = cur.u8(N_("a pre-flag's column")), cur.u8(N_("a pre-flag's row"))
            if col >= cols or row >= rows:
                raise VideoError(
                    Words(
                        N_("a pre-flag at column {col}, row {row} is off the board"),
                        col=col,
                        row=row,
                    )
                )
            preflags.append((row, col))
    properties = cur.take(properties_size, N_("the properties"))
    utf8 = kind == 2 or (kind == 1 and len(properties) > 4 and properties[4] == 1)
    texts = [version, *fields]
    if utf8:
        for text in texts:
            try:
                text.decode("utf-8")
            except UnicodeDecodeError:
                raise VideoError(
                    Words(N_("its text is marked UTF-8 and is not valid UTF-8"))
                ) from None
    size = 16
    if kind == 2:
        if len(properties) > 6 and properties[6]:
            size = properties[6]
        for _ in range(cur.u16be(N_("the extension property count"))):
            cur.skip(cur.u8(N_("an extension's name size")), N_("an extension's name"))
            cur.skip(cur.u8(N_("an extension's value size")), N_("an extension's value"))
    events, won, end_ms = _events(cur, kind, rows, cols, size)
    if preflags:
        first = events[0].ms if events else 0
        flags = tuple(MouseEvent(first, Mouse.PRE_FLAG, c * size, r * size) for r, c in preflags)
        events = flags + events
    level = properties[3] if len(properties) > 3 else 3
    facts = Facts(
        player=text_of(fields[0], utf8=utf8) if fields else "",
        date=_stamp(result) or _when(made),
        program=_program(text_of(version, utf8=utf8)),
        level=LEVELS[level] if level < len(LEVELS) else "custom",
        finished=won,
        time_ms=end_ms,
        bbbv=_result_bbbv(result) if kind == 1 else _bbbv2(properties),
        question_marks=bool(properties[0]) if properties else None,
        extra=tuple(
            (name, text_of(value, utf8=utf8))
            for name, value in zip(("nickname", "country"), fields[1:3], strict=False)
            if value
        ),
    )
    return Video("rmv", rows, cols, placed, events, size, facts)


_RECORD_1 = struct.Struct(">BHxHH")
_RECORD_2 = struct.Struct(">BHxhh")
"""A mouse event's time (3 bytes), the buttons held (skipped) and its place: type 1
unsigned, type 2 signed."""


def _events(
    cur: Cursor, kind: int, rows: int, cols: int, size: int
) -> tuple[tuple[MouseEvent, ...], bool | None, int]:
    """The mouse events, how the game ended and its time (ms)."""
    data = cur.data
    pos, end = cur.pos, len(data)
    events: list[tuple[int, Mouse, int, int]] = []  # (made MouseEvents at the end)
    append = events.append
    width, height = cols * size, rows * size
    ms = x = y = 0
    record = (_RECORD_1 if kind == 1 else _RECORD_2).unpack_from
    while True:
        if pos >= end:
            raise VideoError(Words(N_("the file ends before its game does")))
        code = data[pos]
        pos += 1
        if 1 <= code <= 7:
            if pos + 8 > end:
                raise VideoError(Words(N_("the file ends inside a mouse event")))
            high, low, x, y = record(data, pos)
            ms = high << 16 | low
            pos += 8
            if kind == 1:
                x, y = (x - 12) & 0xFFFF, (y - 56) & 0xFFFF
        elif code == 28 and kind == 2:
            if pos + 2 > end:
                raise VideoError(Words(N_("the file ends inside a mouse event")))
            ms += data[pos]
            nibbles = data[pos + 1]
            dx, dy = nibbles >> 4, nibbles & 15
            x += dx - 16 if dx > 7 else dx
            y += dy - 16 if dy > 7 else dy
            pos += 2
            code = 1
        elif code == 0 and kind == 1:
            pos += 4
            continue
        elif 9 <= code <= 14 or 18 <= code <= 27:
            pos += 2
            continue
        elif code in ENDS:
            if pos + 3 > end:
                raise VideoError(Words(N_("the file ends inside its last event")))
            time_ms = data[pos] << 16 | data[pos + 1] << 8 | data[pos + 2]
            cur.pos = pos + 3
            return mouse_events(events), ENDS[code], time_ms
        else:
            raise VideoError(Words(video.UNKNOWN_EVENT, code=code, at=pos - 1))
        if len(events) >= video.MAX_EVENTS:
            raise VideoError(Words(video.MORE_EVENTS, n=video.MAX_EVENTS))
        ex, ey = (x, y) if 0 <= x < width and 0 <= y < height else (width, height)
        if not events:  # the first left press is not recorded: it is put back
            append((ms, Mouse.LEFT_DOWN, ex, ey))
        append((ms, MOUSE[code], ex, ey))


def _stamp(result: bytes) -> str:
    """The result string's time stamp (type 1: seconds since 1970), as a date."""
    for part in result.split(b"#"):
        if part.strip().startswith(b"TIMESTAMP:"):
            digits = part.split(b":", 1)[1].strip()
            if digits.isascii() and digits.isdigit() and len(digits) <= 10:
                return _when(int(digits))
            return text_of(digits[:16])
    return ""


def _when(seconds: int) -> str:
    """A time stamp in seconds since 1970 as a date ("" for none)."""
    if not seconds:
        return ""
    return datetime.fromtimestamp(seconds, tz=timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def _program(version: str) -> str:
    """The program and its release, without the copyright that follows."""
    return re.split(r"\s+(?:Copyright|\(c\)|\(C\)|©)", version, maxsplit=1)[0].strip(" -.")


def _result_bbbv(result: bytes) -> int | None:
    """The 3BV a type 1 result string gives."""
    for part in result.split(b"#"):
        if part.strip().startswith(b"3BV:"):
            digits = part.split(b":", 1)[1].strip()
            return (
                int(digits) if digits.isascii() and digits.isdigit() and len(digits) < 8 else None
            )
    return None


def _bbbv2(properties: bytes) -> int | None:
    """The 3BV type 2 keeps in its properties."""
    if len(properties) > 5:
        return properties[4] | properties[5] << 8
    return None
