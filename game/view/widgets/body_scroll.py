"""A page's body that scrolls: a dialog in a window of its own that no room off the
cells holds whole at the UI scale is given the largest such room (game.view.
page_window), and its body (the lines, rows and fields between the title and the
buttons) scrolls inside it at the UI scale, never in smaller words, behind a bar at
its right (game.view.widgets.scrollbar, as the live counters' and a menu's), the
title and the buttons always in sight. The wheel, Page Up and Page Down, and a
press on the bar's track above or below its thumb move it; the keyboard focus
(a menu's line, a table's row, a form's field) is brought into view when it moves.

The dialog keeps one ``BodyScroll`` (``Dialog.body_scroll``, set by the page's window)
and asks it for its layout (``arranged``) and its events first (``taken``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.view.widgets import fitting
from game.view.widgets.scrollbar import draw_bar, thumb
from game.view.widgets.style import FONT_SIZE, MARGIN, Style

if TYPE_CHECKING:
    from game.view.widgets.dialog import Arrangement, Dialog

BAR = 6
"""The bar's width at scale 1, with a gap as wide left of it (the live counters')."""
LEAST_LINES = 3
"""The fewest lines of a body shown: a room that holds fewer is no page."""
WHEEL_LINES = 3
"""Lines one turn of the wheel moves."""
OUT_OF_SIGHT = (-(10**6), -(10**6))
"""Where a press on the body out of sight goes (nowhere: it hits nothing)."""


class BodyScroll:
    """Which pixels of the body are shown, and the bar beside them."""

    def __init__(self) -> None:
        self.first = 0
        """The body's pixels above the room shown (scrolled past)."""
        self.shown = self.body = 0
        """How many pixels of the body are shown, of how many."""
        self.line = 1
        """One line's height at the scale laid out."""
        self.track = pygame.Rect(0, 0, 0, 0)
        """The bar's track in the dialog's picture (empty: the body is whole)."""
        self.clip = pygame.Rect(0, 0, 0, 0)
        """The body's room shown in the dialog's picture."""
        self._followed: tuple[int, int, int, int] | None = None
        self._buttons: list[pygame.Rect] = []

    @property
    def scrolling(self) -> bool:
        """Some of the body is out of sight (the bar is drawn)."""
        return self.track.h > 0

    def arranged(
        self, dialog: Dialog, whole: Arrangement | None, zoom: int, size: tuple[int, int]
    ) -> Arrangement | None:
        """The dialog's layout in a room of ``size`` (less its margin): ``whole`` when
        it holds it at ``zoom`` with every word whole, else its body scrolled at
        ``zoom`` (its width in the room, at least LEAST_LINES lines of it shown and
        the buttons); None when neither fits (the caller draws it smaller)."""
        self.track = pygame.Rect(0, 0, 0, 0)
        if whole is not None and whole.style.zoom >= zoom and not whole.shortened:
            return whole
        style = Style(zoom, FONT_SIZE * zoom, True)
        bar = 2 * BAR * zoom
        full = dialog._try_layout(style, size[0] - bar)
        top = style.bevel + zoom + style.band
        bottom = full.size[1] - style.bevel - style.pad
        low = min((r.top for r in full.buttons.values()), default=bottom) - style.gap // 2
        body = max(low - top, 0)
        height = min(full.size[1], size[1])
        shown = body - (full.size[1] - height)
        if full.shortened or full.size[0] + bar > size[0]:
            return None
        if shown < min(body, style.pad + LEAST_LINES * style.line):
            return None
        if shown >= body:  # (whole at this scale, its tighter spacing)
            return full
        self.body, self.shown, self.line = body, shown, style.line
        self._follow(dialog._focus_rect(full.pieces), top)
        self.first = max(0, min(self.first, body - shown))
        for piece in full.pieces:
            piece.place(piece.x, piece.y - self.first, piece.w)
        width = full.size[0] + bar
        buttons = {k: r.move(bar // 2, height - full.size[1]) for k, r in full.buttons.items()}
        self.clip = pygame.Rect(style.bevel, top, width - 2 * style.bevel, shown)
        self._buttons = list(buttons.values())
        self.track = pygame.Rect(
            width - style.bevel - style.pad - BAR * zoom, top, BAR * zoom, shown
        )
        kind = type(full)
        return kind(style, (width, height), full.pieces, buttons, full.title, self.clip)

    def _follow(self, focus: pygame.Rect | None, top: int) -> None:
        """Bring the focus (in the unscrolled body's pixels) into view once it moved
        (the wheel may take it out of sight again)."""
        if focus is None or tuple(focus) == self._followed:
            return
        self._followed = (focus.x, focus.y, focus.w, focus.h)
        upper, lower = focus.top - top - self.line // 2, focus.bottom - top + self.line // 2
        if upper < self.first:
            self.first = max(upper, 0)
        elif lower > self.first + self.shown:
            self.first = lower - self.shown

    def draw(self, image: pygame.Surface) -> None:
        """The bar at the body's right (nothing while the body is whole)."""
        if self.scrolling:
            draw_bar(image, self.track, self.first, self.shown, self.body, 2 * self.line)

    def by(self, pixels: int) -> bool:
        """Scroll by ``pixels`` (down: positive), kept within the body; moved."""
        first = max(0, min(self.first + pixels, self.body - self.shown))
        moved, self.first = first != self.first, first
        return moved

    def taken(self, event: pygame.event.Event, corner: tuple[int, int]) -> pygame.Event | None:
        """None when the event scrolled the body (the wheel, Page Up or Down, a press
        on the track); else the event, a pointer's outside the body's room shown and
        the buttons (on the body out of sight) moved where it hits nothing
        (``corner``: the dialog's picture's in the surface)."""
        if not self.scrolling:
            return event
        kind, page = event.type, max(self.shown - self.line, self.line)
        if kind == pygame.MOUSEWHEEL:
            self.by(-int(getattr(event, "y", 0)) * WHEEL_LINES * self.line)
            return None
        if kind == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.by(page if event.key == pygame.K_PAGEDOWN else -page)
            return None
        if "pos" not in event.dict:
            return event
        x, y = event.pos[0] - corner[0], event.pos[1] - corner[1]
        if kind == pygame.MOUSEBUTTONDOWN and self.track.collidepoint(x, y):
            bar = thumb(self.track, self.first, self.shown, self.body, 2 * self.line)
            self.by(0 if bar.collidepoint(x, y) else page if y > bar.y else -page)
            return None
        on_button = any(rect.collidepoint(x, y) for rect in self._buttons)
        if not on_button and not self.clip.collidepoint(x, y):
            return pygame.event.Event(kind, {**event.dict, "pos": OUT_OF_SIGHT})
        return event


def scrolls_in(dialog: Dialog, size: tuple[int, int], scale: int) -> bool:
    """A room this size holds the dialog at ``scale``, its body scrolled if need be
    (title, LEAST_LINES of its body and its buttons at least)."""
    room = (max(size[0] - 2 * MARGIN, 1), max(size[1] - 2 * MARGIN, 1))
    return BodyScroll().arranged(dialog, None, scale, room) is not None


def breaks_a_word(dialog: Dialog, size: tuple[int, int], scale: int) -> bool:
    """Laid out in a room this size at ``scale``, a word of its figures (a board
    code) is broken across lines: the side is no place for it (the code is shown
    whole in a window of its own; broken only in a room off the cells that holds
    nothing wider)."""
    return any(piece.broken for piece in fitting.arranged(dialog, size, scale).pieces)
