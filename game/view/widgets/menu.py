"""Menus in a dialog: lines of 'what ... value', picked one at a time."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.language import N_, gettext
from game.view.commands import MODIFIER_KEYS
from game.view.lines import wrap
from game.view.sprites import SpriteSheet
from game.view.theme import current as theme
from game.view.widgets.button import Presser, dotted_rect
from game.view.widgets.dialog import Arrangement, Dialog
from game.view.widgets.pieces import Piece
from game.view.widgets.scrollbar import draw_bar
from game.view.widgets.style import ENTER_KEYS, WRAP_WIDTH, Style
from game.view.widgets.text import TextPiece

PRESS_A_KEY = N_("Press a key\u2026")
"""What a line waiting for a key shows in place of its keys."""


class MenuPiece(Piece):
    """Rows of 'what ... value', one highlighted, each a target for the mouse."""

    def __init__(self, style: Style, menu: MenuDialog, room: int | None = None) -> None:
        self.style, self.menu = style, menu
        z = style.zoom
        waits = style.width(gettext(PRESS_A_KEY)) if menu.on_key is not None else 0
        self.bar_w = 4 * z if menu.scrolls else 0
        sides = [
            (style.width(label), max(style.width(value), waits)) for label, value in menu.items
        ]
        widths = [words + style.column_gap + value + 6 * z + self.bar_w for words, value in sides]
        self.width = max(widths)
        """As wide as its widest line, its words and its value side by side (not the
        widest words beside the widest value: the longest rule mode's name is the
        value of the line of the fewest words, and their sum stacked every line of
        the Settings in a room that held each)."""
        self.inside = 0 if room is None else max(room - 6 * z - self.bar_w, 1)
        """The width a stacked line's words and value wrap to (0: no room given)."""
        self.apart = {i for i, width in enumerate(widths) if room is not None and width > room}
        """The lines whose value goes under their words, right: those a page's room
        (a page whose body scrolls, game.view.widgets.body_scroll) is narrower than;
        every other line keeps its value beside its words."""
        self.stacked = bool(self.apart)
        self.labels: dict[str, list[str]] = {}
        """Lines' words wrapped to a room narrower than they are (stacked), by their
        words (a line not here takes one line)."""
        if self.stacked:
            self.width = max((w for i, w in enumerate(widths) if i not in self.apart), default=0)
            for i in self.apart:
                label, value = menu.items[i]
                if sides[i][0] > self.inside:
                    self.labels[label] = wrap(style.font, label, self.inside)
                values = [value, gettext(PRESS_A_KEY)] if waits else [value]
                drawn = [*self.labels.get(label, [label])]
                drawn += [line for each in values for line in self.value_lines(each)]
                widest = max(style.width(line) for line in drawn)
                self.width = max(self.width, widest + 6 * z + self.bar_w)
        self.heights = [self._height(i) for i in range(len(menu.items))]
        shown = menu.shown_rows
        self.height = max(
            sum(self.heights[top : top + shown]) for top in range(len(self.heights) - shown + 1)
        )

    def _height(self, i: int) -> int:
        line, label, value = self.style.line, *self.menu.items[i]
        if i not in self.apart:
            return line + 4 * self.style.zoom
        tall = len(self.labels.get(label, [label])) + len(self.value_lines(value))
        return tall * line + 4 * self.style.zoom

    def rows(self) -> list[pygame.Rect]:
        """Each shown row's rectangle (from the menu's ``top`` line), in the dialog
        picture's pixels."""
        rects, y = [], self.y
        for i in range(self.menu.top, self.menu.top + self.menu.shown_rows):
            rects.append(pygame.Rect(self.x, y, self.w - self.bar_w, self.heights[i]))
            y += self.heights[i]
        return rects

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        style, z, menu = self.style, self.style.zoom, self.menu
        if self.bar_w:  # where the shown lines are in the whole list
            track = pygame.Rect(self.x + self.w - 3 * z, self.y, 3 * z, self.height)
            draw_bar(image, track, menu.top, menu.shown_rows, len(menu.items), 2 * z)
        shown = menu.items[menu.top : menu.top + menu.shown_rows]
        for k, ((words, value), row) in enumerate(zip(shown, self.rows(), strict=True)):
            i = menu.top + k
            label = self.labels.get(words, [words])
            if i == menu.waiting:
                value = gettext(PRESS_A_KEY)
            lit = i == self.menu.index
            colour = theme().highlight_text if lit else theme().text
            if lit:
                image.fill(theme().highlight, row)
                if self.menu.lines_have_focus:
                    dotted_rect(image, row, z)
            apart = i in self.apart
            values = self.value_lines(value) if apart else [value]
            taken = len(label) + len(values) if apart else 1
            ty = row.y + (row.h - style.line * taken) // 2 + style.nudge
            for n, line in enumerate(label):
                image.blit(style.text(line, colour), (row.x + 3 * z, ty + n * style.line))
            below = style.line * len(label) if apart else 0
            for n, line in enumerate(values):
                text = style.text(line, colour)
                at = ty + below + n * style.line
                image.blit(text, (row.right - 3 * z - text.get_width(), at))

    def value_lines(self, value: str) -> list[str]:
        """A stacked line's value as drawn: one line, or wrapped to the room where it
        is wider (a rule mode's name in German beside Beginner at 4x on a 1280-pixel
        screen: no room held the page, which went over the cells)."""
        if self.inside and self.style.width(value) > self.inside:
            return wrap(self.style.font, value, self.inside)
        return [value]


