"""Modal dialogs drawn the classic Windows way: message boxes, forms, tables, the help.

The window keeps a stack of dialogs. While one is open it hands it every pygame event
(``handle``) and draws it over the game (``draw``); once ``closed`` is True it reads
``result`` and drops it. A dialog never reads the event queue and never touches
pygame.display: it only answers events and paints onto the surface it is given.

Every dialog lays itself out for the surface it is drawn on: centred over the whole
surface, at the sprite sheet's zoom, with pygame's default font. Long lines wrap, and
when the dialog still does not fit inside the surface (less a small margin) the font
shrinks a step at a time (tighter spacing first) until it does, down to a floor;
past the floor the body is cut to the room there is, the buttons kept inside. Mouse
positions given to ``handle`` are surface (window) pixels, matched against what was
last drawn: a click before the first ``draw`` hits nothing.

Drawing is cached. The dialog paints itself into its own picture only when its look
changed (``dirty``) or the surface's size or zoom did; any other ``draw`` is one blit.

Mouse buttons behave like the game's own: a button is drawn pressed while the left
button is held over it and fires on the release over it; dragging off and letting go
fires nothing. The first button of a message or table dialog (OK in a form) is the
default: Enter picks it, and it wears the black outline of a default button.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.sheet import LIGHT
from game.sprites import SpriteSheet
from game.theme import current as theme

Colour = tuple[int, int, int]

# The classic colours. Drawing asks the theme in use (game.theme) for its own.
BLACK: Colour = (0, 0, 0)
WHITE: Colour = LIGHT
NAVY: Colour = (0, 0, 128)
RED: Colour = (255, 0, 0)

# Sizes in pixels at 1x; everything is multiplied by the zoom.
FONT_SIZE = 15
"""The font size asked of pygame's default font at 1x (lines about 11 pixels apart)."""
MIN_FONT_SIZE = 10
"""The smallest font size tried at 1x before the dialog is drawn clipped."""
MARGIN = 4
"""Grey kept between the dialog and the surface's edges."""
BEVEL = 3
"""The raised3 frame around the dialog and around each button."""
PAD = 6
"""Between the frame and the content."""
GAP = 6
"""Between the blocks of the body (text, table, fields, error, buttons)."""
WRAP_WIDTH = 240
"""Text wraps at this width even when the surface is wider, so lines stay readable."""
TABLE_WIDTH = 360
"""A table's widest columns wrap to keep the table this narrow."""
MIN_WIDTH = 120
"""The narrowest dialog, so a short message is not a stub."""

ANTIALIAS = True

_MODIFIER_KEYS = frozenset(
    {
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_MODE,
        pygame.K_CAPSLOCK,
        pygame.K_NUMLOCK,
        pygame.K_SCROLLOCK,
    }
)
_ENTER_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER})
_NUMERIC_CELL = re.compile(r"[-+]?\d[\d.,:%]*\s?[a-z%]{0,3}")
_DIGITS = frozenset("0123456789")


# --- text ---------------------------------------------------------------------------------

_fonts: dict[int, pygame.font.Font] = {}
_rendered: dict[tuple[int, str, Colour], pygame.Surface] = {}
_RENDERED_LIMIT = 1024


def _forget_fonts() -> None:
    """Fonts die with pygame.quit(): forget them so a later init opens them afresh."""
    _fonts.clear()
    _rendered.clear()


pygame.register_quit(_forget_fonts)


def _font(size: int) -> pygame.font.Font:
    """pygame's default font at a size, opened once."""
    if not pygame.font.get_init():
        pygame.font.init()
        _forget_fonts()
    font = _fonts.get(size)
    if font is None:
        if not _fonts:
            # pygame.quit() runs its quit callbacks once and then drops them, so
            # register anew for every session whose fonts this cache holds.
            pygame.register_quit(_forget_fonts)
        font = _fonts[size] = pygame.font.Font(None, size)
    return font


