"""MVF: the replay files of Minesweeper Clone (and Minesweeper X), every release
from the 0.75 beta to the 2007 release, as Damien Moore's and Maksim Bashov's
reader (parser_mvf.c in github.com/thefinerminer/minesweeper-rawvf) lays them out.
Numbers are big-endian.

Releases from 0.97 on begin with the bytes 0x11 0x4D; the byte at offset 27 tells
them apart: "5" the 0.97 beta (data from offset 74), "6" or "7" the 2006 and 2007
releases (their version's name at offset 53, data from offset 71), "8" the 0.97
"Funny Mode" hack (as 0.97); a file beginning with two zero bytes is an unknown
0.97 hack (data from offset 7). Their data: the date (month, day, year (2), hour,
minute, second), level, mode, the time (0.97: seconds (2) and hundredths (1); 2006
and 2007: ms (3)), 0.97 only: 3BV, 3BV solved, left, double and right clicks (2
each), question marks (1), the board (columns, rows (1 each), mines (2), each mine
as column, row counted from 1), the player's name (1: its length), and the mouse
events, scrambled: two bytes seed a permutation of each event's bits (the cosines
and sines of their square roots, written as digits and sorted), then how many (3),
then each (0.97: 5 bytes; 2006 and 2007: 6) holding the right, middle and left
buttons, x, y and the time.

Earlier releases have no header: the board first (mines counted from 0), question
marks, a byte, then events of 8 bytes (seconds, hundredths, buttons, x (2), y (2),
a byte) up to the time (3 bytes) and the player's name (100 bytes, from 0.76) and a
checksum (10 bytes, 22 from 0.8) at the file's end.

The events are the buttons' states: a press or release is where a state changes.
The program does not save the press that starts the clock: it is made from the
first event, as the community's readers do. Positions are pixels from the board's
corner, 16 to a cell; times in 10 ms steps (1 ms from 2006).
"""

from __future__ import annotations

import math

from game.language import N_, Words
from game.replay import video
from game.replay.formats import binary
from game.replay.formats.binary import Cursor
from game.replay.video import Facts, Mouse, MouseEvent, Video, VideoError, mouse_events, text_of

LEVELS = {1: "beginner", 2: "intermediate", 3: "expert"}
LOCAL = "cp1250"
"""The code page of names in the program's files (Central European Windows)."""

DOWNS = (Mouse.LEFT_DOWN, Mouse.RIGHT_DOWN, Mouse.MIDDLE_DOWN)
UPS = (Mouse.LEFT_UP, Mouse.RIGHT_UP, Mouse.MIDDLE_UP)
"""Each button's press and release, left, right, middle."""

State = tuple[int, int, int, int, int, int]
"""One saved event: ms, left, right, middle (1 down), x, y."""


def read(data: bytes) -> Video:
    """An MVF file's bytes as a Video; VideoError (one line) for anything else."""
    if len(data) < 8:
        raise VideoError(Words(video.TOO_SHORT, format="MVF"))
    if data[0] == 0x11 and data[1] == 0x4D and len(data) > 27:
        mark = data[27]
        if mark in (ord("5"), ord("8")):
            return _modern(data, 74, "0.97 beta" if mark == ord("5") else "0.97 Funny Mode")
        if mark in (ord("6"), ord("7")):
            length = data[53] if len(data) > 53 else 0
            version = text_of(data[54 : 54 + length])
            return _modern(data, 71, version or "2007", year_release=True)
    if data[0] == 0 and data[1] == 0:
        return _modern(data, 7, "0.97 (an unknown hack)")
    return _early(data)


