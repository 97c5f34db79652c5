"""The modal dialog: a titled box of blocks over a row of buttons, drawn the classic
Windows way.

The stage (game.view.stage) holds each open dialog as a scene in its stack of scenes.
While one is in front it hands it every pygame event (``handle``) and draws it over
the game (``draw``); once ``closed`` is True it takes it off and hands ``result`` to
whoever opened it. A dialog never reads the event queue and never touches
pygame.display: it only answers events and paints onto the surface it is given.

Fitting: game.view.widgets.fitting (the scale, a smaller font, the body scrolled or
cut in the room given).

Keys. Enter answers the focused button, or the default button when the focus is
elsewhere; Space answers the focused button; Esc cancels (result None), which never
destroys anything. Tab and Shift+Tab move the focus round the dialog's stops (a
form's fields or a menu's lines first, then the buttons), and the focused button
wears Windows' dotted focus rectangle. The default button wears a black outline;
a dialog whose choice destroys something makes the harmless button the default.

Mouse positions given to ``handle`` are surface (window) pixels, matched against
what was last drawn: a click before the first ``draw`` hits nothing. Drawing is
cached: the dialog repaints its own picture only when its look changed or the
surface's size or zoom did; any other ``draw`` is one blit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.language import N_, gettext
from game.view.sprites import SpriteSheet
from game.view.theme import current as theme
from game.view.widgets.button import Presser, paint_button
from game.view.widgets.fitting import arranged, at_largest_scale
from game.view.widgets.fitting import fits_at_scale as fits_at_scale
from game.view.widgets.fitting import page_size as page_size
from game.view.widgets.pieces import Piece
from game.view.widgets.style import ENTER_KEYS, MARGIN, MIN_WIDTH, Style
from game.view.widgets.text import ellipsize

if TYPE_CHECKING:
    from game.view.widgets.body_scroll import BodyScroll

BUTTON: Final = N_("{label}, button")
"""How speech names a button that gets the focus."""


def button_said(label: str | None) -> str:
    """A button that has the focus, as speech names it ("" for none)."""
    return "" if label is None else gettext(BUTTON).format(label=gettext(label))


ENDS = ".!?。！？"
"""What ends a sentence, for speech (a title or a body said without one gets a stop)."""


def said_of(layout: Arrangement) -> str:
    """A dialog's words as speech says them: its title, then its body's."""
    words = " ".join(filter(None, (piece.said() for piece in layout.pieces)))
    title = layout.title if layout.title[-1:] in ENDS else f"{layout.title}."
    if words and words[-1:] not in ENDS:  # (a notice's reason: a pause before the button)
        words += "."
    return f"{title} {words}" if words else title


class Arrangement:
    """Where everything of one dialog sits, in its own picture's pixels."""

    __slots__ = ("body_clip", "buttons", "pieces", "shortened", "size", "style", "title")

    def __init__(
        self,
        style: Style,
        size: tuple[int, int],
        pieces: list[Piece],
        buttons: dict[str, pygame.Rect],
        title: str,
        body_clip: pygame.Rect | None = None,
        shortened: bool = False,
    ) -> None:
        self.style: Final = style
        self.size: Final = size
        self.pieces: Final = pieces
        self.buttons: Final = buttons
        self.title: Final = title
        self.body_clip: Final = body_clip
        """Set when even the smallest font overflows: the body is cut to this rectangle."""
        self.shortened: Final = shortened
        """A word of the body (a path) had to be shortened to fit."""

    def fits(self, width: int, height: int) -> bool:
        return self.size[0] <= width and self.size[1] <= height

    def cut_to(self, avail_w: int, avail_h: int) -> Arrangement:
        """This arrangement cut to the room: its buttons kept whole at the bottom, its
        body clipped above them, its title shortened."""
        style, z = self.style, self.style.zoom
        width, height = min(self.size[0], avail_w), min(self.size[1], avail_h)
        dx, dy = (width - self.size[0]) // 2, height - self.size[1]
        buttons = {label: rect.move(dx, dy) for label, rect in self.buttons.items()}
        top = style.bevel + z + style.band
        bottom = min((r.top for r in buttons.values()), default=height - style.bevel)
        clip = pygame.Rect(
            style.bevel, top, width - 2 * style.bevel, max(bottom - style.gap // 2 - top, 0)
        )
        title = ellipsize(style.font, self.title, width - 2 * (style.bevel + z) - 6 * z)
        return Arrangement(style, (width, height), self.pieces, buttons, title, clip)


def paint_title(image: pygame.Surface, style: Style, title: str) -> None:
    """The title band, a pixel of grey inside the frame, like Windows 95."""
    z = style.zoom
    inset = style.bevel + z
    band = pygame.Rect(inset, inset, image.get_width() - 2 * inset, style.band)
    image.fill(theme().highlight, band)
    text = style.text(title, theme().highlight_text, bold=True)
    image.blit(text, (band.x + 3 * z, band.y + (band.h - text.get_height()) // 2 + style.nudge))


def _button_rows(widths: list[int], gap: int, room: int) -> list[list[int]]:
    """The buttons (their widths) in rows no wider than ``room``, in order: one row
    when it fits (a row holds one button at least)."""
    rows: list[list[int]] = []
    used = 0
    for i, w in enumerate(widths):
        if rows and used + gap + w <= room:
            rows[-1].append(i)
            used += gap + w
        else:
            rows.append([i])
            used = w
    return rows


def row_width(widths: list[int], row: list[int], gap: int) -> int:
    """The width of a row of buttons (their widths, the indexes in the row)."""
    return sum(widths[i] for i in row) + gap * max(len(row) - 1, 0)


def _placed_buttons(
    labels: tuple[str, ...],
    widths: list[int],
    rows: list[list[int]],
    style: Style,
    where: tuple[int, int, int],
) -> tuple[dict[str, pygame.Rect], int]:
    """The buttons' rectangles, their rows centred from ``where`` (x, y, width) down,
    and the y under them."""
    x, y, inner = where
    buttons: dict[str, pygame.Rect] = {}
    for n, row in enumerate(rows):
        if n:
            y += style.button_h + style.button_gap
        bx = x + (inner - row_width(widths, row, style.button_gap)) // 2
        for i in row:
            buttons[labels[i]] = pygame.Rect(bx, y, widths[i], style.button_h)
            bx += widths[i] + style.button_gap
    return buttons, y + (style.button_h if labels else 0)


def picture(
    layout: Arrangement,
    title: str,
    sprites: SpriteSheet,
    looks: dict[str, tuple[bool, bool, bool]],
) -> pygame.Surface:
    """A dialog's picture as laid out: its frame, title, body and buttons (``looks``:
    each button pressed, the default, focused)."""
    style = layout.style
    width, height = layout.size
    image = pygame.Surface((width, height))
    if pygame.display.get_surface() is not None:
        image = image.convert()
    scaled = sprites.at_zoom(style.zoom)
    scaled.frame(image, "raised3", (0, 0, width, height))
    paint_title(image, style, title)
    image.set_clip(layout.body_clip)
    for piece in layout.pieces:
        piece.draw(image, scaled)
    image.set_clip(None)
    for label, rect in layout.buttons.items():
        pressed, default, focused = looks[label]
        paint_button(
            image, scaled, style, gettext(label), rect,
            pressed=pressed, default=default, focused=focused,
        )  # fmt: skip
    return image


def _whole(layout: Arrangement | None) -> bool:
    """A layout with every word whole and its buttons in one row (None: none fits)."""
    if layout is None or layout.shortened:
        return False
    return len({rect.y for rect in layout.buttons.values()}) <= 1


def _as_is(closed_with: object) -> object:
    return closed_with


def try_layout(dialog: Dialog, style: Style, avail_w: int) -> Arrangement:
    """One attempt: the dialog laid out with this style in this width (its body
    wrapped to it, its buttons in as many rows as they need)."""
    z = style.zoom
    chrome = 2 * (style.bevel + style.pad)
    max_inner = max(avail_w - chrome, 1)
    pieces = dialog._body(style, max_inner)
    widths = dialog._button_widths(style)
    rows = _button_rows(widths, style.button_gap, max_inner)
    row_w = max((row_width(widths, row, style.button_gap) for row in rows), default=0)
    title_w = style.width(gettext(dialog.title)) + 8 * z
    inner = max([row_w, title_w, MIN_WIDTH * z - chrome] + [p.width for p in pieces])
    width = inner + chrome
    x = style.bevel + style.pad
    y = style.bevel + z + style.band + style.pad
    for piece in pieces:
        piece.place(x, y, inner)
        y += piece.height + style.gap
    if not pieces:
        y += style.gap
    buttons, y = _placed_buttons(dialog.buttons, widths, rows, style, (x, y, inner))
    height = y + style.pad + style.bevel
    shortened = any(piece.shortened for piece in pieces)
    return Arrangement(
        style, (width, height), pieces, buttons, gettext(dialog.title), None, shortened
    )


class Dialog:
    """A modal box over the game: answers events, draws itself, says when it is done.

    Its title and buttons' words are English, drawn in the player's language (gettext,
    at each layout: ``relayout`` after a change); a button is named by its English
    words (``choose``, ``button_rect``, ``result``).

    ``closed`` becomes True once the player has answered, and ``result`` holds the
    answer (None when cancelled). Subclasses fill the body and decide what the keys do.
    """

    def __init__(self, title: str, buttons: tuple[str, ...], default: str | None) -> None:
        if default is not None and default not in buttons:
            raise ValueError(f"the default {default!r} is not one of the buttons")
        self.title = title
        self.buttons = buttons
        self.default = default
        self.closed = False
        self.result: object | None = None
        self.answer_for: Callable[[object], object] = _as_is
        """Turns what closed the dialog (a button's label, a form's values, a picked
        row) into its ``result``, the answer its opener compares: game.screens gives
        each dialog its typed answers. None (cancelled) stays None."""
        self.beside = False
        """It describes the board: in the side, in a smaller font if need be."""
        self.copy_button: str | None = None
        """The button Ctrl+C presses (one that copies what the dialog shows), if any."""
        self.cut = False
        """True when the last drawing had to cut text (its room is too small, or a
        word, a path, is wider than it: shortened in the middle)."""
        self.scale = 0
        """The scale the dialog was last drawn at (0 before the first draw)."""
        self.font_size = 0
        """The font size it was last drawn with, in pixels."""
        self.laid_out: Arrangement | None = None
        """Where everything sat when it was last drawn (None before): its pieces and
        buttons as shown, the body scrolled, in its own picture's pixels."""
        self._dirty = True
        self._image: pygame.Surface | None = None
        self._drawn_for: tuple[int, int, int, int, int] | None = None
        self._rect: pygame.Rect | None = None
        self._button_rects: dict[str, pygame.Rect] = {}
        self._presser: Presser[str] = Presser()
        self.body_scroll: BodyScroll | None = None
        """Its body's scroll in a page's own window (game.view.widgets.body_scroll)."""
        self.said = ""  # what it shows, as speech says it when it opens (as last drawn)
        self._stop = self._body_stops() + (buttons.index(default) if default else 0)
        if not self._body_stops() and not buttons:
            self._stop = 0

    # The window's side.

    def handle(self, event: pygame.event.Event) -> None:
        """Answer one pygame event; anything the dialog does not use is ignored."""
        if self.closed:
            return
        if self.body_scroll is not None and self._rect is not None:
            taken = self.body_scroll.taken(event, self._rect.topleft)
            if taken is None:  # (it scrolled the body)
                self._changed()
                return
            event = taken
        kind = event.type
        if kind == pygame.KEYDOWN:
            self._key(getattr(event, "key", 0), getattr(event, "mod", 0))
        elif kind == pygame.TEXTINPUT:
            self._typed(getattr(event, "text", ""))
        elif kind == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(tuple(event.pos), event.button)
        elif kind == pygame.MOUSEBUTTONUP:
            self._mouse_up(tuple(event.pos), event.button)
        elif kind == pygame.MOUSEMOTION:
            self._mouse_moved(tuple(event.pos))
        elif kind == pygame.MOUSEWHEEL:
            self._wheel(int(getattr(event, "y", 0)))

    def draw(
        self,
        surface: pygame.Surface,
        sprites: SpriteSheet,
        area: pygame.Rect | None = None,
        scale: int | None = None,
    ) -> None:
        """Draw it in ``area`` (None: the whole surface, centred; else at its top) at
        ``scale`` or less (None: the sprites' zoom)."""
        where, scale = pygame.Rect(area or surface.get_rect()), scale or sprites.zoom
        key = (where.x, where.y, where.w, where.h, scale)
        if self._image is None or self._dirty or key != self._drawn_for:
            self._paint(where, scale, surface.get_rect(), sprites)
            self._drawn_for = key
        assert self._image is not None and self._rect is not None
        surface.blit(self._image, self._rect)
        self._dirty = False

    def fits(self, size: tuple[int, int], scale: int) -> bool:
        """It fits a room this size at ``scale`` or less, usual font, buttons in a row."""
        avail_w, avail_h = max(size[0] - 2 * MARGIN, 1), max(size[1] - 2 * MARGIN, 1)
        return _whole(at_largest_scale(self, scale, avail_w, avail_h))

    def dirty(self) -> bool:
        """True when the dialog's look changed since it was last drawn."""
        return self._dirty

    def relayout(self) -> None:
        """Lay out and draw again at the next draw (its words changed: a new language)."""
        self._changed()

    @property
    def rect(self) -> pygame.Rect | None:
        """Where the dialog was last drawn, in surface pixels (None before the first draw)."""
        return None if self._rect is None else self._rect.copy()

    def button_rect(self, label: str) -> pygame.Rect:
        """The button's rectangle as last drawn, in surface pixels (LookupError for a
        label the dialog does not have, or before the first draw)."""
        if label not in self._button_rects:
            raise LookupError(f"no button {label!r} drawn")
        return self._button_rects[label].copy()

    @property
    def focused_button(self) -> str | None:
        """The button with the keyboard focus, if a button has it."""
        i = self._stop - self._body_stops()
        return self.buttons[i] if 0 <= i < len(self.buttons) else None

    def focus_said(self) -> str:  # what has the keyboard focus, as speech says it
        return button_said(self.focused_button)

    def place_said(self) -> str:
        """Its words over the focus that can change as it is used (a browser's
        folder), as speech says them: said again when they change."""
        return ""

    # What subclasses fill in.

    def _body(self, style: Style, width: int) -> list[Piece]:
        """The blocks between the title and the buttons, laid out for a width."""
        return []

    def _body_stops(self) -> int:
        """How many Tab stops the body has before the buttons."""
        return 0

    def choose(self, label: str) -> None:
        """A button was clicked (or picked by a key)."""
        self._close(label)

    def cancel(self) -> None:
        """Esc, or its window closed: close with None (one button: that button)."""
        self._close(None)

    def _key(self, key: int, mod: int) -> None:
        if key == pygame.K_TAB:
            self._move_focus(-1 if mod & pygame.KMOD_SHIFT else 1)
        elif key in ENTER_KEYS:
            label = self.focused_button or self.default
            if label is not None:
                self.choose(label)
        elif key == pygame.K_SPACE and self.focused_button is not None:
            self.choose(self.focused_button)
        elif key == pygame.K_ESCAPE:
            self.cancel()
        elif key == pygame.K_c and mod & pygame.KMOD_CTRL and self.copy_button in self.buttons:
            self.choose(self.copy_button)

    def _typed(self, text: str) -> None:
        pass

    def _wheel(self, lines: int) -> None:
        """The mouse wheel turned (up: positive)."""

    def _focus_stop(self, stop: int) -> None:
        """The focus arrived on a body stop (subclasses follow it)."""

    # Shared behaviour.

    def _move_focus(self, step: int) -> None:
        stops = self._body_stops() + len(self.buttons)
        if stops:
            self._stop = (self._stop + step) % stops
            if self._stop < self._body_stops():
                self._focus_stop(self._stop)
            self._changed()

    def _close(self, result: object | None) -> None:
        self.closed = True
        self.result = None if result is None else self.answer_for(result)
        self._changed()

    def _changed(self) -> None:
        self._dirty = True

    def _button_at(self, pos: tuple[int, int]) -> str | None:
        for label, rect in self._button_rects.items():
            if rect.collidepoint(pos):
                return label
        return None

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        if button == 1 and self._presser.down(self._button_at(pos)):
            self._changed()

    def _mouse_up(self, pos: tuple[int, int], button: int) -> None:
        if button != 1 or self._presser.held is None:
            return
        fired = self._presser.up(self._button_at(pos))
        self._changed()
        if fired is not None:
            self.choose(fired)

    def _mouse_moved(self, pos: tuple[int, int]) -> None:
        if self._presser.move(self._button_at(pos)):
            self._changed()

    # Arranging and painting.

    def _button_widths(self, style: Style) -> list[int]:
        """Each button's width, in order (the default's outline included), its label
        as the player's language says it."""
        return [
            max(style.width(gettext(label)) + 2 * style.button_pad, style.button_min_w)
            + (2 * style.zoom if label == self.default else 0)
            for label in self.buttons
        ]

    def _try_layout(self, style: Style, avail_w: int) -> Arrangement:
        return try_layout(self, style, avail_w)

    def _focus_rect(self, pieces: list[Piece]) -> pygame.Rect | None:
        """Hook: where the keyboard focus is in the body (laid out in ``pieces``), to
        be scrolled into view (None: on a button, or nowhere)."""
        return None

    def _paint(
        self, area: pygame.Rect, zoom: int, whole: pygame.Rect, sprites: SpriteSheet
    ) -> None:
        layout = arranged(self, area.size, zoom)
        style = layout.style
        z = style.zoom
        width = layout.size[0]
        title = ellipsize(style.font, layout.title, width - 2 * (style.bevel + z) - 6 * z)
        scrolled = self.body_scroll is not None and self.body_scroll.scrolling
        clipped = layout.body_clip is not None and not scrolled
        self.cut = clipped or title != gettext(self.title) or layout.shortened
        self.scale, self.font_size = z, style.size
        image = picture(layout, title, sprites, self._button_looks())
        if self.body_scroll is not None:
            self.body_scroll.draw(image)
        self._image = image
        if area == whole:
            self._rect = image.get_rect(center=area.center)
        else:
            self._rect = image.get_rect(midtop=(area.centerx, area.y + MARGIN * z))
        self._button_rects = {
            label: rect.move(self._rect.topleft) for label, rect in layout.buttons.items()
        }
        self.said = said_of(layout)
        self.laid_out = layout
        self._painted(layout)

    def _button_looks(self) -> dict[str, tuple[bool, bool, bool]]:
        """Each button: pressed, the default, focused."""
        focused = self.focused_button
        return {
            label: (self._presser.pressed(label), label == self.default, label == focused)
            for label in self.buttons
        }

    def _painted(self, layout: Arrangement) -> None:
        """Hook: the layout just drawn, for subclasses that keep more rectangles."""
