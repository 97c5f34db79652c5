"""A replay as an animated GIF: the game window as it played, frame by frame.

The frames are drawn offscreen by the window's own renderer (the sprite sheet of the
look in use, the LED counters, the face) with the menu bar and the recorded pointer,
from a table fed by the replay's ``Driver`` at FRAME_MS of the GIF's time a frame
(``speed`` times as much of the game's). No window is needed.

Only what changed is stored: a frame that looks like the one before is not a frame
of its own (its time is added to that one's), and a frame that differs is the
rectangle around the change, placed at its offset over the picture before. The last
frame (the final position) is held for STILL_MS. Every frame shares one palette,
made from the sheet's colours and the first frame's.

The work is done in slices (``GifExport.step``), so a window can export while it
keeps answering: the file is written to a temporary file beside the target and put
in its place at the end; ``cancel`` (or a failure) leaves no file behind.
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, cast

import pygame
from PIL import GifImagePlugin, Image, ImageChops

from game.language import gettext
from game.modes.watching import Watching
from game.persist.store import create_temp
from game.replay.drive import Driver, ReplayClock
from game.replay.format import EventKind, Replay
from game.session.geometry import Layout, led_digits
from game.session.picture import picture_of
from game.session.table import Table, Via
from game.view.commands import KeyMap
from game.view.menus import MENUS
from game.view.render import POINTER_EDGE, POINTER_FILL, Renderer, draw_pointer
from game.view.theme import Theme
from game.view.widgets.menubar import MenuBar

FRAME_MS = 50
"""A frame's time in the GIF (20 frames a second; GIF times are in hundredths)."""
STILL_MS = 2000
"""How long the final position stays before the GIF starts again."""
LEAD_MS = 500
"""A moment of the untouched board before the first event (as the viewer has)."""
MAX_SIDE = 65535
"""The largest width or height a GIF can say."""
MAX_FRAME_PIXELS = 16_000_000
"""The largest frame drawn (4000 x 4000 pixels): its surface, its pixels and the
images made of them take a few hundred MB; a larger one is refused before anything
is allocated (a 1000x1000 board at zoom 2 would be 4 billion pixels' worth)."""
SLICE_MS = 8.0
"""How long one ``step`` works, by default."""
MAX_GIF_S = 3600
"""The longest GIF made, in its own time (72,000 frames' steps, some minutes of
drawing; the longest real replay seen, 1,184 s, is a third of it): a replay that would
last longer (a hostile file's last event a day on) is refused at once, saying the
speed that fits, where it was drawn a frame each FRAME_MS for days."""


class ExportError(Exception):
    """The GIF cannot be made (one line: why)."""


