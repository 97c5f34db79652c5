"""A replay worked out for the web page (web/, docs/WEB.md): the board and, moment by
moment, what changed, by the same engine, input machine, picture and figures as the
window, so the page holds no rule and only draws.

The replay is played as the viewer and the GIF export play it (a Watching table fed
by its Driver, each event's recorded move); at each moment a picture is made
(game.session.picture) and each cell's tile named as the renderer names it
(game.view.render.tile_for, its index in the sheet's row of tiles), and what differs
from the moment before is kept: the cells' tiles, the face, the two LED counters'
characters, the pointer, the 3BV solved and the live counters' figures (the panel's
own: game.replay.figures' words, the analysis view's labels). Moments come at each
event's time (the events of one ms are one moment; a moment that only moves the
pointer is kept POINTER_MS after the last one at least) and at each of the timer's
seconds.

The packed form (``pack``): a varint length and the header in JSON (UTF-8), the
count of moments, then the moments' streams (each kind of part in its own, each
figure's numbers in their own: see ``_Moments.add``), each after its length and
raw-deflated in a block of its own, written as web_text's text: the same text goes
in the page saved and in a link's fragment (where the pointer's moments alone may be
thinned to fit: ``pack(pointer_ms)``, web_page.link).
"""

from __future__ import annotations

import json
import re
import zlib
from enum import Enum
from typing import Any

from game.analysis.glossary import label_of
from game.core.game import Game
from game.core.look import Look
from game.core.solved import SolvedSoFar
from game.core.status import Status
from game.flows.end_of_game import code_of
from game.flows.web_text import to_text
from game.language import N_, Words, current, gettext, ngettext
from game.modes.watching import Watching
from game.replay.drive import Driver, ReplayClock
from game.replay.figures import GameNumbers
from game.replay.format import EventKind, Replay
from game.replay.path import PathMeter
from game.session.geometry import MENU_BAR, Layout, led_digits
from game.session.picture import picture_of
from game.session.play import PlaySession, deal_again
from game.session.table import GameStarted, MoveApplied, Table, TableEvent, Via
from game.view.render import led_text, tile_for
from game.view.sheet import FACES, TILES
from game.words import WEB_FIGURES

VERSION = 2
"""The packed form's version (the page refuses another)."""
POINTER_MS = 50
"""The least time between two moments that only move the pointer (the GIF's frame,
game.view.animation.FRAME_MS: 20 a second)."""
LEAD_MS = 500
"""The untouched board before the first event (as the viewer and the GIF show it)."""
MAX_CELLS = 250_000
"""The largest board worked out for a page."""

# A moment's parts, as bits of its first varint after its time.
POINTER_BIT, CELLS_BIT, FACE_BIT, COUNTER_BIT, TIMER_BIT, FIGURES_BIT, SOLVED_BIT = (
    1 << bit for bit in range(7)
)
NO_POINTER_BIT = 1 << 8
MOVE_BIT = 1 << 7
"""A move was played at this moment (where step back and step on stop)."""
PLACES = 4
"""The figures' numbers are sent in a stream for each figure and place (a figure's
numbers past its fourth share its fourth's)."""
BASE_STREAMS = 13
(STEPS, PARTS, POINTER_X, POINTER_Y, CELL_COUNTS, CELL_FIRST, CELL_GAPS, CELL_TILES, FACES_OUT,
 LEDS, MASKS, SHAPES, SOLVED) = range(BASE_STREAMS)  # fmt: skip
"""The streams: each kind of part in its own (deflate codes like with like the
better), then the figures' numbers (BASE_STREAMS + figure * PLACES + place)."""


class WebError(ValueError):
    """The replay cannot be made a page (one line: why)."""


NUMBER = re.compile(r"[0-9]+(?:([.,])([0-9]+))?")
HOLE = "\x00"
"""Where a number stood in a figure's shape; the character after it is its
decimals' separator and the one after that how many decimals it has (chr(48 + n)),
or "_" "0" for a whole number."""


def shape_of(value: str) -> tuple[str, list[int]]:
    """A figure's words as a shape and its numbers (each with its decimals as one
    whole number): "20.530 s" is ("\0.3 s", [20530]). Words whose numbers do not
    come back the same (leading zeros) are a shape with no number."""
    numbers: list[int] = []
    parts: list[str] = []
    last = 0
    for match in NUMBER.finditer(value):
        whole = match.group(0)
        sep, decimals = match.group(1) or "_", match.group(2) or ""
        digits = whole.replace(sep, "") if decimals else whole
        if len(digits) > 1 and digits[0] == "0" and len(digits) - len(decimals) > 1:
            return value.replace(HOLE, ""), []
        parts += [value[last : match.start()], HOLE, sep, chr(48 + len(decimals))]
        numbers.append(int(digits))
        last = match.end()
    parts.append(value[last:])
    shape = "".join(parts)
    if shape.count(HOLE) != len(numbers) or HOLE in value:
        return value.replace(HOLE, ""), []
    return shape, numbers