def _text(size: int, text: str, colour: Colour) -> pygame.Surface:
    """A line of text rendered once and kept (the cache is emptied when it grows large)."""
    key = (size, text, colour)
    surface = _rendered.get(key)
    if surface is None:
        if len(_rendered) >= _RENDERED_LIMIT:
            _rendered.clear()
        surface = _rendered[key] = _font(size).render(text, ANTIALIAS, colour)
    return surface


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break text into lines no wider than width: at spaces, and inside a word too long
    for a line of its own. Newlines start new lines; an empty text is one empty line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and font.size(word)[0] > width:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """The text, cut short with '...' if it is wider than width."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


class _Style:
    """The font and spacings of one layout attempt: a zoom and a font size."""

    def __init__(self, zoom: int, size: int, compact: bool = False) -> None:
        self.zoom = zoom
        self.size = size
        self.font = _font(size)
        self.line = self.font.get_linesize()
        # Text centred by its full height looks high (the descent is mostly empty):
        # this many pixels down centres the letters themselves.
        self.nudge = -self.font.get_descent() // 2
        z = zoom
        self.bevel = BEVEL * z
        self.pad = (4 if compact else PAD) * z
        self.gap = (4 if compact else GAP) * z
        self.band = self.line + 5 * z  # the title band's height
        self.button_h = self.line + (7 if compact else 9) * z
        self.button_pad = (4 if compact else 8) * z  # beside a button's label, both sides
        self.button_min_w = max(self.line * (4 if compact else 5), 36 * z)
        self.button_gap = (4 if compact else 6) * z
        self.field_h = self.line + 7 * z  # sunken2 bevel, white inside
        self.field_gap = (3 if compact else 4) * z
        self.column_gap = (5 if compact else 10) * z

    def text(self, text: str, colour: Colour | None = None) -> pygame.Surface:
        return _text(self.size, text, theme().text if colour is None else colour)

    def width(self, text: str) -> int:
        return int(self.font.size(text)[0])


# --- body blocks --------------------------------------------------------------------------


class _Piece:
    """One laid-out block of a dialog's body: measured first, placed, then drawn."""

    width = 0
    height = 0

    def place(self, x: int, y: int, width: int) -> None:
        self.x, self.y, self.w = x, y, width

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        raise NotImplementedError


class _TextPiece(_Piece):
    """Paragraphs wrapped to a width, left aligned."""

    def __init__(self, style: _Style, paragraphs: Sequence[str], width: int, colour: Colour):
        self.style, self.colour = style, colour
        self.lines = [line for text in paragraphs for line in wrap(style.font, text, width)]
        self.width = max((style.width(line) for line in self.lines), default=0)
        self.height = len(self.lines) * style.line

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        for i, line in enumerate(self.lines):
            if line:
                image.blit(
                    self.style.text(line, self.colour), (self.x, self.y + i * self.style.line)
                )


class _TablePiece(_Piece):
    """Columns of text under an optional header row and an etched rule.

    Columns whose cells all read as numbers are right aligned, header included. When
    the table is too wide, the widest columns wrap in turn (each down to its longest
    word, headers included); if it is still too wide, the piece says so by its width
    and the dialog tries a smaller font. Rows get a little air between them when some
    cell wraps.
    """

    def __init__(
        self, style: _Style, headers: Sequence[str], rows: Sequence[Sequence[str]], width: int
    ) -> None:
        self.style = style
        count = max([len(headers)] + [len(row) for row in rows])
        padded_headers = [*headers, *[""] * (count - len(headers))] if headers else []
        body = [[*row, *[""] * (count - len(row))] for row in rows]
        self.right = [
            bool(body) and all(_NUMERIC_CELL.fullmatch(r[c]) for r in body if r[c])
            for c in range(count)
        ]
        cells = [padded_headers, *body] if headers else body
        # Each cell as its lines; the header row, if any, first.
        grid: list[list[list[str]]] = [[[cell] for cell in row] for row in cells]
        widths = [self._column_width(grid, c) for c in range(count)]
        shortest = [
            max((style.width(word) for r in cells for word in r[c].split()), default=0)
            for c in range(count)
        ]
        gaps = style.column_gap * max(count - 1, 0)
        width = min(width, TABLE_WIDTH * style.zoom)
        while sum(widths) + gaps > width:
            narrowable = [c for c in range(count) if widths[c] > shortest[c]]
            if not narrowable:
                break
            c = max(narrowable, key=lambda i: widths[i])
            room = max(shortest[c], widths[c] - (sum(widths) + gaps - width), 1)
            for row, original in zip(grid, cells, strict=True):
                row[c] = wrap(style.font, original[c], room)
            narrower = self._column_width(grid, c)
            if narrower >= widths[c]:  # cannot happen (room < width), but never loop
                shortest[c] = narrower
            widths[c] = narrower
        self.widths = widths
        self.width = sum(widths) + gaps
        self.header = grid[0] if headers else None
        self.rows = grid[1:] if headers else grid
        wrapped = any(len(cell) > 1 for row in self.rows for cell in row)
        self.row_gap = (2 if wrapped else 0) * style.zoom
        self.row_heights = [max(len(cell) for cell in row) * style.line for row in self.rows]
        header_lines = max((len(cell) for cell in self.header), default=0) if self.header else 0
        self.header_h = header_lines * style.line + 4 * style.zoom if self.header else 0
        self.height = (
            self.header_h + sum(self.row_heights) + self.row_gap * max(len(self.rows) - 1, 0)
        )

    def _column_width(self, grid: list[list[list[str]]], c: int) -> int:
        return max((self.style.width(line) for row in grid for line in row[c]), default=0)

    def _cell(self, image: pygame.Surface, lines: list[str], c: int, x: int, y: int) -> None:
        style = self.style
        for i, line in enumerate(lines):
            if not line:
                continue
            text = style.text(line)
            dx = self.widths[c] - text.get_width() if self.right[c] else 0
            image.blit(text, (x + dx, y + i * style.line))

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        style, z = self.style, self.style.zoom
        xs = [self.x]
        for w in self.widths[:-1]:
            xs.append(xs[-1] + w + style.column_gap)
        y = self.y
        if self.header is not None:
            for c, lines in enumerate(self.header):
                self._cell(image, lines, c, xs[c], y)
            rule_y = y + self.header_h - 3 * z
            image.fill(theme().shadow, (self.x, rule_y, self.w, z))
            image.fill(theme().light, (self.x, rule_y + z, self.w, z))
            y += self.header_h
        for row, height in zip(self.rows, self.row_heights, strict=True):
            for c, lines in enumerate(row):
                self._cell(image, lines, c, xs[c], y)
            y += height + self.row_gap


