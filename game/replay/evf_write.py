"""One of our replays written as an EVF file (version 4 of Metasweeper's standard,
evf标准.md, as Metasweeper 3.2.1 and later write it; read by ms-toollib, Metasweeper
and the web players built on them), so a game played here can be handed to the
community's tools. Version 3 can still be asked for (``version=3``).

What is written: the board (rows, columns, mines, 16-pixel cells), the mode (the
rule mode's EVF number, with the official and fair flags: the caller gives them, from
game.modes.mode.facts_of, their one home; a file's replay alone says no help was had),
no flags (version 4: no right click flagged a mine, the standard's right_eff == 0;
version 3: a win without right clicks), the 3BV, the time (ms) our
game took, the program ("Minesweeper (this game)" and its version; not a transcoded
file: this game recorded it), the player's identity (the name as the player
identifier, the tournament the game was entered in as the race identifier, the
player's identifier from a rankings site as the uniqueness identifier, the country's
ISO code: version 4 "XX" when none), the start and end times (microseconds since 1970
UTC, from the replay's date, when the game ended, less the game's time for the start;
a paused game's pauses are not in that time; 0, version 3 empty, for a replay without
a date), and every mouse press, release and move with its time in ms from the first
event (EVF counts from 0 there) and its position in pixels from the board's corner
(off the board: the corner past it, as the standard says). Version 4 writes each
event's time and place as the change from the one before, a gap longer than 255 ms
as pause events (up to 65535 ms each) before it, and a move first where a game's
first event would be one the standard does not allow first (a release, a middle
press). Keyboard moves are already clicks in our replays. Where our window let go of
what was held (a dialog, the pointer leaving), the held buttons are released off the
board, where they change nothing. No checksum is written (version 4: its length 0;
version 3: the mark 255; a file no program signed).
"""

from __future__ import annotations

import struct
from datetime import datetime, timedelta, timezone

from game.core.moves import Action
from game.core.status import Status
from game.language import N_, Words
from game.replay.format import EventKind, Replay
from game.session.geometry import TILE
from game.version import program as this_program

VERSIONS = (3, 4)
PRESS = {1: 2, 3: 4, 2: 6}
"""Our button -> EVF's code for its press (its release is one more)."""
FIRST = (1, 2, 4, 8)
"""The codes version 4 allows for a file's first event (a move, a left or right press,
a flag before the start)."""
PAUSE = 255
"""Version 4's pause event: a gap of up to 65535 ms before the next event."""
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
MICROSECOND = timedelta(microseconds=1)

Record = tuple[int, int, int, int]
"""One EVF mouse event: its code, its time in ms from the first, x and y in pixels."""