def words_of(shape: str, numbers: list[int]) -> str:
    """The words again from a shape and its numbers (what the page does)."""
    out: list[str] = []
    k = 0
    place = 0
    while k < len(shape):
        if shape[k] != HOLE:
            out.append(shape[k])
            k += 1
            continue
        sep, decimals = shape[k + 1], ord(shape[k + 2]) - 48
        digits = str(numbers[place]).rjust(decimals + 1, "0")
        place += 1
        out.append(f"{digits[:-decimals]}{sep}{digits[-decimals:]}" if decimals else digits)
        k += 3
    return "".join(out)


def _date(when: str) -> str:
    """A replay's date as a person reads it: ours (2024-08-10T18:06:00) with a space
    for its T; the community's as their files write them."""
    return f"{when[:10]} {when[11:]}" if when[10:11] == "T" else when


def _varint(out: bytearray, value: int) -> None:
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


def _signed(out: bytearray, value: int) -> None:
    _varint(out, (value << 1) if value >= 0 else ((-value << 1) - 1))


def _text(out: bytearray, value: str) -> None:
    data = value.encode("utf-8")
    _varint(out, len(data))
    out += data


def _led(out: bytearray, value: str, before: str) -> None:
    """An LED counter's characters: as each one's step from the one before in its
    place (mostly nothing), when as many and all ASCII; else as UTF-8."""
    if len(value) == len(before) and max(map(ord, value + before), default=0) < 128:
        _varint(out, len(value) * 2 + 1)
        out += bytes((ord(c) - ord(b)) % 128 for c, b in zip(value, before, strict=True))
    else:
        data = value.encode("utf-8")
        _varint(out, len(data) * 2)
        out += data


class _Kind(Enum):
    """What a sample was taken at."""

    TICK = "tick"
    """The start or a second of the timer (never a moment of the pointer alone)."""
    EVENT = "event"
    LAST = "last"
    """The last event (always a moment)."""


_Sample = tuple[
    int,
    list[int] | dict[int, int],
    set[int] | None,
    tuple[int, str, str],
    list[str] | None,
    int,
    tuple[int, int] | None,
    _Kind,
    bool,
]
"""A sample: its time, the tiles (all, or those that may have changed: the
candidates), the face and LED texts, the figures (or None), the 3BV solved, the
pointer, its kind, whether a move was played."""