def _permutation(seed: int, parts: int) -> list[tuple[int, int]]:
    """The (byte, bit mask) of each of an event's bits, in the order they are read."""
    mult = 100_000_000
    num1 = math.sqrt(seed)
    num2 = math.sqrt(seed + 1000.0)
    num3 = math.sqrt(num1 + 1000.0)
    values = [
        math.cos(num3 + 1000.0),
        math.sin(math.sqrt(num2)),
        math.cos(num3),
        math.sin(math.sqrt(num1) + 1000.0),
    ]
    if parts == 5:
        values.append(math.cos(math.sqrt(num2 + 1000.0)))
    else:
        num4 = math.sqrt(num2 + 1000.0)
        values += [math.cos(num4), math.sin(num4)]
    digits = "".join(f"{round(abs(v * mult)):08d}"[:8] for v in values)
    order = []
    for digit in "0123456789":
        for j, ch in enumerate(digits):
            if ch == digit:
                order.append((j // 8, 1 << (j % 8)))
    return order


def _tables(order: list[tuple[int, int]], size: int) -> list[list[int]]:
    """For each byte of an event and each of its 256 values, the bits it gives the
    event's word: bit k of the word is the event's bit ``order[k]``. A word is then
    the OR of one look-up a byte (the fields are slices of it)."""
    tables = []
    for byte in range(size):
        gives = [0] * 8  # what each of the byte's bits gives the word
        for k, (at, mask) in enumerate(order):
            if at == byte:
                gives[mask.bit_length() - 1] |= 1 << k
        table = [0] * 256
        for value in range(1, 256):
            low = value & -value
            table[value] = table[value ^ low] | gives[low.bit_length() - 1]
        tables.append(table)
    return tables


def _words(raw: bytes, tables: list[list[int]], size: int) -> list[int]:
    """Each event's bits in the key's order, as one number an event."""
    if size == 5:
        t0, t1, t2, t3, t4 = tables
        return [
            t0[a] | t1[b] | t2[c] | t3[d] | t4[e]
            for a, b, c, d, e in zip(*(raw[i::5] for i in range(5)), strict=True)
        ]
    t0, t1, t2, t3, t4, t5 = tables
    return [
        t0[a] | t1[b] | t2[c] | t3[d] | t4[e] | t5[f]
        for a, b, c, d, e, f in zip(*(raw[i::6] for i in range(6)), strict=True)
    ]


def _board(cur: Cursor, base: int) -> tuple[int, int, frozenset[tuple[int, int]]]:
    """Columns, rows, mines (each as column, row, counted from ``base``)."""
    cols, rows = cur.u8(N_("the columns")), cur.u8(N_("the rows"))
    count = cur.u16be(N_("the mine count"))
    return rows, cols, binary.mines(cur, rows, cols, count, base=base)


def _modern(data: bytes, offset: int, version: str, *, year_release: bool = False) -> Video:
    """0.97 and the 2006 and 2007 releases."""
    cur = Cursor(data, "MVF")
    cur.skip(offset, N_("its header"))
    month, day = cur.u8(N_("the month")), cur.u8(N_("the day"))
    year = cur.u16be(N_("the year"))
    hour, minute, second = (
        cur.u8(N_("the hour")),
        cur.u8(N_("the minute")),
        cur.u8(N_("the second")),
    )
    level, mode = cur.u8(N_("the level")), cur.u8(N_("the mode"))
    bbbv = None
    if year_release:
        high, low = cur.unpack(">BH", N_("the time"))
        time_ms = high << 16 | low
    else:
        seconds = cur.u16be(N_("the time"))
        time_ms = seconds * 1000 + cur.u8(N_("the time's hundredths")) * 10
        bbbv = cur.u16be(N_("the 3BV"))
        cur.skip(8, N_("the clicks"))
    marks = cur.u8(N_("the question marks"))
    rows, cols, mines = _board(cur, 1)
    player = text_of(cur.take(cur.u8(N_("the name's length")), N_("the name")), local=LOCAL)
    seed = cur.u16be(N_("the events' key"))
    size = 6 if year_release else 5
    order = _permutation(seed, size)
    high, low = cur.unpack(">BH", N_("the event count"))
    count = high << 16 | low
    if count > video.MAX_EVENTS:
        raise VideoError(Words(video.MORE_EVENTS, n=video.MAX_EVENTS))
    cur.records(count, size, N_("mouse events"))
    raw = cur.take(count * size, N_("the mouse events"))
    words = _words(raw, _tables(order, size), size)
    states: list[State] = []
    append = states.append
    for word in words:
        right, middle, left = word & 1, word >> 1 & 1, word >> 2 & 1
        if year_release:
            y, x = (word >> 3 & 0x7FF) - 32, (word >> 14 & 0x7FF) - 32
            ms = word >> 25 & 0x3FFFFF
        else:
            y, x = word >> 3 & 0x1FF, word >> 12 & 0x1FF
            ms = (word >> 28 & 0x3FF) * 1000 + (word >> 21 & 0x7F) * 10
        append((ms, left, right, middle, x, y))
    date = f"{year:04d}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}:{second:02d}"
    facts = Facts(
        player=player,
        date=date,
        program=f"Minesweeper Clone {version}",
        level=LEVELS.get(level, "custom"),
        time_ms=time_ms,
        bbbv=bbbv,
        question_marks=bool(marks),
        extra=(("mode", str(mode)),),
    )
    return Video("mvf", rows, cols, mines, _events(states, rows, cols), 16, facts)


def _early(data: bytes) -> Video:
    """The releases before 0.97: no header, the time and name at the end."""
    cur = Cursor(data, "MVF")
    rows, cols, mines = _board(cur, 0)
    if (rows, cols) not in ((8, 8), (16, 16), (16, 30)):
        raise VideoError(
            Words(
                N_("a {rows} x {cols} board: not an MVF file of the early releases"),
                rows=rows,
                cols=cols,
            )
        )
    marks = cur.u8(N_("the question marks"))
    cur.skip(1, N_("a byte"))
    size = len(data)
    if size < 23:
        raise VideoError(Words(video.TOO_SHORT, format="MVF"))
    player = ""
    if data[-1] not in b"0123456789" and data[-22] not in b"0123456789":  # (ASCII digits)
        version, after = "0.96 beta (or earlier)", size - 125
        player = text_of(data[size - 122 : size - 22], local=LOCAL)
    elif data[size - 13 : size - 10] == b"   ":
        version, after = "0.76 beta", size - 113
        player = text_of(data[size - 110 : size - 10], local=LOCAL)
    else:
        version, after = "0.75 beta (or earlier)", size - 13
    if after < cur.pos or after + 3 > size:
        raise VideoError(Words(N_("the file is too short for its events and time")))
    seconds = data[after] << 8 | data[after + 1]
    time_ms = seconds * 1000 + data[after + 2] * 10
    states: list[State] = []
    pos = cur.pos
    while pos + 8 <= size and pos <= after:
        e = data[pos : pos + 8]
        ms = e[0] * 1000 + e[1] * 10
        if (states and ms < states[-1][0]) or ms > time_ms:
            break
        states.append(
            (ms, e[2] & 1, (e[2] >> 2) & 1, (e[2] >> 1) & 1, e[3] << 8 | e[4], e[5] << 8 | e[6])
        )
        pos += 8
        if len(states) > video.MAX_EVENTS:
            raise VideoError(Words(video.MORE_EVENTS, n=video.MAX_EVENTS))
    if states:
        last = states[-1]
        states.append((last[0], 0, 0, 0, last[4], last[5]))  # every button up at the end
    facts = Facts(
        player=player,
        program=f"Minesweeper Clone {version}",
        level=LEVELS.get({(8, 8): 1, (16, 16): 2, (16, 30): 3}[(rows, cols)], "custom"),
        time_ms=time_ms,
        question_marks=bool(marks),
    )
    return Video("mvf", rows, cols, mines, _events(states, rows, cols), 16, facts)


def _events(states: list[State], rows: int, cols: int) -> tuple[MouseEvent, ...]:
    """The buttons' states as presses, releases and moves (the first state's pressed
    buttons as presses: the program saves no press before its clock starts)."""
    width, height = cols * 16, rows * 16
    events: list[tuple[int, Mouse, int, int]] = []  # (made MouseEvents at the end)
    append, move = events.append, Mouse.MOVE
    if not states:
        return ()
    ms, pl, pr, pm, px, py = states[0]
    ex, ey = (px, py) if 0 <= px < width and 0 <= py < height else (width, height)
    held = [kind for kind, down in zip(DOWNS, (pl, pr, pm), strict=True) if down]
    append((ms, held[-1] if held else move, ex, ey))
    for ms, left, right, middle, x, y in states[1:]:
        if x != px or y != py:
            ex, ey = (x, y) if 0 <= x < width and 0 <= y < height else (width, height)
            append((ms, move, ex, ey))
            px, py = x, y
        if left != pl or right != pr or middle != pm:  # presses, then releases
            ex, ey = (x, y) if 0 <= x < width and 0 <= y < height else (width, height)
            changes = ((left, pl), (right, pr), (middle, pm))
            for turn, pressed in ((DOWNS, True), (UPS, False)):
                for kind, (now, before) in zip(turn, changes, strict=True):
                    if now != before and bool(now) is pressed:
                        append((ms, kind, ex, ey))
            pl, pr, pm = left, right, middle
    return mouse_events(events)
