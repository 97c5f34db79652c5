"""AVF: the replay files of Minesweeper Arbiter (0.52 and the older releases).

The layout, as the community's readers (ms-toollib's avf_video.rs, sweeping-view's
avf.py) read it; every number is big-endian:

    byte 0        the file's version (0x31 in some older files)
    bytes 1-4     (not used)
    byte 5        level: 3 beginner 8x8/10, 4 intermediate 16x16/40, 5 expert 16x30/99,
                  6 custom, then: columns - 1 (1 byte), rows - 1 (1 byte), mines (2 bytes)
    2 per mine    its row and column, counted from 1
    text          "[" a digit "|" start "|" end "|" ... "|B" 3BV "T" time "]": the
                  game's start and end stamps, its 3BV and its time in seconds, one more
                  than the real time (a comma may stand for the point)
    events        after a few bytes, 8 bytes each: kind, x high, seconds low, x low,
                  hundredths, y high, seconds high, y low; the time is seconds - 1 +
                  hundredths / 100; a record whose seconds are 0 ends them. Kinds: 1 move,
                  3 left down, 5 left up, 9 right down, 17 right up, 33 middle down,
                  65 middle up, 145 right up, 193 middle up, 21 left up, 11 (a left press
                  with Shift, seen in no game: taken as a move)
    text          "RealTime: ..." "Skin: ..." lines, then the player's name, then
                  the program ("Minesweeper Arbiter 0.52.3 ..."), lines ended by CR.

Positions are pixels from the board's corner, 16 to a cell. Time in 10 ms steps.
"""

from __future__ import annotations

import re
import struct

from game.language import N_, Words
from game.replay import video
from game.replay.formats import binary
from game.replay.formats.binary import Cursor
from game.replay.video import Facts, Mouse, MouseEvent, Video, VideoError, mouse_events, text_of

LEVELS = {3: ("beginner", 8, 8, 10), 4: ("intermediate", 16, 16, 40), 5: ("expert", 16, 30, 99)}
"""Level byte -> (name, rows, columns, mines)."""
KINDS = {
    1: Mouse.MOVE,
    3: Mouse.LEFT_DOWN,
    5: Mouse.LEFT_UP,
    9: Mouse.RIGHT_DOWN,
    17: Mouse.RIGHT_UP,
    33: Mouse.MIDDLE_DOWN,
    65: Mouse.MIDDLE_UP,
    145: Mouse.RIGHT_UP,
    193: Mouse.MIDDLE_UP,
    21: Mouse.LEFT_UP,
    11: Mouse.MOVE,
}
MAX_TEXT = 4096
"""The longest stretch of header text searched for a field."""
_OPENING = rb"\[[0-3]\|"
"""Where the header's text begins: "[", a digit, "|" (a pattern for re, compiled at
its first use, not at import)."""


def read(data: bytes) -> Video:
    """An AVF file's bytes as a Video; VideoError (one line) for anything else."""
    if not data:
        raise VideoError(Words(video.EMPTY))
    cur = Cursor(data, "AVF")
    cur.skip(5, N_("its header"))
    level = cur.u8(N_("its level"))
    if level in LEVELS:
        name, rows, cols, mines = LEVELS[level]
    elif level == 6:
        cols = cur.u8(N_("the board's width")) + 1
        rows = cur.u8(N_("the board's height")) + 1
        mines = cur.u16be(N_("the mine count"))
        name = "custom"
    else:
        raise VideoError(
            Words(N_("level {level} is none of Arbiter's (3 to 6): not an AVF file"), level=level)
        )
    placed = binary.mines(cur, rows, cols, mines, base=1, row_first=True)
    start, end, bbbv, time_ms = _header_text(cur)
    events = _events(cur)
    player, program = _footer(cur)
    facts = Facts(
        player=player,
        date=start,
        program=program or "Minesweeper Arbiter",
        level=name,
        time_ms=time_ms,
        bbbv=bbbv,
        extra=(("end", end),),
    )
    return Video("avf", rows, cols, placed, events, 16, facts)


_STATS = rb"B(\d{1,7})T(\d{1,7}(?:[.,]\d{1,4})?)\]"
"""The header's 3BV and time: "B" 3BV "T" seconds "]" (a pattern for re)."""