class _Moments:
    """The moments written so far and what the page shows after the last one."""

    def __init__(self, cells: int, start: int, figures: int, clock: int) -> None:
        self.streams = [bytearray() for _ in range(BASE_STREAMS + figures * PLACES)]
        """The moments' parts, each kind in a stream of its own (a deflate of
        like with like is the smaller): times and parts, pointer, cells, faces and
        LED characters, figures' numbers, figures' shapes, 3BV solved."""
        self.count = 0
        self.ms = start
        self.tiles = [-1] * cells
        self.face = -1
        self.counter = ""
        self.timer = ""
        self.pointer: tuple[int, int] | None = None
        self.drawn_pointer: tuple[int, int] | None = None
        self.figures: list[str] = []
        self.shapes: dict[str, int] = {}
        self.numbers: dict[int, tuple[str, list[int], int]] = {}
        self.solved = -1
        self.clock = clock
        """The figure whose first number is sent as a step less the moment's (the
        game's time, which moves as the moments do)."""

    def _figure(self, k: int, value: str, ms: int) -> None:
        """A figure's words at a moment's time ``ms``: its shape (the words with each
        number taken out; by its place in the shapes met so far, or new), then each
        number as a step from the one in the same place of this figure's words
        before, when of the same shape (for the clock's figure, less the time since
        those words: nothing while the game's time runs)."""
        shapes = self.streams[SHAPES]
        shape, numbers = shape_of(value)
        before = self.numbers.get(k)
        same = before is not None and before[0] == shape
        known = self.shapes.get(shape)
        if same:
            _varint(shapes, 0)
        elif known is None:
            self.shapes[shape] = len(self.shapes) + 2
            _varint(shapes, 1)
            _text(shapes, shape)
        else:
            _varint(shapes, known)
        for place, number in enumerate(numbers):
            out = self.streams[BASE_STREAMS + k * PLACES + min(place, PLACES - 1)]
            was = 0
            if same and before:
                was = before[1][place] + (ms - before[2] if k == self.clock and not place else 0)
            _signed(out, number - was)
        self.numbers[k] = (shape, numbers, ms)

    def add(
        self,
        ms: int,
        tiles: list[int] | dict[int, int],
        candidates: set[int] | None,
        shown: tuple[int, str, str],
        figures: list[str] | None,
        solved: int,
        *,
        pointer_only_ok: bool,
        moved: bool = False,
    ) -> bool:
        """One moment, if anything differs (a pointer alone only when
        ``pointer_only_ok``); whether it was written."""
        face, counter, timer = shown
        drawn = self.tiles
        if candidates is None:
            changed = [(k, tile) for k, tile in enumerate(tiles) if tile != drawn[k]]
        else:
            changed = sorted((k, tiles[k]) for k in candidates if tiles[k] != drawn[k])
        figure_changes = (
            []
            if figures is None
            else [(k, value) for k, value in enumerate(figures) if k >= len(self.figures)
                  or value != self.figures[k]]
        )  # fmt: skip
        bits = 0
        if changed:
            bits |= CELLS_BIT
        if face != self.face:
            bits |= FACE_BIT
        if counter != self.counter:
            bits |= COUNTER_BIT
        if timer != self.timer:
            bits |= TIMER_BIT
        if figure_changes:
            bits |= FIGURES_BIT
        if solved != self.solved:
            bits |= SOLVED_BIT
        if moved:
            bits |= MOVE_BIT
        if not bits and not pointer_only_ok:
            return False
        if self.pointer != self.drawn_pointer:
            bits |= POINTER_BIT if self.pointer is not None else NO_POINTER_BIT
        if not bits:
            return False
        streams = self.streams
        step = max(0, ms - self.ms)
        _varint(streams[STEPS], step)
        _varint(streams[PARTS], bits)
        if bits & POINTER_BIT:
            assert self.pointer is not None
            before = self.drawn_pointer or (0, 0)
            _signed(streams[POINTER_X], self.pointer[0] - before[0])
            _signed(streams[POINTER_Y], self.pointer[1] - before[1])
            self.drawn_pointer = self.pointer
        if bits & NO_POINTER_BIT:
            self.drawn_pointer = None
        if changed:
            _varint(streams[CELL_COUNTS], len(changed))
            last = -1
            for k, tile in changed:
                _varint(streams[CELL_GAPS if last >= 0 else CELL_FIRST], k - last - 1)
                streams[CELL_TILES].append(tile)
                last = k
                self.tiles[k] = tile
        if bits & FACE_BIT:
            streams[FACES_OUT].append(face)
            self.face = face
        if bits & COUNTER_BIT:
            _led(streams[LEDS], counter, self.counter)
            self.counter = counter
        if bits & TIMER_BIT:
            _led(streams[LEDS], timer, self.timer)
            self.timer = timer
        if figure_changes:
            assert figures is not None
            _varint(self.streams[MASKS], sum(1 << k for k, _ in figure_changes))
            for k, value in figure_changes:
                self._figure(k, value, max(ms, self.ms))
            self.figures = list(figures)
        if bits & SOLVED_BIT:
            _signed(self.streams[SOLVED], solved - max(self.solved, 0))
            self.solved = solved
        self.ms = max(ms, self.ms)
        self.count += 1
        return True


