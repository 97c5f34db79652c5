"""The live counters' lines when they are more than the side holds (the player chose
more counters than fit beside a small board): the first line shown, the scroll bar
at the side's right that says how many are out of sight and where, and what scrolls
them (the wheel over the side, a press on the bar's track above or below its thumb,
Ctrl and Page Up, Page Down, Home, End: without Ctrl those move the board's cursor).
No line is ever hidden without the bar in sight."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.counters_lines import PAD, Row, RowPainter
from game.view.widgets.scrollbar import draw_bar, thumb

if TYPE_CHECKING:
    from game.view.viewport import Viewport

BAR = 6
"""The scroll bar's width at UI scale 1, with a gap as wide left of it."""


CTRL_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1, pygame.K_HOME: -2, pygame.K_END: 2}
"""With Ctrl (without it they move the board's cursor): a page up or down, the first
or last line."""


class Scroll:
    """Which of the panel's lines are shown, and the bar beside them."""

    def __init__(self, moved: Callable[[], None]) -> None:
        self.moved = moved
        """Told when the lines shown moved (the panel is drawn anew)."""
        self.first = 0
        """The first line shown."""
        self.shown = 0
        self.count = 0
        """How many lines are shown, of how many."""
        self.track = pygame.Rect(0, 0, 0, 0)
        """The bar's track (empty: every line is shown)."""
        self._zoom = 1
        self._laid: tuple[object, list[pygame.Rect]] = ((), [])
        self.pointer: tuple[int, int] | None = None
        """Where the pointer was last seen in the game's window (None: out of it)."""
        self.foot = 0
        """The height kept at the side's foot for a note (game.scenes.notes: its own
        room; the lines are laid out above it)."""

    def keep(self, foot: int) -> None:
        """Keep ``foot`` pixels at the side's foot (the panel is drawn anew if that
        changed)."""
        if foot != self.foot:
            self.foot = foot
            self.moved()

    def room(self, side: pygame.Rect) -> pygame.Rect:
        """The lines' room in the side: all of it but the foot kept."""
        return pygame.Rect(side.x, side.y, side.w, max(side.h - self.foot, 0))

    def laid(
        self,
        painter: RowPainter,
        rows: list[Row],
        area: pygame.Rect,
        heights: dict[str, int],
        narrower: Callable[[int], dict[str, int]],
        font: Any,
        zoom: int,
    ) -> tuple[list[Row], list[pygame.Rect]]:
        """The lines shown and their boxes: all of them when they fit, else as many as
        fit from the first shown, beside the bar (the first moved up while the last
        line would leave room under it). Worked out again only for other lines, area,
        heights or first line (``narrower``: the lines' heights in a narrower room, the
        bar's taken from it)."""
        keys = [row.key for row in rows]
        key = (area, heights, keys, self.first)
        if self._laid[0] == key:  # (the same lines, perhaps with other values)
            return rows[self.first : self.first + self.shown], self._laid[1]
        self.count, self._zoom = len(rows), zoom

        def boxes_of(first: int, room: pygame.Rect, tall: dict[str, int]) -> list[pygame.Rect]:
            return painter.boxes(rows[first:], keys[first:], room, tall, font, zoom)

        boxes = boxes_of(0, area, heights)
        if len(boxes) >= len(rows):
            self.first, self.shown, self.track = 0, len(rows), pygame.Rect(0, 0, 0, 0)
        else:
            narrow = pygame.Rect(area.x, area.y, area.w - 2 * BAR * zoom, area.h)
            tall = narrower(narrow.w - 2 * PAD * zoom)
            first = max(0, min(self.first, len(rows) - 1))
            while first > 0 and len(boxes_of(first - 1, narrow, tall)) == len(rows) - first + 1:
                first -= 1
            boxes = boxes_of(first, narrow, tall)
            pad = PAD * zoom
            self.first, self.shown = first, len(boxes)
            self.track = pygame.Rect(
                area.right - pad - BAR * zoom, area.y + pad, BAR * zoom, area.h - 2 * pad
            )
        self._laid = ((area, heights, keys, self.first), boxes)
        return rows[self.first : self.first + len(boxes)], boxes

    def draw(self, screen: pygame.Surface) -> None:
        """The bar, where the lines out of sight are (nothing when none are)."""
        if self.track.w:
            draw_bar(screen, self.track, self.first, self.shown, self.count, 4 * self._zoom)

    def take(self, event: pygame.event.Event, viewport: Viewport) -> bool:
        """Scroll for the wheel over the side (where the pointer was last seen), a
        press on the bar's track or Ctrl and Page Up, Page Down, Home or End; True if
        the lines shown moved (the key is taken while there is a bar)."""
        if event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.pointer = None
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = (event.pos[0], event.pos[1])
        side, pointer = viewport.beside(), self.pointer
        if not self.track.w or not side.w:
            return False
        before = self.first
        if event.type == pygame.MOUSEWHEEL and pointer is not None and side.collidepoint(pointer):
            self.first -= int(event.y)
        elif event.type == pygame.KEYDOWN and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            step = CTRL_KEYS.get(event.key)
            if step is None:
                return False
            self.first += step * self.shown if abs(step) == 1 else step * self.count
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            if not self.track.inflate(2 * self._zoom, 0).collidepoint(event.pos):
                return False
            middle = thumb(self.track, self.first, self.shown, self.count, 4 * self._zoom)
            self.first += self.shown if event.pos[1] >= middle.centery else -self.shown
        else:
            return False
        self.first = max(0, min(self.first, self.count - self.shown))
        if self.first != before:
            self.moved()
        return self.first != before or event.type == pygame.KEYDOWN