def _bucket(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Pillow maps a colour to its palette through boxes of 4 levels a channel: one
    palette colour a box keeps each one exact."""
    return (colour[0] >> 2, colour[1] >> 2, colour[2] >> 2)


def colours_of(image: Image.Image) -> list[tuple[int, int, int]]:
    """An RGB image's colours, the commonest first."""
    counted = image.getcolors(image.width * image.height) or []
    ordered = sorted(counted, key=lambda counted: counted[0], reverse=True)
    return [cast("tuple[int, int, int]", colour) for _, colour in ordered]


def palette_of(
    keys: Sequence[tuple[int, int, int]], image: Image.Image
) -> list[tuple[int, int, int]]:
    """At most 256 colours: the ``keys`` first (drawn exactly), then the image's
    commonest colours, one to each of Pillow's colour boxes."""
    others = colours_of(image)
    chosen: list[tuple[int, int, int]] = []
    boxes: set[tuple[int, int, int]] = set()
    for colour in [*keys, *others]:
        box = _bucket(colour)
        if box not in boxes and len(chosen) < 256:
            boxes.add(box)
            chosen.append(colour)
    return chosen


def _rgb(surface: pygame.Surface) -> Image.Image:
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def frame_size(layout: Layout, zoom: int) -> tuple[int, int]:
    """A GIF's frame size for a window layout at a zoom, in pixels."""
    width, height = layout.size
    return (width * zoom, height * zoom)


def check_size(layout: Layout, zoom: int, what: str) -> None:
    """ExportError (one line, saying which zoom would do, if any) when the frames at
    this zoom would pass MAX_FRAME_PIXELS or MAX_SIDE."""

    def fits(z: int) -> bool:
        width, height = frame_size(layout, z)
        return width * height <= MAX_FRAME_PIXELS and max(width, height) <= MAX_SIDE

    if fits(zoom):
        return
    width, height = frame_size(layout, zoom)
    smaller = [z for z in range(zoom - 1, 0, -1) if fits(z)]
    if smaller:
        choice = gettext("zoom {zoom} would fit").format(zoom=smaller[0])
    else:
        choice = gettext("no zoom makes it small enough")
    said = gettext(
        "{what} at zoom {zoom} makes frames of {size} pixels, more than a GIF may have "
        "here ({n} million); {choice}"
    )
    size, most = f"{width}x{height}", MAX_FRAME_PIXELS // 1_000_000
    raise ExportError(said.format(what=what, zoom=zoom, size=size, n=most, choice=choice))


def check_length(span_ms: float, speed: float) -> None:
    """ExportError (one line, saying the speed that fits) when a replay of this span
    played at ``speed`` makes a GIF longer than MAX_GIF_S."""
    lasts_s = span_ms / speed / 1000
    if lasts_s <= MAX_GIF_S:
        return
    fits = math.ceil(span_ms / 1000 / MAX_GIF_S)
    said = gettext(
        "the GIF would last {minutes} minutes, more than {most}; a speed of {speed} or "
        "more makes it fit"
    )
    minutes, most = round(lasts_s / 60), MAX_GIF_S // 60
    raise ExportError(said.format(minutes=minutes, most=most, speed=fits))


class GifExport:
    """One replay being written as a GIF, a slice at a time (``step``) or at once
    (``run``)."""

    def __init__(
        self,
        replay: Replay,
        target: str | Path,
        *,
        speed: float = 1.0,
        zoom: int = 1,
        theme: Theme | None = None,
        counter_below_zero: bool = True,
    ) -> None:
        if speed <= 0:
            raise ExportError(gettext("the speed is above 0"))
        self.replay = replay
        self.target = Path(target)
        self.speed = speed
        self.zoom = zoom
        board = replay.board
        self.layout = Layout(board.rows, board.cols, digits=led_digits(board.mines))
        self.size = frame_size(self.layout, zoom)
        what = gettext("a {size} board").format(size=f"{board.rows}x{board.cols}")
        check_size(self.layout, zoom, what)
        self.renderer = Renderer(self.layout, zoom, theme)
        self.counter_below_zero = counter_below_zero
        self.screen = pygame.Surface(self.size)
        self.clock = ReplayClock()
        events = replay.events
        self.start_ms = float(min(0, events[0].ms if events else 0) - LEAD_MS)
        self.end_ms = float(events[-1].ms if events else 0)
        self.clock.ms = self.start_ms
        check_length(self.end_ms - self.start_ms, speed)
        self.table = Table.of(Watching(replay), self.clock)
        self.table.start(Watching(replay))
        self.driver = Driver(replay, self.clock)
        self.pointer: tuple[int, int] | None = None
        self.bar = MenuBar(MENUS, KeyMap, lambda _command: None)
        self.frames = 0
        """Frames written so far (each unlike the one before)."""
        self.done = False
        """The GIF is in its place."""
        self.cancelled = False
        self._palette: Image.Image | None = None
        self._previous: bytes | None = None
        self._previous_image: Image.Image | None = None
        self._pending: tuple[Image.Image, tuple[int, int], int] | None = None
        fd, self.temp = create_temp(self.target.parent, self.target.name)
        self._file: IO[bytes] | None = os.fdopen(fd, "wb")

    # ------------------------------------------------------------------ progress

    @property
    def progress(self) -> float:
        """How much of the replay is drawn, 0 to 1."""
        if self.done:
            return 1.0
        span = self.end_ms - self.start_ms
        return 1.0 if span <= 0 else max(0.0, min(1.0, (self.clock.ms - self.start_ms) / span))

    def step(self, budget_ms: float = SLICE_MS) -> bool:
        """Draw and write frames for about ``budget_ms`` (one at least); True once
        the GIF is in its place. A failure to write removes the temporary file and
        raises OSError."""
        if self.done or self.cancelled:
            return self.done
        until = time.perf_counter() + budget_ms / 1000
        try:
            while True:
                last = self.driver.finished
                self._frame(STILL_MS if last else FRAME_MS)
                if last:
                    self._finish()
                    return True
                self._advance()
                if time.perf_counter() >= until:
                    return False
        except BaseException:
            self.cancel()
            raise

    def run(self) -> Path:
        """Write the whole GIF; where it is."""
        while not self.step(1000.0):
            pass
        return self.target

    def cancel(self) -> None:
        """Stop, and leave no file (neither the GIF nor the temporary one)."""
        if self.done:
            return
        self.cancelled = True
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None
        with contextlib.suppress(OSError):
            self.temp.unlink()

    # ------------------------------------------------------------------ frames

    def _advance(self) -> None:
        """The game FRAME_MS of the GIF's time later (``speed`` times that of the game's)."""
        target = self.clock.ms + FRAME_MS * self.speed
        for event in self.driver.until(target):
            if event.kind is not EventKind.CANCEL:
                self.pointer = (event.x, event.y)
            if event.move is not None:
                self.table.act(event.move, Via.MOUSE)
        if not self.driver.finished:
            self.clock.ms = target

    def _draw(self) -> pygame.Surface:
        """The window as the replay has it now: the board, the counters and the
        face, the menu bar, the pointer."""
        session = self.table.session
        picture = picture_of(
            session, self.driver.machine.feedback, counter_below_zero=self.counter_below_zero
        )
        renderer = self.renderer
        screen = self.screen
        renderer.invalidate()
        renderer.draw(screen, session.game, picture)
        self.bar.draw(screen, renderer.sprites, pygame.Rect(renderer.scaled(self.layout.menu_bar)))
        if self.pointer is not None:
            bx, by = self.layout.board_origin
            x, y = self.pointer
            draw_pointer(screen, ((bx + x) * self.zoom, (by + y) * self.zoom), self.zoom)
        return screen

    def _frame(self, ms: int) -> None:
        """Draw a frame shown for ``ms``: as part of the one before if it looks the
        same, else the rectangle that changed."""
        pixels = pygame.image.tobytes(self._draw(), "RGB")
        if pixels == self._previous and self._pending is not None:
            image, offset, shown = self._pending
            self._pending = (image, offset, shown + ms)
            return
        current = Image.frombytes("RGB", self.size, pixels)
        if self._palette is None:
            self._palette = self._make_palette(current)
            self._write(self._header(current))
            box: tuple[int, int, int, int] | None = (0, 0, *self.size)
        else:
            assert self._previous_image is not None
            box = ImageChops.difference(current, self._previous_image).getbbox()
        assert box is not None
        self._previous, self._previous_image = pixels, current
        part = current.crop(box).quantize(palette=self._palette, dither=Image.Dither.NONE)
        self._flush()
        self._pending = (part, (box[0], box[1]), ms)

    def _make_palette(self, first: Image.Image) -> Image.Image:
        sheet = _rgb(self.renderer.sprites.image)
        colours = palette_of([POINTER_FILL, POINTER_EDGE, *colours_of(sheet)], first)
        palette = Image.new("P", (1, 1))
        palette.putpalette([value for colour in colours for value in colour])
        return palette

    def _header(self, first: Image.Image) -> bytes:
        assert self._palette is not None
        image = first.quantize(palette=self._palette, dither=Image.Dither.NONE)
        parts, _ = GifImagePlugin.getheader(image, None, {"loop": 0})
        return b"".join(parts)

    def _flush(self) -> None:
        """Write the frame waiting for its time."""
        if self._pending is None:
            return
        image, offset, ms = self._pending
        self._pending = None
        self._write(b"".join(GifImagePlugin.getdata(image, offset, duration=ms)))
        self.frames += 1

    def _write(self, data: bytes) -> None:
        assert self._file is not None
        self._file.write(data)

    def _finish(self) -> None:
        self._flush()
        self._write(b";")  # the GIF's trailer
        assert self._file is not None
        self._file.flush()
        os.fsync(self._file.fileno())
        self._file.close()
        self._file = None
        os.replace(self.temp, self.target)
        self.done = True


def export_gif(
    replay: Replay, target: str | Path, *, speed: float = 1.0, zoom: int = 1
) -> GifExport:
    """Write a replay as a GIF at once (no window); the finished export."""
    export = GifExport(replay, target, speed=speed, zoom=zoom)
    export.run()
    return export