def stamps(replay: Replay) -> tuple[int, int] | None:
    """The start and end times as the standard has them (evf标准.md: v4 fields 12 and
    13, v3 fields 15 and 16): microseconds since 1970 (UTC). A replay's ``date`` is
    when its game ended, local time (a time zone named is kept); the start is its
    time before. None: no date, or none that can be read."""
    try:
        end = datetime.fromisoformat(replay.date).astimezone()  # (naive: local time)
        start = end - timedelta(milliseconds=replay.ms)
        if start < EPOCH:  # (the standard counts from 1970)
            return None
        return ((start - EPOCH) // MICROSECOND, (end - EPOCH) // MICROSECOND)
    except (ValueError, OverflowError, OSError):
        return None


def export_evf(
    replay: Replay,
    program: str | None = None,
    *,
    mode: int = 0,
    official: bool = False,
    fair: bool = True,
    version: int = 4,
) -> bytes:
    """The replay as the bytes of an EVF file: ``program`` its software (None: this
    game and its version); ``mode`` the EVF game mode; ``official`` and ``fair`` the
    flags (the standard sets them only on a completed game); ``version`` 4 or 3."""
    board = replay.board
    rows, cols = board.rows, board.cols
    if not (1 <= rows <= 255 and 1 <= cols <= 255):
        wrong = N_("EVF holds boards of up to 255 x 255 cells; this is {rows} x {cols}")
        raise ValueError(Words(wrong, rows=rows, cols=cols))
    if replay.minefield is None:
        raise ValueError(
            Words(N_("a replay without a layout (no cell was opened) cannot be an EVF file"))
        )
    if not 0 <= mode <= 0xFFFF:
        raise ValueError(Words(N_("an EVF game mode is 0 to 65535; got {mode}"), mode=mode))
    assert version in VERSIONS, version
    won = replay.result is Status.WON
    summary = 0x80 if won else 0  # completed
    if won and official and fair:
        summary |= 0x40  # official: fair, and the standard mode (the caller's word)
    if won and fair:
        summary |= 0x20  # fair: no help, nothing filtered
    if _no_flags(replay) if version == 4 else won and replay.clicks.right == 0:
        summary |= 0x10  # (v4: right_eff == 0, whatever the end; not transcoded: no 0x08)
    settings = 0 if replay.rules.question_marks else 0x80
    head = bytearray([version, summary, settings, rows, cols])
    head += struct.pack(">HBHH", board.mines, TILE, mode, replay.bbbv or 0)
    times = stamps(replay)
    software = this_program() if program is None else program  # with our version
    identity = (
        replay.player,  # player identifier: the name the sites show
        replay.tournament,  # race identifier: the tournament the game was entered in
        replay.identifier,  # uniqueness identifier: the rankings site's id for the player
    )
    if version == 4:  # (evf标准.md, v4 fields 10 to 21)
        head += struct.pack(">I", min(replay.ms, 0xFFFFFFFF))
        head += _country(replay.country)
        head += struct.pack(">QQ", *(times or (0, 0)))
        head += b"".join(map(_text, (software, *identity)))
        head += struct.pack(">H", 0)  # the device uuid's length: none (the player's privacy)
    else:  # (v3 fields 10 to 18)
        head += min(replay.ms, 0xFFFFFF).to_bytes(3, "big")
        start, end = (str(t) for t in times) if times else ("", "")
        head += b"".join(map(_text, (software, *identity, start, end, replay.country, "")))
    bits = bytearray((rows * cols + 7) // 8)
    for row, col in replay.minefield:
        index = row * cols + col
        bits[index >> 3] |= 0x80 >> (index & 7)
    head += bits
    records = _records(replay, rows, cols)
    if version == 4:
        head += struct.pack(">H", 0)  # no custom metrics
        head += _events_v4(records)
        head += b"\x00" + struct.pack(">H", 0)  # the end of the events; no checksum
    else:
        for code, ms, x, y in records:
            head += bytes([code]) + min(ms, 0xFFFFFF).to_bytes(3, "big")
            head += struct.pack(">HH", x, y)
        head.append(255)  # no checksum
    return bytes(head)


def _text(text: str) -> bytes:
    return text.encode("utf-8").replace(b"\x00", b"") + b"\x00"


def _country(code: str) -> bytes:
    """Version 4's two letters: the ISO code in capitals, "XX" for none."""
    if len(code) == 2 and code.isascii() and code.isalpha():
        return code.upper().encode("ascii")
    return b"XX"


def _no_flags(replay: Replay) -> bool:
    """The standard's right_eff == 0: no right click flagged a mine (ms-toollib's rce,
    game.replay.tally's: the first flag on each mine counts; a flag on a safe cell, or
    one taken off, does not)."""
    mines = set(replay.minefield or ())
    return not any(
        e.move is not None and e.move.action is Action.MARK and (e.move.row, e.move.col) in mines
        for e in replay.events
    )


def _records(replay: Replay, rows: int, cols: int) -> list[Record]:
    width, height = cols * TILE, rows * TILE
    out: list[Record] = []
    held: list[int] = []
    for event in replay.events:
        ms = event.ms
        if event.kind is EventKind.CANCEL:
            for button in held:  # let go off the board: it changes nothing
                out.append((PRESS[button] + 1, ms, width, height))
            held.clear()
            continue
        x, y = event.x, event.y
        if not (0 <= x < width and 0 <= y < height):
            x, y = width, height
        if event.kind is EventKind.MOVE:
            out.append((1, ms, x, y))
        elif event.kind is EventKind.DOWN and event.button in PRESS:
            held.append(event.button)
            out.append((PRESS[event.button], ms, x, y))
        elif event.kind is EventKind.UP and event.button in PRESS:
            if event.button in held:
                held.remove(event.button)
            out.append((PRESS[event.button] + 1, ms, x, y))
    origin = out[0][1] if out else 0  # (EVF counts from 0 at its first event)
    return [(code, max(0, ms - origin), x, y) for code, ms, x, y in out]


def _events_v4(records: list[Record]) -> bytes:
    """Each event's time and place as the change from the event before (the first's
    from 0), a gap over 255 ms as pause events before it."""
    out = bytearray()
    if records and records[0][0] not in FIRST:  # (the pointer was there: a move)
        records = [(1, *records[0][1:]), *records]
    last_ms = last_x = last_y = 0
    for code, ms, x, y in records:
        gap = ms - last_ms
        while gap > 255:
            pause = min(gap, 0xFFFF)
            out += struct.pack(">BH", PAUSE, pause)
            gap -= pause
        out += struct.pack(">BBhh", code, gap, x - last_x, y - last_y)
        last_ms, last_x, last_y = ms, x, y
    return bytes(out)