def _header_text(cur: Cursor) -> tuple[str, str, int, int]:
    """The text after the mines: the game's start and end stamps, 3BV and time (ms).
    Its fields are found, not counted: releases put other fields between them or
    leave out a bar."""
    window = bytes(cur.data[cur.pos : cur.pos + MAX_TEXT])
    opening = re.search(_OPENING, window)
    if opening is None:
        raise VideoError(Words(N_("the file has no game header ('[0|...')")))
    stats = re.compile(_STATS).search(window, opening.end())
    if stats is None:
        raise VideoError(Words(N_("the file has no 3BV and time in its header")))
    stamps = window[opening.end() : stats.start()].split(b"|")
    start = text_of(stamps[0][:64])
    end = text_of(stamps[1][:64]) if len(stamps) > 1 else ""
    bbbv = int(stats.group(1))
    seconds = float(stats.group(2).replace(b",", b"."))
    cur.pos += stats.end()
    return start, end, bbbv, round((seconds - 1) * 1000)


_KIND_OF = [KINDS.get(code, Mouse.MOVE) for code in range(256)]
"""A kind byte -> its mouse event (the unknown ones are refused before)."""
_UNKNOWN = bytes(0 if kind in KINDS else 1 for kind in range(256))
"""A kind byte -> 1 if it is no kind of mouse event."""


def _events(cur: Cursor) -> tuple[MouseEvent, ...]:
    """The mouse events: found after the header, read until a record of second 0
    (each column of the records looked at whole, not a record at a time)."""
    data = cur.data
    pos, size = cur.pos, len(data)
    # The first record: its third byte is 1 (second 1) and its second at most 1.
    while pos + 2 < size and not (data[pos + 2] == 1 and data[pos + 1] <= 1):
        pos += 1
    if pos + 8 > size:
        raise VideoError(Words(N_("the file ends before its mouse events")))
    count = (size - pos) // 8
    block = bytes(data[pos : pos + 8 * count])
    # The first record after the first whose seconds (bytes 2 and 6) are both 0.
    seconds = int.from_bytes(block[2::8], "little") | int.from_bytes(block[6::8], "little")
    end = seconds.to_bytes(count, "little").find(0, 1)
    records = count if end < 0 else end
    bad = block[0 : 8 * records : 8].translate(_UNKNOWN).find(1)
    if 0 <= bad <= video.MAX_EVENTS:
        kind = block[8 * bad]
        raise VideoError(Words(video.UNKNOWN_EVENT, code=kind, at=pos + 8 * bad))
    if records > video.MAX_EVENTS:
        raise VideoError(Words(video.MORE_EVENTS, n=video.MAX_EVENTS))
    if end < 0:
        raise VideoError(Words(N_("the file ends inside its mouse events")))
    # Each of the 8 columns whole: the numbers of two bytes unpacked in one call.
    kinds, xh, sl, xl, hundredths, yh, sh, yl = (block[k : 8 * end : 8] for k in range(8))
    whole = zip(_words(sh, sl, end), hundredths, strict=True)
    events = mouse_events(
        zip(
            [(second - 1) * 1000 + hundredth * 10 for second, hundredth in whole],
            map(_KIND_OF.__getitem__, kinds),
            _words(xh, xl, end),
            _words(yh, yl, end),
            strict=True,
        )
    )
    cur.pos = pos + 8 * (end + 1)
    return events


def _words(high: bytes, low: bytes, count: int) -> tuple[int, ...]:
    """Big-endian 16-bit numbers from their high and low bytes (a column each)."""
    pairs = bytearray(2 * count)
    pairs[0::2], pairs[1::2] = high, low
    return struct.unpack(f">{count}H", pairs)


def _footer(cur: Cursor) -> tuple[str, str]:
    """The player's name and the program, after the "Skin:" line (either may be "")."""
    rest = bytes(cur.data[cur.pos : cur.pos + 64 * 1024])
    at = rest.find(b"Skin:")
    if at < 0:
        return "", ""
    lines = rest[at:].split(b"\r")
    player = text_of(lines[1][:256]) if len(lines) > 1 else ""
    program = text_of(lines[2][:256]) if len(lines) > 2 else ""
    program = program.split(". Copyright")[0].strip()
    return player, program