class _FieldsPiece(_Piece):
    """A form's labelled input boxes, one per row, labels in a column on the left."""

    def __init__(self, style: _Style, form: FormDialog, width: int) -> None:
        self.style, self.form = style, form
        z = style.zoom
        fields = form.fields
        self.label_w = max((style.width(f.label) for f in fields), default=0)
        inner_pad = 3 * z
        natural = max(
            (style.width(("0" if f.numeric else "n") * f.max_len) for f in fields), default=0
        )
        natural = max(natural + 2 * inner_pad + z, 4 * style.line)
        room = width - self.label_w - style.column_gap
        self.box_w = max(min(natural, room), 3 * style.line)
        self.width = self.label_w + style.column_gap + self.box_w
        self.row_gap = style.field_gap
        self.height = len(fields) * style.field_h + max(len(fields) - 1, 0) * self.row_gap
        self.inner_pad = inner_pad

    def boxes(self) -> list[pygame.Rect]:
        """Each field's box (bevel included), in the dialog picture's pixels."""
        x = self.x + self.label_w + self.style.column_gap
        step = self.style.field_h + self.row_gap
        return [
            pygame.Rect(x, self.y + i * step, self.box_w, self.style.field_h)
            for i in range(len(self.form.fields))
        ]

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        style, form, z = self.style, self.form, self.style.zoom
        for i, (f, box) in enumerate(zip(form.fields, self.boxes(), strict=True)):
            label = style.text(f.label)
            label_y = box.y + (box.h - label.get_height()) // 2 + style.nudge
            image.blit(label, (self.x, label_y))
            sprites.frame(image, "sunken2", (box.x, box.y, box.w, box.h), fill=False)
            inside = box.inflate(-4 * z, -4 * z)
            image.fill(theme().field, inside)
            focused = i == form.focus_index
            selected = focused and form.selected and form.values_list[i] != ""
            text = style.text(form.values_list[i], theme().highlight_text if selected else None)
            ty = inside.y + (inside.h - style.line) // 2 + style.nudge
            room = inside.w - 2 * self.inner_pad + z
            # A text wider than its box shows its end, where the caret is.
            tx = inside.x + self.inner_pad - max(0, text.get_width() - room)
            previous = image.get_clip()
            image.set_clip(inside.clip(previous))
            if selected:
                image.fill(theme().highlight, (tx - z, ty, text.get_width() + 2 * z, style.line))
            image.blit(text, (tx, ty))
            if focused and not selected:
                image.fill(theme().text, (tx + text.get_width() + z, ty, z, style.line))
            image.set_clip(previous)


