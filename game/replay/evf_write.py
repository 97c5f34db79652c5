"""One of our replays written as an EVF file (version 3 of Metasweeper's standard,
read by ms-toollib, Metasweeper and the web players built on them), so a game
played here can be handed to the community's tools.

What is written: the board (rows, columns, mines, 16-pixel cells), the mode (the
rule mode's EVF number, with the official and fair flags: the caller gives them, from
game.modes.mode.facts_of, their one home; a file's replay alone says no help was had),
the 3BV, the time (ms) our game took, the program ("Minesweeper (this
game)" and its version), the player's identity (the name as the player identifier, the
tournament the game was entered in as the race identifier, the player's identifier from
a rankings site as the uniqueness identifier, the country's ISO code), the start and end
times (microseconds since 1970 UTC, from the replay's date: when the game ended), and every
mouse press, release and move with its time in ms from the first event (EVF counts
from 0 there) and its position in pixels from the board's corner (off the board: the
corner past it, as the standard says). Keyboard moves are already clicks in our
replays. Where our window let go of what was held (a dialog, the pointer leaving),
the held buttons are released off the board, where they change nothing. No
checksum is written (the standard's mark 255: a file that is not a program's own
recording).
"""

from __future__ import annotations

import struct
from datetime import datetime, timedelta, timezone

from game.core.status import Status
from game.language import N_, Words
from game.replay.format import EventKind, Replay
from game.session.geometry import TILE
from game.version import program as this_program

VERSION = 3
PRESS = {1: 2, 3: 4, 2: 6}
"""Our button -> EVF's code for its press (its release is one more)."""
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
MICROSECOND = timedelta(microseconds=1)


def stamps(replay: Replay) -> tuple[str, str]:
    """The start and end times as the standard writes them (evf标准.md, fields 15
    and 16): microseconds since 1970 (UTC) in decimal, as Metasweeper writes them and
    ms-toollib reads them. A replay's ``date`` is when its game ended, local time (a
    time zone named is kept); the start is its time before. ("", ""): no date, or
    none that can be read."""
    try:
        end = datetime.fromisoformat(replay.date).astimezone()  # (naive: local time)
        start = end - timedelta(milliseconds=replay.ms)
        if start < EPOCH:  # (the standard counts from 1970)
            return ("", "")
        return (str((start - EPOCH) // MICROSECOND), str((end - EPOCH) // MICROSECOND))
    except (ValueError, OverflowError, OSError):
        return ("", "")


def export_evf(
    replay: Replay,
    program: str | None = None,
    *,
    mode: int = 0,
    official: bool = False,
    fair: bool = True,
) -> bytes:
    """The replay as the bytes of an EVF file: ``program`` its software (None: this
    game and its version); ``mode`` the EVF game mode; ``official`` and ``fair`` the
    flags (the standard sets them only on a completed game)."""
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
    won = replay.result is Status.WON
    summary = 0x80 if won else 0  # completed
    if won and official and fair:
        summary |= 0x40  # official: fair, and the standard mode (the caller's word)
    if won and fair:
        summary |= 0x20  # fair: no help, nothing filtered
    if won and replay.clicks.right == 0:
        summary |= 0x10
    settings = 0 if replay.rules.question_marks else 0x80
    head = bytearray([VERSION, summary, settings, rows, cols])
    head += struct.pack(">HBHH", board.mines, TILE, mode, replay.bbbv or 0)
    head += min(replay.ms, 0xFFFFFF).to_bytes(3, "big")
    start, end = stamps(replay)
    texts = (  # the standard's order (evf标准.md, v0.3, fields 11 to 18)
        this_program() if program is None else program,  # software, with our version
        replay.player,  # player identifier: the name the sites show
        replay.tournament,  # race identifier: the tournament the game was entered in
        replay.identifier,  # uniqueness identifier: the rankings site's id for the player
        start,  # start time: microseconds since 1970, UTC
        end,  # end time
        replay.country,  # country: an ISO 3166-1 alpha-2 code
        "",  # device uuid: never written (the player's privacy)
    )
    for text in texts:
        head += text.encode("utf-8").replace(b"\x00", b"") + b"\x00"
    bits = bytearray((rows * cols + 7) // 8)
    for row, col in replay.minefield:
        index = row * cols + col
        bits[index >> 3] |= 0x80 >> (index & 7)
    head += bits
    head += _events(replay, rows, cols)
    head.append(255)
    return bytes(head)


def _events(replay: Replay, rows: int, cols: int) -> bytes:
    width, height = cols * TILE, rows * TILE
    out = bytearray()
    if not replay.events:
        return bytes(out)
    origin = replay.events[0].ms
    held: list[int] = []
    x = y = 0
    for event in replay.events:
        ms = min(max(0, event.ms - origin), 0xFFFFFF)
        if event.kind is EventKind.CANCEL:
            for button in held:  # let go off the board: it changes nothing
                out += _record(PRESS[button] + 1, ms, width, height)
            held.clear()
            continue
        x, y = event.x, event.y
        if not (0 <= x < width and 0 <= y < height):
            x, y = width, height
        if event.kind is EventKind.MOVE:
            out += _record(1, ms, x, y)
        elif event.kind is EventKind.DOWN and event.button in PRESS:
            held.append(event.button)
            out += _record(PRESS[event.button], ms, x, y)
        elif event.kind is EventKind.UP and event.button in PRESS:
            if event.button in held:
                held.remove(event.button)
            out += _record(PRESS[event.button] + 1, ms, x, y)
    return bytes(out)


def _record(code: int, ms: int, x: int, y: int) -> bytes:
    return bytes([code]) + ms.to_bytes(3, "big") + struct.pack(">HH", x, y)
