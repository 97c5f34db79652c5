"""The live counters' lines (game.scenes.counters): what a line is, and how one
is laid out and drawn in the panel (a label rendered once, kept by its words; a
value, its bars).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.record import Record, put
from game.view.fonts import UIFont, ui_font
from game.view.glyphs import Copies, Glyphs
from game.view.scale import TEXT
from game.view.theme import Colour
from game.view.theme import current as theme

FONT_SIZE = TEXT
"""The panel's words, at UI scale 1 (the dialogs' size)."""
PAD = 6
"""Between the panel's edge and its words, at 1x."""
GAP = 8
"""Between a label and its value, at 1x."""
BAR = 6
"""A bar's coloured height at 1x (the pace, the ghost), inside its edge."""


def bar_height(zoom: int) -> int:
    """A bar's room in a line, in window pixels: its colour, its edge above and
    below, and a pixel of ground under it (at 1x)."""
    return BAR * zoom + 2 * edge(zoom) + zoom


def edge(zoom: int) -> int:
    """A bar's edge, in window pixels."""
    return max(1, zoom // 2)


RENDERED_LIMIT = 512
"""Words kept rendered (by value) before the oldest are let go."""


class Row(Record):
    """A line of the panel: its label and value (as drawn), and a bar under it (each
    (share from 0 to 1 or -1 to 1, colour), drawn from the left or, signed, from the
    middle); ``error``: the value is a counter's error."""

    __slots__ = ("bars", "error", "key", "label", "signed", "value")

    key: str
    """Which counter: a figure's name, or ``own:`` and the name of one of the player's."""
    label: str
    value: str
    bars: tuple[tuple[float, Colour], ...]
    signed: bool
    error: bool

    def __init__(
        self,
        key: str,
        label: str,
        value: str,
        bars: tuple[tuple[float, Colour], ...] = (),
        signed: bool = False,
        error: bool = False,
    ) -> None:
        put(self, "key", key)  # (made for each line of each frame the words change)
        put(self, "label", label)
        put(self, "value", value)
        put(self, "bars", bars)
        put(self, "signed", signed)
        put(self, "error", error)

    def same_but_value(self, other: Row) -> bool:
        """The two lines differ in their value alone, if at all."""
        return (
            self.key == other.key
            and self.label == other.label
            and self.bars == other.bars
            and self.signed == other.signed
            and self.error == other.error
        )


class RowPainter:
    """Draws the panel's lines (a label rendered once, kept by its words) and lays
    them out."""

    def __init__(self) -> None:
        self._rendered: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._ground: dict[Colour, tuple[pygame.Surface, int, int]] = {}
        """A surface of each colour lines are cleared to, as large as a line has been
        (and its size)."""
        self._laid: tuple[object, list[pygame.Rect]] = ((), [])
        """The lines' boxes and what they were laid out for (the area, the heights
        and the lines' keys)."""

    @property
    def laid(self) -> list[pygame.Rect]:
        """The boxes of the lines last laid out and kept (``boxes``)."""
        return self._laid[1]

    def boxes(
        self,
        rows: list[Row],
        keys: list[str],
        area: pygame.Rect,
        heights: dict[str, int],
        font: Any,
        zoom: int,
    ) -> list[pygame.Rect]:
        """Each line's box, one under the other in the panel's inside, as many as
        fit (worked out once while the lines (``keys``: theirs), the area and their
        heights stay)."""
        key = (area, heights, keys)
        if self._laid[0] == key:
            return self._laid[1]
        pad = PAD * zoom
        x, width, y = area.x + pad, area.w - 2 * pad, area.y + pad
        boxes = []
        kept = True
        for row in rows:
            height = heights.get(row.key)
            if not height:  # (a line the sizes do not know: its own, each time)
                height, kept = height_of(font, row, width, zoom), False
            box = pygame.Rect(x, y, width, height)
            y += height
            if box.bottom > area.bottom - pad:
                break  # (more lines than room: the rest are not shown)
            boxes.append(box)
        if kept:
            self._laid = (key, boxes)
        return boxes

    def value_only(
        self,
        screen: pygame.Surface,
        font: UIFont,
        glyphs: Glyphs,
        copies: Copies,
        drawn: tuple[Row, pygame.Rect, pygame.Rect, int],
        row: Row,
        box: pygame.Rect,
    ) -> pygame.Rect | None:
        """A line drawn (its words, box, value's place and room: see CountersPanel)
        whose value alone changed, its value drawn anew in place (in its box): as
        wide, only the glyphs that changed (added to ``copies``, for the caller to
        blit); else its old and new places, cleared (a figure copied glyph by glyph,
        other words rendered: not kept). Where the value went; None when not so (its
        label, bars or box changed, or the value moves to another line): draw the
        whole line."""
        last, last_box, last_put, room = drawn
        if room < 0 or (last_box is not box and last_box != box):
            return None
        if row.bars or row.error or not last.same_but_value(row):
            return None  # (its label, bars or kind changed, not only its value)
        if glyphs.redraw(copies, last.value, row.value, last_put.x, last_put.y):
            return last_put
        look = theme()
        value: pygame.Surface | None = None
        figure, tall = glyphs.width(row.value), glyphs.height
        if figure is None:
            value = font.render(row.value, True, look.text)
            width, tall = value.get_width(), min(value.get_height(), font.get_linesize())
        else:
            width = figure
        if (width <= room) is not (last_put.y == box.y):
            return None  # (it moves between the label's line and the one under it)
        put = pygame.Rect(box.right - width, last_put.y, width, tall)
        # (both end at the box's right: their union, in the box)
        left = max(box.x, min(put.x, last_put.x))
        low = min(box.bottom, put.y + max(tall, last_put.h))
        spot = pygame.Rect(left, put.y, box.right - left, max(0, low - put.y))
        self.clear(screen, spot, look.face)
        if value is None:
            glyphs.draw(screen, row.value, put.x, put.y)
        else:
            screen.blit(value, put, pygame.Rect((0, 0), put.size))
        return put

    def clear(self, screen: pygame.Surface, spot: pygame.Rect, colour: Colour) -> None:
        """A spot of the screen cleared to a colour: the same pixels as a fill, but
        copied from a surface of that colour (SDL's fill of a rectangle more than a
        few pixels wide costs some microseconds more than a copy of it)."""
        kept = self._ground.get(colour)
        width, height = spot.size
        if kept is None or kept[1] < width or kept[2] < height:
            if kept is not None:
                width, height = max(width, kept[1]), max(height, kept[2])
            width, height = max(1, width), max(1, height)
            ground = pygame.Surface((width, height))
            ground.fill(colour)
            kept = self._ground[colour] = (ground, width, height)
        screen.blit(kept[0], spot, (0, 0, spot.w, spot.h))

    def words(self, text: str, zoom: int, colour: Colour) -> pygame.Surface:
        """The words rendered (once for each text, size and colour)."""
        key = (text, zoom, colour)
        surface = self._rendered.get(key)
        if surface is None:
            if len(self._rendered) >= RENDERED_LIMIT:
                self._rendered.clear()
            surface = ui_font(FONT_SIZE * zoom).render(text, True, colour)
            self._rendered[key] = surface
        return surface

    def value(
        self, font: Any, row: Row, box: pygame.Rect, zoom: int
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """A line's value rendered and where it goes in its box: right of the label,
        or under it when the line was sized for two."""
        look = theme()
        if row.error:
            value = self.words(_fitted(font, row.value, box.w), zoom, look.error)
        else:
            value = self.words(row.value, zoom, look.text)
        width = value.get_width()
        on_label = width <= self.room(font, row, box, zoom)
        line = font.get_linesize()
        y = box.y if on_label else box.y + line
        # (cut to its line, as the label is: the font's picture is a pixel taller
        # than its line at some sizes, and would reach into the next line's box)
        return value, pygame.Rect(box.right - width, y, width, min(value.get_height(), line))

    def room(self, font: Any, row: Row, box: pygame.Rect, zoom: int) -> int:
        """The widest value that goes on the line of the label, right of it, in a
        box (-1: none, the box is sized for the value under the label; a value
        wider than this goes under it)."""
        line = font.get_linesize()
        if box.h - len(row.bars) * bar_height(zoom) >= 2 * line:
            return -1
        label = self.words(row.label, zoom, theme().text).get_width()
        return box.w - label - GAP * zoom

    def draw(
        self, screen: pygame.Surface, font: Any, row: Row, box: pygame.Rect, zoom: int
    ) -> pygame.Rect:
        """A line in its box (filled with the face first): its label, its value, its
        bars; where the value went."""
        look = theme()
        self.clear(screen, box, look.face)
        label = self.words(row.label, zoom, look.text)
        value, where = self.value(font, row, box, zoom)
        line = font.get_linesize()
        screen.blit(label, (box.x, box.y), pygame.Rect(0, 0, box.w, line))
        screen.blit(value, where, pygame.Rect((0, 0), where.size))
        value_y = where.y
        y = value_y + line
        for share, colour in row.bars:
            bar = pygame.Rect(box.x, y, box.w, BAR * zoom + 2 * edge(zoom))
            screen.fill(look.shadow, bar)
            trough = bar.inflate(-2 * edge(zoom), -2 * edge(zoom))
            screen.fill(look.face, trough)
            if row.signed:
                middle = trough.centerx
                width = round(trough.w / 2 * abs(share))
                left = middle if share >= 0 else middle - width
                screen.fill(colour, (left, trough.y, width, trough.h))
                screen.fill(look.text, (middle, trough.y, max(1, zoom // 2), trough.h))
            else:
                width = round(trough.w * max(0.0, min(1.0, share)))
                screen.fill(colour, (trough.x, trough.y, width, trough.h))
            y += bar_height(zoom)
        return where


def height_of(font: Any, row: Row, width: int, zoom: int) -> int:
    """A line's height: its words on one line (the label, the value right of it) or
    two (the value under the label, when both do not fit), and its bars."""
    label, value = font.size(row.label)[0], font.size(row.value)[0]
    lines = 1 if label + GAP * zoom + value <= width else 2
    return int(font.get_linesize() * lines + len(row.bars) * bar_height(zoom))


def _fitted(font: Any, text: str, width: int) -> str:
    """The text, cut with an ellipsis to fit a width (an error's long words)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[: max(0, len(text) - max(1, len(text) // 8))]
    return text + "…"