# --- the dialogs --------------------------------------------------------------------------


@dataclass
class _Layout:
    """Where everything of one dialog sits, in its own picture's pixels."""

    style: _Style
    size: tuple[int, int]
    pieces: list[_Piece]
    buttons: dict[str, pygame.Rect]
    title: str
    body_clip: pygame.Rect | None = None
    """Set when even the smallest font overflows: the body is cut to this rectangle."""


class Dialog:
    """A modal box over the game: answers events, draws itself, says when it is done.

    ``closed`` becomes True once the player has answered, and ``result`` holds the
    answer (None when cancelled). Subclasses fill the body and decide what the keys do.
    """

    def __init__(self, title: str, buttons: tuple[str, ...], default: str | None) -> None:
        self.title = title
        self.buttons = buttons
        self.default = default
        self.closed = False
        self.result: object | None = None
        self._dirty = True
        self._image: pygame.Surface | None = None
        self._drawn_for: tuple[int, int, int] | None = None
        self._rect: pygame.Rect | None = None
        self._button_rects: dict[str, pygame.Rect] = {}
        self._held: str | None = None  # the button the left press started on
        self._held_over = False  # ... and whether the pointer is still over it

    # The window's side.

    def handle(self, event: pygame.event.Event) -> None:
        """Answer one pygame event; anything the dialog does not use is ignored."""
        if self.closed:
            return
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

    def draw(self, surface: pygame.Surface, sprites: SpriteSheet) -> None:
        """Draw the dialog centred over the whole surface, at the sprites' zoom."""
        key = (surface.get_width(), surface.get_height(), sprites.zoom)
        if self._image is None or self._dirty or key != self._drawn_for:
            self._paint(surface.get_size(), sprites)
            self._drawn_for = key
        assert self._image is not None and self._rect is not None
        surface.blit(self._image, self._rect)
        self._dirty = False

    def dirty(self) -> bool:
        """True when the dialog's look changed since it was last drawn."""
        return self._dirty

    @property
    def rect(self) -> pygame.Rect | None:
        """Where the dialog was last drawn, in surface pixels (None before the first draw)."""
        return None if self._rect is None else self._rect.copy()

    def button_rect(self, label: str) -> pygame.Rect:
        """The button's rectangle as last drawn, in surface pixels.

        Raises LookupError for a label the dialog does not have or before the first draw.
        """
        if label not in self._button_rects:
            raise LookupError(f"no button {label!r} drawn")
        return self._button_rects[label].copy()

    # What subclasses fill in.

    def _body(self, style: _Style, width: int) -> list[_Piece]:
        """The blocks between the title and the buttons, laid out for a width."""
        return []

    def _choose(self, label: str) -> None:
        """A button was clicked (or picked by a key)."""
        self._close(label)

    def _key(self, key: int, mod: int) -> None:
        if key in _ENTER_KEYS and self.default is not None:
            self._choose(self.default)
        elif key == pygame.K_ESCAPE:
            self._close(None)

    def _typed(self, text: str) -> None:
        pass

    # Shared behaviour.

    def _close(self, result: object | None) -> None:
        self.closed = True
        self.result = result
        self._changed()

    def _changed(self) -> None:
        self._dirty = True

    def _button_at(self, pos: tuple[int, int]) -> str | None:
        for label, rect in self._button_rects.items():
            if rect.collidepoint(pos):
                return label
        return None

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        if button != 1:
            return
        label = self._button_at(pos)
        if label is not None:
            self._held, self._held_over = label, True
            self._changed()

    def _mouse_up(self, pos: tuple[int, int], button: int) -> None:
        if button != 1 or self._held is None:
            return
        label, self._held, self._held_over = self._held, None, False
        self._changed()
        if self._button_at(pos) == label:
            self._choose(label)

    def _mouse_moved(self, pos: tuple[int, int]) -> None:
        if self._held is None:
            return
        over = self._button_at(pos) == self._held
        if over != self._held_over:
            self._held_over = over
            self._changed()

    # Layout and painting.

    def _layout(self, size: tuple[int, int], zoom: int) -> _Layout:
        """The largest font's layout that fits the surface less its margin (else the smallest).

        Each font size is tried with the usual spacing, then with tighter spacing,
        before the next smaller size. When nothing fits, the smallest layout is cut
        down to the room there is: buttons kept at the bottom, the body clipped.
        """
        avail_w = max(size[0] - 2 * MARGIN * zoom, 1)
        avail_h = max(size[1] - 2 * MARGIN * zoom, 1)
        layout = None
        for font_size in range(FONT_SIZE * zoom, MIN_FONT_SIZE * zoom - 1, -1):
            for compact in (False, True):
                layout = self._try_layout(_Style(zoom, font_size, compact), avail_w)
                if layout.size[0] <= avail_w and layout.size[1] <= avail_h:
                    return layout
        assert layout is not None
        return self._cut_to(layout, avail_w, avail_h)

    def _cut_to(self, layout: _Layout, avail_w: int, avail_h: int) -> _Layout:
        style, z = layout.style, layout.style.zoom
        width, height = min(layout.size[0], avail_w), min(layout.size[1], avail_h)
        dx, dy = (width - layout.size[0]) // 2, height - layout.size[1]
        buttons = {label: rect.move(dx, dy) for label, rect in layout.buttons.items()}
        top = style.bevel + style.zoom + style.band
        bottom = min((r.top for r in buttons.values()), default=height - style.bevel)
        clip = pygame.Rect(
            style.bevel, top, width - 2 * style.bevel, max(bottom - style.gap // 2 - top, 0)
        )
        title = _ellipsize(style.font, self.title, width - 2 * (style.bevel + z) - 6 * z)
        return _Layout(style, (width, height), layout.pieces, buttons, title, clip)

    def _try_layout(self, style: _Style, avail_w: int) -> _Layout:
        z = style.zoom
        chrome = 2 * (style.bevel + style.pad)
        max_inner = max(avail_w - chrome, 1)
        pieces = self._body(style, max_inner)
        widths = [
            max(style.width(label) + 2 * style.button_pad, style.button_min_w)
            + (2 * z if label == self.default else 0)
            for label in self.buttons
        ]
        row_w = sum(widths) + style.button_gap * max(len(widths) - 1, 0)
        title_w = min(style.width(self.title) + 8 * z, max_inner)
        inner = max([row_w, title_w, MIN_WIDTH * z - chrome] + [p.width for p in pieces])
        inner = min(inner, max(max_inner, row_w, *(p.width for p in pieces)))
        width = inner + chrome
        x = style.bevel + style.pad
        y = style.bevel + z + style.band + style.pad
        for piece in pieces:
            piece.place(x, y, inner)
            y += piece.height + style.gap
        if not pieces:
            y += style.gap
        buttons: dict[str, pygame.Rect] = {}
        bx = x + (inner - row_w) // 2
        for label, w in zip(self.buttons, widths, strict=True):
            buttons[label] = pygame.Rect(bx, y, w, style.button_h)
            bx += w + style.button_gap
        if self.buttons:
            y += style.button_h
        height = y + style.pad + style.bevel
        title = _ellipsize(style.font, self.title, width - 2 * (style.bevel + z) - 6 * z)
        return _Layout(style, (width, height), pieces, buttons, title)

    def _paint(self, size: tuple[int, int], sprites: SpriteSheet) -> None:
        layout = self._layout(size, sprites.zoom)
        style, z = layout.style, sprites.zoom
        width, height = layout.size
        image = pygame.Surface((width, height))
        if pygame.display.get_surface() is not None:
            image = image.convert()
        sprites.frame(image, "raised3", (0, 0, width, height))
        # The title band, a pixel of grey inside the frame, like Windows 95.
        inset = style.bevel + z
        band = pygame.Rect(inset, inset, width - 2 * inset, style.band)
        image.fill(theme().highlight, band)
        title = style.text(layout.title, theme().highlight_text)
        image.blit(
            title, (band.x + 3 * z, band.y + (band.h - title.get_height()) // 2 + style.nudge)
        )
        image.set_clip(layout.body_clip)
        for piece in layout.pieces:
            piece.draw(image, sprites)
        image.set_clip(None)
        for label, rect in layout.buttons.items():
            self._paint_button(image, sprites, style, label, rect)
        self._image = image
        self._rect = image.get_rect(center=(size[0] // 2, size[1] // 2))
        self._button_rects = {
            label: rect.move(self._rect.topleft) for label, rect in layout.buttons.items()
        }
        self._painted(layout)

    def _painted(self, layout: _Layout) -> None:
        """Hook: the layout just drawn, for subclasses that keep more rectangles."""

    def _paint_button(
        self,
        image: pygame.Surface,
        sprites: SpriteSheet,
        style: _Style,
        label: str,
        rect: pygame.Rect,
    ) -> None:
        z = style.zoom
        pressed = self._held == label and self._held_over
        face = rect
        if label == self.default:
            image.fill(theme().text, rect)  # the default button's black outline
            face = rect.inflate(-2 * z, -2 * z)
        sprites.frame(image, "sunken3" if pressed else "raised3", (face.x, face.y, face.w, face.h))
        text = style.text(label)
        at = text.get_rect(center=face.center).move(0, style.nudge)
        if pressed:
            at.move_ip(z, z)
        image.blit(text, at)


class _MenuPiece(_Piece):
    """Rows of 'what ... value', one highlighted, each a target for the mouse."""

    def __init__(self, style: _Style, menu: MenuDialog, width: int) -> None:
        self.style, self.menu = style, menu
        z = style.zoom
        self.row_h = style.line + 4 * z
        self.value_w = max((style.width(value) for _, value in menu.items), default=0)
        label_w = max((style.width(label) for label, _ in menu.items), default=0)
        self.width = min(label_w + style.column_gap + self.value_w + 6 * z, width)
        self.height = len(menu.items) * self.row_h

    def rows(self) -> list[pygame.Rect]:
        """Each row's rectangle, in the dialog picture's pixels."""
        return [
            pygame.Rect(self.x, self.y + i * self.row_h, self.w, self.row_h)
            for i in range(len(self.menu.items))
        ]

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        style, z = self.style, self.style.zoom
        for i, ((label, value), row) in enumerate(zip(self.menu.items, self.rows(), strict=True)):
            lit = i == self.menu.index
            colour = theme().highlight_text if lit else theme().text
            if lit:
                image.fill(theme().highlight, row)
            ty = row.y + (row.h - style.line) // 2 + style.nudge
            room = row.w - self.value_w - style.column_gap - 6 * z
            image.blit(style.text(_ellipsize(style.font, label, room), colour), (row.x + 3 * z, ty))
            text = style.text(value, colour)
            image.blit(text, (row.right - 3 * z - text.get_width(), ty))


class MenuDialog(Dialog):
    """Lines of (what, value) picked one at a time, over a Close button.

    Up and Down move the highlight; Enter or Space picks the highlighted line, and so
    does a click on a line (on release over the line it was pressed on). A pick calls
    ``on_pick(index)``, which returns the new lines (a setting changed its value),
    and the menu stays open. Esc or Close closes it with result None.
    """

    def __init__(
        self, title: str, items: list[tuple[str, str]], lines: list[str] | None = None
    ) -> None:
        if not items:
            raise ValueError("a menu needs at least one line")
        super().__init__(title, ("Close",), None)
        self.items = list(items)
        self.lines = list(lines or [])
        self.index = 0
        self.on_pick: Callable[[int], list[tuple[str, str]]] | None = None
        self._row_rects: list[pygame.Rect] = []
        self._row_held: int | None = None

    def row_rect(self, index: int) -> pygame.Rect:
        """A line's rectangle as last drawn, in surface pixels; LookupError before a draw."""
        if not 0 <= index < len(self._row_rects):
            raise LookupError(f"no line {index} drawn")
        return self._row_rects[index].copy()

    def pick(self, index: int) -> None:
        """Choose line `index`, as a click or Enter would."""
        self.index = index
        if self.on_pick is not None:
            self.items = list(self.on_pick(index))
        self._changed()

    def _body(self, style: _Style, width: int) -> list[_Piece]:
        pieces: list[_Piece] = []
        if self.lines:
            pieces.append(_TextPiece(style, self.lines, width, theme().text))
        pieces.append(_MenuPiece(style, self, width))
        return pieces

    def _key(self, key: int, mod: int) -> None:
        if key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            self.index = (self.index + step) % len(self.items)
            self._changed()
        elif key in _ENTER_KEYS or key == pygame.K_SPACE:
            self.pick(self.index)
        elif key == pygame.K_ESCAPE:
            self._close(None)

    def _painted(self, layout: _Layout) -> None:
        assert self._rect is not None
        for piece in layout.pieces:
            if isinstance(piece, _MenuPiece):
                self._row_rects = [row.move(self._rect.topleft) for row in piece.rows()]

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for i, row in enumerate(self._row_rects):
            if row.collidepoint(pos):
                return i
        return None

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        row = self._row_at(pos) if button == 1 else None
        if row is None:
            super()._mouse_down(pos, button)
            return
        self._row_held = self.index = row
        self._changed()

    def _mouse_up(self, pos: tuple[int, int], button: int) -> None:
        if button == 1 and self._row_held is not None:
            row, self._row_held = self._row_held, None
            if self._row_at(pos) == row:
                self.pick(row)
            return
        super()._mouse_up(pos, button)


class MessageDialog(Dialog):
    """A message and a row of buttons; result is the label of the button chosen.

    Each line is a paragraph, wrapped to fit; an empty string leaves a blank line.
    Enter picks the first button. Esc closes with result None, except when there is
    only one button: then Esc picks it too (as a Windows message box with only OK
    answers OK to Esc), so a one-button message never answers None.
    """

    def __init__(self, title: str, lines: list[str], buttons: tuple[str, ...] = ("OK",)) -> None:
        if not buttons:
            raise ValueError("a message dialog needs at least one button")
        super().__init__(title, buttons, buttons[0])
        self.lines = list(lines)

    def _body(self, style: _Style, width: int) -> list[_Piece]:
        if not self.lines:
            return []
        return [_TextPiece(style, self.lines, min(width, WRAP_WIDTH * style.zoom), theme().text)]

    def _key(self, key: int, mod: int) -> None:
        if key == pygame.K_ESCAPE and len(self.buttons) == 1:
            self._choose(self.buttons[0])
        else:
            super()._key(key, mod)


class HelpOverlay(MessageDialog):
    """Two columns, a key and what it does, over an OK button.

    Any key (bar the modifiers alone: Shift, Ctrl, Alt, ...) or any click (press and
    release of any of the three mouse buttons, anywhere) closes it; result is "OK".
    """

    def __init__(
        self, keys: list[tuple[str, str]], title: str = "Help", lines: list[str] | None = None
    ) -> None:
        super().__init__(title, list(lines or []), ("OK",))
        self.keys = list(keys)
        self._clicking: int | None = None

    def _body(self, style: _Style, width: int) -> list[_Piece]:
        table = _TablePiece(style, [], [[key, what] for key, what in self.keys], width)
        return [*super()._body(style, width), table]

    def _key(self, key: int, mod: int) -> None:
        if key not in _MODIFIER_KEYS:
            self._choose("OK")

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        super()._mouse_down(pos, button)
        if button in (1, 2, 3):
            self._clicking = button

    def _mouse_up(self, pos: tuple[int, int], button: int) -> None:
        super()._mouse_up(pos, button)
        if not self.closed and button == self._clicking:
            self._choose("OK")


def help_dialog(keys: list[tuple[str, str]], title: str = "Help") -> HelpOverlay:
    """The help overlay for a list of (key, what it does)."""
    return HelpOverlay(keys, title)


@dataclass(frozen=True)
class Field:
    """One input of a form: its key in the result, its label, its starting text."""

    key: str
    label: str
    value: str = ""
    numeric: bool = False
    """Digits only."""
    max_len: int = 12


class FormDialog(Dialog):
    """Labelled input fields with OK and Cancel; result is {key: text} or None.

    Tab and Down move the focus to the next field, Shift+Tab and Up to the previous
    one (wrapping round); a click on a field focuses it. A field that gets the focus
    has its whole text selected, so typing replaces it; clicking the field that
    already has the focus drops the selection. Characters arrive as TEXTINPUT events;
    numeric fields take digits only, and no field grows past its max_len. Backspace
    deletes the last character (or the selection). The caret stays at the end of the
    text and does not blink (so an idle form never needs redrawing).

    TEXTINPUT is taken only after the form has seen a KEYDOWN: the text of the very
    keystroke that opened the dialog (say, a space that won the game) belongs to the
    game, not to the form.

    Enter or OK calls validate(values): a message is shown in red inside the dialog,
    which stays open; None closes it with the values as result. Esc or Cancel closes
    it with None.
    """

    def __init__(
        self,
        title: str,
        fields: list[Field],
        validate: Callable[[dict[str, str]], str | None],
        lines: list[str] | None = None,
    ) -> None:
        if not fields:
            raise ValueError("a form needs at least one field")
        if len({f.key for f in fields}) != len(fields):
            raise ValueError("field keys must differ")
        super().__init__(title, ("OK", "Cancel"), "OK")
        self.fields = list(fields)
        self.validate = validate
        self.lines = list(lines or [])
        self.values_list = [f.value for f in fields]
        self.focus_index = 0
        self.selected = True
        self.error: str | None = None
        self._keys_seen = False
        self._field_rects: list[pygame.Rect] = []

    @property
    def values(self) -> dict[str, str]:
        """The text of every field, by key."""
        return {f.key: value for f, value in zip(self.fields, self.values_list, strict=True)}

    @property
    def focus(self) -> str:
        """The key of the field with the focus."""
        return self.fields[self.focus_index].key

    def field_rect(self, key: str) -> pygame.Rect:
        """The field's input box as last drawn, in surface pixels.

        Raises LookupError for an unknown key or before the first draw.
        """
        for f, rect in zip(self.fields, self._field_rects, strict=False):
            if f.key == key:
                return rect.copy()
        raise LookupError(f"no field {key!r} drawn")

    def _focus_on(self, index: int) -> None:
        self.focus_index = index % len(self.fields)
        self.selected = True
        self._changed()

    def _submit(self) -> None:
        values = self.values
        error = self.validate(values)
        if error is None:
            self._close(values)
        else:
            self.error = error
            self._changed()

    def _choose(self, label: str) -> None:
        if label == "OK":
            self._submit()
        else:
            self._close(None)

    def _key(self, key: int, mod: int) -> None:
        self._keys_seen = True
        if key == pygame.K_TAB:
            self._focus_on(self.focus_index + (-1 if mod & pygame.KMOD_SHIFT else 1))
        elif key == pygame.K_UP:
            self._focus_on(self.focus_index - 1)
        elif key == pygame.K_DOWN:
            self._focus_on(self.focus_index + 1)
        elif key == pygame.K_BACKSPACE:
            i = self.focus_index
            self.values_list[i] = "" if self.selected else self.values_list[i][:-1]
            self.selected = False
            self._changed()
        else:
            super()._key(key, mod)

    def _typed(self, text: str) -> None:
        if not self._keys_seen:
            return
        f = self.fields[self.focus_index]
        accepted = "".join(c for c in text if c in _DIGITS) if f.numeric else text
        accepted = "".join(c for c in accepted if c.isprintable())
        if not accepted:
            return
        i = self.focus_index
        current = "" if self.selected else self.values_list[i]
        room = f.max_len - len(current)
        if room <= 0:
            return
        self.values_list[i] = current + accepted[:room]
        self.selected = False
        self._changed()

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        if button == 1:
            for i, rect in enumerate(self._field_rects):
                if rect.collidepoint(pos):
                    if i == self.focus_index:
                        self.selected = False
                        self._changed()
                    else:
                        self._focus_on(i)
                    return
        super()._mouse_down(pos, button)

    def _body(self, style: _Style, width: int) -> list[_Piece]:
        text_w = min(width, WRAP_WIDTH * style.zoom)
        pieces: list[_Piece] = []
        if self.lines:
            pieces.append(_TextPiece(style, self.lines, text_w, theme().text))
        pieces.append(_FieldsPiece(style, self, width))
        if self.error:
            pieces.append(_TextPiece(style, [self.error], text_w, theme().error))
        return pieces

    def _painted(self, layout: _Layout) -> None:
        assert self._rect is not None
        for piece in layout.pieces:
            if isinstance(piece, _FieldsPiece):
                self._field_rects = [box.move(self._rect.topleft) for box in piece.boxes()]


class TableDialog(Dialog):
    """A table of text columns, optional lines under it, and buttons.

    result is the label of the button chosen; Enter picks the first button, Esc
    closes with None. Columns whose cells all read as numbers are right aligned.
    """

    def __init__(
        self,
        title: str,
        headers: list[str],
        rows: list[list[str]],
        buttons: tuple[str, ...] = ("Close",),
        lines: list[str] | None = None,
    ) -> None:
        if not buttons:
            raise ValueError("a table dialog needs at least one button")
        super().__init__(title, buttons, buttons[0])
        self.headers = list(headers)
        self.rows = [list(row) for row in rows]
        self.lines = list(lines or [])

    def _body(self, style: _Style, width: int) -> list[_Piece]:
        pieces: list[_Piece] = [_TablePiece(style, self.headers, self.rows, width)]
        if self.lines:
            text_w = min(width, max(WRAP_WIDTH * style.zoom, pieces[0].width))
            pieces.append(_TextPiece(style, self.lines, text_w, theme().text))
        return pieces