class WebReplay:
    """A replay worked out for the page: its header (``header``) and its moments
    packed (``moments``, ``count``)."""

    def __init__(self, replay: Replay, caption: str = "") -> None:
        board = replay.board
        if board.rows * board.cols > MAX_CELLS:
            raise WebError(
                Words(
                    N_("a {rows}x{cols} board is larger than a web page is made for"),
                    rows=board.rows,
                    cols=board.cols,
                )
            )
        self.replay = replay
        self.layout = Layout(board.rows, board.cols, digits=led_digits(board.mines))
        self.names = list(WEB_FIGURES)
        self.header = self._header(replay, caption)
        self._laid: tuple[object, int | None] = ((), None)
        self._samples: list[_Sample] = []
        """What the page would show at each event's time and each second, as played
        (the moments are written from them, at a thinning of the pointer's)."""
        self._play()
        self._written: dict[int, _Moments] = {}

    @property
    def count(self) -> int:
        return self.moments().count

    def moments(self, pointer_ms: int = POINTER_MS) -> _Moments:
        """The moments, a pointer's alone at most one each ``pointer_ms``."""
        if pointer_ms not in self._written:
            board = self.replay.board
            cells, start = board.rows * board.cols, int(self.header["start"])
            moments = _Moments(cells, start, len(self.names), int(self.header["clock"]))
            last_pointer_ms = -(10**9)
            for ms, tiles, candidates, shown, values, solved, pointer, kind, moved in self._samples:
                moments.pointer = pointer
                due = kind is _Kind.LAST or (
                    kind is _Kind.EVENT and ms - last_pointer_ms >= pointer_ms
                )
                before = moments.count
                moments.add(
                    ms, tiles, candidates, shown, values, solved,
                    pointer_only_ok=due, moved=moved,
                )  # fmt: skip
                if kind is not _Kind.TICK and moments.count != before:
                    last_pointer_ms = ms
            self._written[pointer_ms] = moments
        return self._written[pointer_ms]

    def _header(self, replay: Replay, caption: str) -> dict[str, Any]:
        layout = self.layout

        def rect(r: tuple[int, int, int, int]) -> list[int]:
            return [r[0], r[1] - MENU_BAR, r[2], r[3]]

        width, height = layout.size
        board = replay.board
        ox, oy = layout.board_origin
        events = replay.events
        return {
            "v": VERSION,
            "rows": board.rows,
            "cols": board.cols,
            "mines": board.mines,
            "size": [width, height - MENU_BAR],
            "origin": [ox, oy - MENU_BAR],
            "frames": {
                "raised3": rect(layout.frame),
                "sunken2": rect(layout.panel),
                "sunken3": rect(layout.board_frame),
                "sunken1": [rect(layout.mine_counter), rect(layout.timer)],
            },
            "counter": rect(layout.mine_counter),
            "timer": rect(layout.timer),
            "face": rect(layout.face),
            "labels": [gettext(label_of(name)) for name in self.names],
            "keys": self.names,
            "lang": current(),
            "named": [board.difficulty.value, replay.rules.mode.value],
            "clock": self.names.index("time") if "time" in self.names else -1,
            "player": replay.player,
            "caption": caption,
            "mode": self._mode(replay),
            "code": self._code(replay),
            "date": _date(replay.date),
            "result": replay.result.value,
            "ms": replay.ms,
            "bbbv": replay.bbbv or 0,
            "start": min(0, events[0].ms if events else 0) - LEAD_MS,
            "end": events[-1].ms if events else 0,
            "tournament": replay.tournament,
        }

    @staticmethod
    def _mode(replay: Replay) -> str:
        """The board and the rule mode, as a player reads them."""
        board = replay.board
        sized = ngettext("{rows}x{cols}, {n} mine", "{rows}x{cols}, {n} mines", board.mines)
        sized = sized.format(rows=board.rows, cols=board.cols, n=board.mines)
        return f"{gettext(board.difficulty.label)}: {sized}, {gettext(replay.rules.mode.short)}"

    @staticmethod
    def _code(replay: Replay) -> str:
        """The board's code, as the end-of-game panel gives it: the game dealt again
        from the replay's seed and its first move played (which lays the mines), if
        that lays the replay's own mines; "" when it has none (no seed: a community
        file)."""
        if replay.seed is None or replay.minefield is None:
            return ""
        clock = ReplayClock()
        session = PlaySession(deal_again(None, replay.board, replay.rules, replay.seed), clock)
        first = next((event.move for event in replay.events if event.move is not None), None)
        if first is None:
            return ""
        session.act(first)
        code = code_of(session)
        same = session.game.minefield == replay.minefield
        return "" if code is None or not same else code.code

    def _play(self) -> None:
        replay = self.replay
        clock = ReplayClock()
        start = float(self.header["start"])
        clock.ms = start
        table = Table.of(Watching(replay), clock)
        flags = [0]

        changed: set[tuple[int, int]] = set()
        """The cells whose look a move changed since the last moment (its delta)."""

        so_far = SolvedSoFar()
        """The 3BV solved, kept from each move's changed cells as the live counters keep
        it (Game.bbbv_solved looks at the whole board: a 250x250 game's link took 189 s)."""

        def heard(event: TableEvent) -> None:  # (the flags as the live counters count them)
            if isinstance(event, MoveApplied):
                changed.update(event.delta.changed)
                so_far.heard(event.delta)
            if isinstance(event, GameStarted) or (
                isinstance(event, MoveApplied) and event.session.game.status is not Status.WON
            ):
                flags[0] = event.session.game.flags

        table.tap(heard)
        driver = Driver(replay, clock)
        meter = PathMeter()
        rows, cols = replay.board.rows, replay.board.cols
        cells = [(row, col) for row in range(rows) for col in range(cols)]
        looks = [0] * (rows * cols)
        state = {"full": True}
        pressed_before: list[frozenset[tuple[int, int]]] = [frozenset()]
        solved = [0]

        pointer: tuple[int, int] | None = None

        def sample(ms: float, kind: _Kind, *, figures: bool, moved: bool = False) -> None:
            session = table.session
            game = session.game
            picture = picture_of(session, driver.machine.feedback, counter_below_zero=True)
            pressed = picture.pressed
            candidates: set[int] | None = None
            tiles: list[int] | dict[int, int]
            if state["full"]:
                looks[:] = [tile_index(game.look(r, c), (r, c) in pressed) for r, c in cells]
                state["full"] = False
                tiles = list(looks)
            else:
                if changed:
                    solved[0] = so_far.of(game)[1]
                candidates = set()
                for r, c in pressed | pressed_before[0] | changed:
                    k = r * cols + c
                    looks[k] = tile_index(game.look(r, c), (r, c) in pressed)
                    candidates.add(k)
                changed.clear()
                tiles = {k: looks[k] for k in candidates}
            pressed_before[0] = pressed
            digits = self.layout.digits
            shown = (
                FACES.index(picture.face),
                led_text(picture.counter, digits),
                led_text(picture.timer, digits),
            )
            values = self._figures(table, flags[0], meter.path, solved[0]) if figures else None
            self._samples.append(
                (int(ms), tiles, candidates, shown, values, solved[0], pointer, kind, moved)
            )

        sample(start, _Kind.TICK, figures=True)
        while not driver.finished:
            upcoming = driver.upcoming
            assert upcoming is not None
            session = table.session
            tick = None
            if session.status is Status.PLAYING and not session.paused:
                elapsed = session.elapsed_ms
                tick = clock.ms + (1000 - elapsed % 1000)
            if tick is not None and tick < upcoming:
                clock.ms = tick
                sample(tick, _Kind.TICK, figures=True)
                continue
            moved = False
            while driver.upcoming == upcoming:
                event, _ = driver.next()
                if event.kind is not EventKind.CANCEL:
                    pointer = (event.x, event.y)
                meter.add(event.kind, event.x, event.y, event.move is not None)
                if event.move is not None:
                    table.act(event.move, Via.MOUSE)
                    moved = True
            kind = _Kind.LAST if driver.finished else _Kind.EVENT
            sample(upcoming, kind, figures=moved or driver.finished, moved=moved)

    def _figures(self, table: Table, flags: int, path: float, solved: int) -> list[str]:
        """The live counters' figures now, as the panel words them."""
        session = table.session
        game = session.game
        board = session.board
        laid = game.minefield is not None
        numbers = GameNumbers(
            (board.rows, board.cols, board.mines),
            game.status is Status.WON,
            int(session.elapsed_ms) / 1000,
            (self._bbbv(game) if laid else None, solved),
            session.clicks,
            flags,
            path,
        )
        return [numbers.words(name) or "" for name in self.names]

    def _bbbv(self, game: Game) -> int | None:
        """The board's 3BV, worked out once a layout (a fate may move the mines)."""
        field = game.minefield
        if self._laid[0] is not field:
            self._laid = (field, game.bbbv)
        return self._laid[1]

    def solved_at(self) -> dict[int, int]:
        """The 3BV solved at each moment's time (ms; the last of that ms)."""
        return {sample[0]: sample[5] for sample in self._samples}

    def pack(self, pointer_ms: int = POINTER_MS) -> str:
        """The header and the moments, raw-deflated (each stream a block of its own,
        with its own codes: the streams are unlike each other), as text (web_text)."""
        head = json.dumps(self.header, ensure_ascii=False, separators=(",", ":")).encode()
        parts = [bytearray(), bytearray()]
        _varint(parts[0], len(head))
        parts[0] += head
        moments = self.moments(pointer_ms)
        _varint(parts[1], moments.count)
        for stream in moments.streams:
            part = bytearray()
            _varint(part, len(stream))
            parts.append(part + stream)
        packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
        packed = b"".join(packer.compress(bytes(p)) + packer.flush(zlib.Z_BLOCK) for p in parts)
        return to_text(packed + packer.flush())


_INDEX = {tile: k for k, tile in enumerate(TILES)}


def tile_index(look: Look, pressed: bool) -> int:
    """A look's tile as the renderer draws it: its place in the sheet's row of tiles."""
    return _INDEX[tile_for(look, pressed)]