class MenuDialog(Dialog):
    """Lines of (what, value) picked one at a time, over a Close button.

    Up and Down move the highlight; Enter or Space picks the highlighted line, and so
    does a click on a line (on release over the line it was pressed on). A pick calls
    ``on_pick(index)``, which returns the new lines (a setting changed its value),
    and the menu stays open. Tab moves the focus between the lines and Close; Esc or
    Close closes it with result None; another button closes it with its label.

    A line can wait for a key (``wait_for_key``): the next key pressed (bar the
    modifiers alone) goes to ``on_key(index, key_name)``, which returns the new lines
    and a note to show under them; Esc stops waiting and keeps everything.
    """

    def __init__(
        self,
        title: str,
        items: list[tuple[str, str]],
        lines: list[str] | None = None,
        buttons: tuple[str, ...] = ("Close",),
        max_rows: int | None = None,
    ) -> None:
        if not items:
            raise ValueError("a menu needs at least one line")
        super().__init__(title, buttons, None)
        self.note: str | None = None
        """A line under the menu (what a key choice did, or what is awaited)."""
        self.waiting: int | None = None
        """The line waiting for a key, if one is."""
        self.on_key: Callable[[int, str], tuple[list[tuple[str, str]], str | None]] | None = None
        self._stop = 0
        self.items = list(items)
        self.lines = list(lines or [])
        self.index = 0
        self.max_rows = max_rows
        """The most lines shown at once (the rest scroll into view); None: all."""
        self.top = 0
        """The first line shown."""
        self.on_pick: Callable[[int], list[tuple[str, str]]] | None = None
        self._row_rects: list[pygame.Rect] = []
        self._rows: Presser[int] = Presser()
        self.hints: list[str] | None = None
        """One line per item, shown under the menu for the highlighted line; the
        highlight then follows the pointer as well as Up and Down."""

    @property
    def shown_rows(self) -> int:
        """How many lines are shown at once."""
        count = len(self.items)
        return count if self.max_rows is None else min(count, self.max_rows)

    @property
    def scrolls(self) -> bool:
        """Some lines are out of sight (the wheel, Up and Down bring them in)."""
        return self.shown_rows < len(self.items)

    def scroll(self, lines: int) -> None:
        """Show other lines (by ``lines``, kept within the list)."""
        top = max(0, min(self.top + lines, len(self.items) - self.shown_rows))
        if top != self.top:
            self.top = top
            self._changed()

    def _follow(self) -> None:
        """Scroll so that the highlighted line is shown."""
        if self.index < self.top:
            self.scroll(self.index - self.top)
        elif self.index >= self.top + self.shown_rows:
            self.scroll(self.index - self.top - self.shown_rows + 1)

    def _wheel(self, lines: int) -> None:
        self.scroll(-lines)

    @property
    def lines_have_focus(self) -> bool:
        """True when the keyboard focus is on the lines (not on Close)."""
        return self._stop == 0

    def pick(self, index: int) -> None:
        """Choose line `index`, as a click or Enter would."""
        self.index = index
        if self.on_pick is not None:
            self.items = list(self.on_pick(index))
        self._changed()

    def focus_said(self) -> str:
        if not self.lines_have_focus:
            return super().focus_said()
        what, value = self.items[self.index]
        said = f"{what}: {value}" if value else what
        hint = self.hints[self.index] if self.hints and self.index < len(self.hints) else ""
        return f"{said}. {hint}" if hint else said  # (the analysis: a figure, what it means)

    def place_said(self) -> str:
        return " ".join(" ".join(self.lines).split())

    def _body_stops(self) -> int:
        return 1

    def wait_for_key(self, index: int, prompt: str) -> None:
        """Let the next key pressed answer line `index` (see the class docstring)."""
        self.index, self.waiting, self.note = index, index, prompt
        self._changed()

    def choose(self, label: str) -> None:
        self._close(None if label == "Close" else label)

    def show_hint(self) -> None:
        """Put the highlighted line's hint under the menu (if the menu has hints)."""
        if self.hints is not None and 0 <= self.index < len(self.hints):
            self.note = self.hints[self.index]
            self._changed()

    def _body(self, style: Style, width: int) -> list[Piece]:
        pieces: list[Piece] = []
        if self.lines:
            pieces.append(TextPiece(style, self.lines, min(width, WRAP_WIDTH * style.zoom)))
        menu = MenuPiece(style, self, None if self.body_scroll is None else width)
        pieces.append(menu)
        if self.note:
            room = max(menu.width, min(width, WRAP_WIDTH * style.zoom))
            note = TextPiece(style, [self.note], room)
            if self.hints:  # as tall as the tallest hint: the dialog keeps its size
                note.least = max(TextPiece(style, [hint], room).height for hint in self.hints)
                note.height = max(note.height, note.least)
            pieces.append(note)
        return pieces

    def takes_key(self, key: int) -> bool:
        """A line waiting for its new key takes any (F2 too: it can be bound)."""
        return self.waiting is not None

    def _key(self, key: int, mod: int) -> None:
        if self.waiting is not None:
            name = pygame.key.name(key, False)
            if name in MODIFIER_KEYS:
                return
            index, self.waiting = self.waiting, None
            if key == pygame.K_ESCAPE or self.on_key is None:
                self.note = None
            else:
                items, self.note = self.on_key(index, name)
                self.items = list(items)
            self._changed()
            return
        if key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            self.index = (self.index + step) % len(self.items)
            self._stop = 0
            self._follow()
            self._changed()
            self.show_hint()
        elif (key in ENTER_KEYS or key == pygame.K_SPACE) and self.lines_have_focus:
            self.pick(self.index)
        else:
            super()._key(key, mod)

    def _painted(self, layout: Arrangement) -> None:
        assert self._rect is not None
        for piece in layout.pieces:
            if isinstance(piece, MenuPiece):
                self._row_rects = [row.move(self._rect.topleft) for row in piece.rows()]

    def _focus_rect(self, pieces: list[Piece]) -> pygame.Rect | None:
        menu = [piece for piece in pieces if isinstance(piece, MenuPiece)]
        rows = menu[0].rows() if menu and self.lines_have_focus else []
        k = self.index - self.top
        return rows[k] if 0 <= k < len(rows) else None

    def row_rect(self, index: int) -> pygame.Rect:
        """Where line ``index`` was last drawn (LookupError: it is not shown)."""
        k = index - self.top
        if not 0 <= k < len(self._row_rects):
            raise LookupError(index)
        return self._row_rects[k].copy()

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for k, row in enumerate(self._row_rects):
            if row.collidepoint(pos):
                return self.top + k
        return None

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        row = self._row_at(pos) if button == 1 else None
        if row is not None and self._rows.down(row):
            self.index = row
            self._changed()
            return
        super()._mouse_down(pos, button)

    def _mouse_up(self, pos: tuple[int, int], button: int) -> None:
        if button == 1 and self._rows.held is not None:
            fired = self._rows.up(self._row_at(pos))
            if fired is not None:
                self.pick(fired)
            return
        super()._mouse_up(pos, button)

    def _mouse_moved(self, pos: tuple[int, int]) -> None:
        row = self._row_at(pos)
        self._rows.move(row)
        if self.hints is not None and row is not None and row != self.index:
            self.index = row
            self.show_hint()
        super()._mouse_moved(pos)
