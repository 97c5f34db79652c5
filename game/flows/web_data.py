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

The packed form (``pack``): a varint length and the header in JSON (UTF-8), then
each moment as varints (see ``_moment``), all compressed with raw deflate and
written in base64url: the same text goes in the page saved and in a link's fragment.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

from game.analysis.glossary import label_of
from game.core.game import Game
from game.core.look import Look
from game.core.status import Status
from game.flows.end_of_game import code_of
from game.language import gettext, ngettext
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
from game.words import DEFAULT_FIGURES, RACE_LABELS

VERSION = 1
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
STREAMS = 7
TIMES, TRAIL, CELLS, PANEL, FIGURES, SHAPES, SOLVED = range(STREAMS)


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


class _Moments:
    """The moments written so far and what the page shows after the last one."""

    def __init__(self, cells: int, start: int) -> None:
        self.streams = [bytearray() for _ in range(STREAMS)]
        """The moments' parts, each kind in a stream of its own (a deflate of
        like with like is the smaller): times and parts, pointer, cells, faces and
        LED characters, figures' numbers, figures' shapes, 3BV solved."""
        self.out = self.streams[0]
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
        self.numbers: dict[int, tuple[str, list[int]]] = {}
        self.solved = -1

    def _figure(self, k: int, value: str) -> None:
        """A figure's words: its shape (the words with each number taken out; by its
        place in the shapes met so far, or new), then each number as a step from the
        one in the same place of this figure's words before, when of the same shape."""
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
        out = self.streams[FIGURES]
        for place, number in enumerate(numbers):
            _signed(out, number - (before[1][place] if same and before else 0))
        self.numbers[k] = (shape, numbers)

    def add(
        self,
        ms: int,
        tiles: list[int],
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
        out = self.out
        _varint(out, max(0, ms - self.ms))
        _varint(out, bits)
        if bits & POINTER_BIT:
            assert self.pointer is not None
            before = self.drawn_pointer or (0, 0)
            _signed(self.streams[TRAIL], self.pointer[0] - before[0])
            _signed(self.streams[TRAIL], self.pointer[1] - before[1])
            self.drawn_pointer = self.pointer
        if bits & NO_POINTER_BIT:
            self.drawn_pointer = None
        if changed:
            out = self.streams[CELLS]
            _varint(out, len(changed))
            last = -1
            for k, tile in changed:
                _varint(out, k - last - 1)
                out.append(tile)
                last = k
                self.tiles[k] = tile
        out = self.streams[PANEL]
        if bits & FACE_BIT:
            out.append(face)
            self.face = face
        if bits & COUNTER_BIT:
            _text(out, counter)
            self.counter = counter
        if bits & TIMER_BIT:
            _text(out, timer)
            self.timer = timer
        if figure_changes:
            assert figures is not None
            _varint(self.streams[SHAPES], sum(1 << k for k, _ in figure_changes))
            for k, value in figure_changes:
                self._figure(k, value)
            self.figures = list(figures)
        if bits & SOLVED_BIT:
            _varint(self.streams[SOLVED], solved)
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
                f"a {board.rows}x{board.cols} board is larger than a web page is made for"
            )
        self.replay = replay
        self.layout = Layout(board.rows, board.cols, digits=led_digits(board.mines))
        self.names = [name for name in DEFAULT_FIGURES if name not in RACE_LABELS]
        self.header = self._header(replay, caption)
        self._laid: tuple[object, int | None] = ((), None)
        self._moments = _Moments(board.rows * board.cols, int(self.header["start"]))
        self._play()

    @property
    def moments(self) -> bytes:
        """The moments' streams, each after its length."""
        data = bytearray()
        for stream in self._moments.streams:
            _varint(data, len(stream))
            data += stream
        return bytes(data)

    @property
    def count(self) -> int:
        return self._moments.count

    def _header(self, replay: Replay, caption: str) -> dict[str, Any]:
        layout = self.layout
        top = MENU_BAR

        def rect(r: tuple[int, int, int, int]) -> list[int]:
            return [r[0], r[1] - top, r[2], r[3]]

        width, height = layout.size
        board = replay.board
        ox, oy = layout.board_origin
        events = replay.events
        return {
            "v": VERSION,
            "rows": board.rows,
            "cols": board.cols,
            "mines": board.mines,
            "size": [width, height - top],
            "origin": [ox, oy - top],
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
        return f"{board.difficulty.label}: {sized}, {replay.rules.mode.short}"

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
        moments = self._moments
        start = float(self.header["start"])
        clock.ms = start
        table = Table.of(Watching(replay), clock)
        flags = [0]

        changed: set[tuple[int, int]] = set()
        """The cells whose look a move changed since the last moment (its delta)."""

        def heard(event: TableEvent) -> None:  # (the flags as the live counters count them)
            if isinstance(event, MoveApplied):
                changed.update(event.delta.changed)
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

        def sample(ms: float, *, figures: bool, pointer_only_ok: bool, moved: bool = False) -> None:
            session = table.session
            game = session.game
            picture = picture_of(session, driver.machine.feedback, counter_below_zero=True)
            pressed = picture.pressed
            candidates: set[int] | None = None
            if state["full"]:
                looks[:] = [tile_index(game.look(r, c), (r, c) in pressed) for r, c in cells]
                state["full"] = False
            else:
                if changed:
                    solved[0] = game.bbbv_solved()
                candidates = set()
                for r, c in pressed | pressed_before[0] | changed:
                    k = r * cols + c
                    looks[k] = tile_index(game.look(r, c), (r, c) in pressed)
                    candidates.add(k)
                changed.clear()
            pressed_before[0] = pressed
            digits = self.layout.digits
            shown = (
                FACES.index(picture.face),
                led_text(picture.counter, digits),
                led_text(picture.timer, digits),
            )
            values = self._figures(table, flags[0], meter.path, solved[0]) if figures else None
            moments.add(
                int(ms), looks, candidates, shown, values, solved[0],
                pointer_only_ok=pointer_only_ok, moved=moved,
            )  # fmt: skip

        sample(start, figures=True, pointer_only_ok=False)
        last_pointer_ms = -(10**9)
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
                sample(tick, figures=True, pointer_only_ok=False)
                continue
            moved = False
            while driver.upcoming == upcoming:
                event, _ = driver.next()
                if event.kind is not EventKind.CANCEL:
                    moments.pointer = (event.x, event.y)
                meter.add(event.kind, event.x, event.y, event.move is not None)
                if event.move is not None:
                    table.act(event.move, Via.MOUSE)
                    moved = True
            due = upcoming - last_pointer_ms >= POINTER_MS or driver.finished
            before = moments.count
            sample(upcoming, figures=moved or driver.finished, pointer_only_ok=due, moved=moved)
            if moments.count != before:
                last_pointer_ms = upcoming

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

    def pack(self) -> str:
        """The header and the moments, compressed, in base64url (no padding)."""
        head = json.dumps(self.header, ensure_ascii=False, separators=(",", ":")).encode()
        data = bytearray()
        _varint(data, len(head))
        data += head
        _varint(data, self.count)
        data += self.moments
        packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
        packed = packer.compress(bytes(data)) + packer.flush()
        return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


_INDEX = {tile: k for k, tile in enumerate(TILES)}


def tile_index(look: Look, pressed: bool) -> int:
    """A look's tile as the renderer draws it: its place in the sheet's row of tiles."""
    return _INDEX[tile_for(look, pressed)]
