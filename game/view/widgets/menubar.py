"""The menu bar across the top of the window: Game, Options, Help, as the classic has.

Made from the command table (game.view.menus.MENUS), so every menu line is a
Command the keys can give too, and each line shows its key. Used with the mouse
(press a title to open its menu, slide to another title, release on a line to
choose it; a click outside closes) and with the keyboard (F10 or Alt opens the
first menu; Left and Right change menus, Up and Down move, Enter chooses, Esc
closes).

It knows nothing of the game: the window asks it to draw, hands it events while it
is open (or when one lands on the bar), and gets back the chosen Command. Whether a
line shows a tick is asked of the window through ``checked``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.language import N_, gettext
from game.view import scale
from game.view.commands import MENU_KEYS, MODIFIER_KEYS, Command, KeyMap, keys_said
from game.view.fonts import ui_font
from game.view.menus import Menu, MenuItem
from game.view.scale import TEXT
from game.view.sprites import SpriteSheet
from game.view.theme import current as theme

TEXT_SIZE = TEXT
"""The menus' font size at UI scale 1 (the dialogs' and the side's: one size of words)."""
TITLE_PAD = 5
"""Beside each title in the bar, at 1x."""
ROW_H = 16
"""A menu line's height at 1x."""
SEPARATOR_H = 7
"""A separator's height at 1x."""
INSET = 4
"""Between a menu's raised frame (3 pixels at 1x) and its lines, at 1x: a line of
words never touches the frame."""
TICK_W = 14
"""Room for the tick before a line's words, at 1x."""
KEY_GAP = 18
"""Between a line's words and its key, at 1x."""


class Popup(Protocol):
    """A window of its own for a menu the game's window cannot hold: the room under
    the bar it has on the desktop, and its surface, shown where the box goes (in
    the game's window's pixels)."""

    room: tuple[int, int]

    def show(self, box: pygame.Rect) -> pygame.Surface: ...


Checked = Callable[[Command], bool | None]
"""Whether a command's line shows a tick (True), no tick (False), or is no toggle (None)."""


MENU_SAID = N_("{title} menu:")
"""How speech names the menu that opens."""


class _Row:
    """One line (or separator) of the open menu, where it was drawn."""

    __slots__ = ("item", "rect")

    def __init__(self, item: MenuItem | None, rect: pygame.Rect) -> None:
        self.item = item
        self.rect = rect


class MenuBar:
    """The bar, and the menu open under it, if any."""

    def __init__(
        self, menus: Sequence[Menu], keymap: Callable[[], KeyMap], checked: Checked
    ) -> None:
        self.menus = tuple(menus)
        self.keymap = keymap
        self.checked = checked
        self.open_index: int | None = None
        """Which menu is open (None: the bar is closed)."""
        self.row: int | None = None
        """The highlighted line of the open menu (an index into its items)."""
        self._titles: list[pygame.Rect] = []
        self._rows: list[_Row] = []
        self._dropdown: pygame.Rect | None = None
        self._pressed = False  # the left button went down on the bar or a menu
        self._dirty = True

    # ------------------------------------------------------------------ state

    def title_rect(self, index: int) -> pygame.Rect:
        """Where a menu's title was last drawn, in window pixels."""
        return self._titles[index]

    def line_rect(self, label: str) -> pygame.Rect:
        """Where a line of the open menu was last drawn, by its English words
        (LookupError: not shown)."""
        for row in self._rows:
            if row.item is not None and row.item.label == label:
                return row.rect
        raise LookupError(label)

    @property
    def is_open(self) -> bool:
        """A menu is open: the window hands every event here first."""
        return self.open_index is not None

    def dirty(self) -> bool:
        """The look changed since the last draw."""
        return self._dirty

    def relayout(self) -> None:
        """Draw again at the next frame (the language changed: new words, new widths)."""
        self._dirty = True

    def open(self, index: int, *, highlight_first: bool = False) -> None:
        """Open one menu (of the bar's menus, by position)."""
        self.open_index = index % len(self.menus)
        items = self.menus[self.open_index].items
        self.row = self._step(items, -1, 1) if highlight_first else None
        self._dirty = True

    def close(self) -> None:
        """Close the open menu."""
        self.open_index = self.row = None
        self._pressed = False
        self._dropdown = None
        self._rows = []
        self._dirty = True

    @staticmethod
    def _step(items: Sequence[MenuItem | None], start: int, step: int) -> int | None:
        """The next line from start (wrapping round) that is not a separator."""
        count = len(items)
        for k in range(1, count + 1):
            index = (start + step * k) % count
            if items[index] is not None:
                return index
        return None

    # ------------------------------------------------------------------ events

    def key(self, name: str) -> Command | None:
        """A key while the bar is open (or to open it); the command it chooses, if any."""
        if not self.is_open:
            if name in MENU_KEYS:
                self.open(0, highlight_first=True)
            return None
        assert self.open_index is not None
        items = self.menus[self.open_index].items
        start = -1 if self.row is None else self.row
        if name in ("Left", "Right"):
            self.open(self.open_index + (1 if name == "Right" else -1), highlight_first=True)
        elif name in ("Down", "Up"):
            self.row = self._step(items, start, 1 if name == "Down" else -1)
            self._dirty = True
        elif name in ("Return", "Keypad Enter", "Space"):
            return self._choose()
        elif name == "Escape" or name in MENU_KEYS:
            self.close()
        elif name not in MODIFIER_KEYS:
            # The underlined letter of Windows menus: the first line starting with it.
            for index, item in enumerate(items):
                if item is not None and item.shown[:1].casefold() == name.casefold():
                    self.row = index
                    return self._choose()
        return None

    def _choose(self) -> Command | None:
        item = None
        if self.open_index is not None and self.row is not None:
            item = self.menus[self.open_index].items[self.row]
        self.close()
        return item.command if item is not None else None

    def title_at(self, pos: tuple[int, int]) -> int | None:
        """The menu whose title is under the pointer, if any."""
        for index, rect in enumerate(self._titles):
            if rect.collidepoint(pos):
                return index
        return None

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for index, row in enumerate(self._rows):
            if row.item is not None and row.rect.collidepoint(pos):
                return index
        return None

    def press(self, pos: tuple[int, int]) -> bool:
        """The left button went down at pos; True if the bar took it."""
        title = self.title_at(pos)
        if title is not None:
            if self.open_index == title:
                self.close()
            else:
                self.open(title)
            self._pressed = self.is_open
            return True
        if not self.is_open:
            return False
        if self._dropdown is not None and self._dropdown.collidepoint(pos):
            self._pressed = True
            self.row = self._row_at(pos)
            self._dirty = True
            return True
        self.close()  # a click outside closes the menu and does nothing else
        return True

    def move(self, pos: tuple[int, int]) -> None:
        """The pointer moved: slide between titles, highlight the line under it."""
        if not self.is_open:
            return
        title = self.title_at(pos)
        if title is not None and title != self.open_index:
            self.open(title)
            return
        row = self._row_at(pos)
        if (row is not None or self._pressed) and row != self.row:
            self.row = row
            self._dirty = True

    def release(self, pos: tuple[int, int]) -> Command | None:
        """The left button came up at pos: a line under it is chosen."""
        if not self.is_open:
            return None
        pressed, self._pressed = self._pressed, False
        row = self._row_at(pos)
        if row is not None:
            self.row = row
            return self._choose()
        if pressed and self.title_at(pos) is None and not self._over_menu(pos):
            self.close()  # dragged off everything: nothing chosen
        return None

    def _over_menu(self, pos: tuple[int, int]) -> bool:
        return self._dropdown is not None and self._dropdown.collidepoint(pos)

    # ------------------------------------------------------------------ drawing

    def draw(
        self,
        surface: pygame.Surface,
        sprites: SpriteSheet,
        bar: pygame.Rect,
        keep: Callable[[pygame.Rect], None] | None = None,
        popup: Popup | None = None,
    ) -> None:
        """Draw the bar over ``bar`` (window pixels) and the open menu under it, at
        the UI scale whatever the board's zoom (``sprites``: the board's sheet);
        ``keep`` is told where the menu goes before it is drawn there."""
        z = scale.current()
        sprites = sprites.at_zoom(z)
        font = ui_font(TEXT_SIZE * z)
        surface.fill(theme().face, bar)
        surface.fill(theme().light, (bar.x, bar.bottom - z, bar.w, z))
        self._titles = []
        x = bar.x + 2 * z
        for index, menu in enumerate(self.menus):
            text = font.render(menu.shown, True, theme().text)
            rect = pygame.Rect(x, bar.y, text.get_width() + 2 * TITLE_PAD * z, bar.h - z)
            if index == self.open_index:
                sprites.frame(surface, "sunken1", (rect.x, rect.y, rect.w, rect.h), fill=False)
            surface.blit(text, text.get_rect(center=rect.center))
            self._titles.append(rect)
            x = rect.right
        self._dropdown = None
        self._rows = []
        if self.open_index is not None:
            self._draw_menu(surface, sprites, self._titles[self.open_index], keep, popup)
        self._dirty = False

    def _draw_menu(
        self,
        surface: pygame.Surface,
        sprites: SpriteSheet,
        title: pygame.Rect,
        keep: Callable[[pygame.Rect], None] | None,
        popup: Popup | None,
    ) -> None:
        """The open menu under its title, in the window or (``popup``) its own."""
        assert self.open_index is not None
        items = self.menus[self.open_index].items
        room = popup.room if popup is not None else surface.get_size()
        room = (room[0], room[1] - title.bottom)
        z = sprites.zoom
        font = ui_font(TEXT_SIZE * z)
        heights, columns, column_w, size = self._arranged(z, room)
        inner_w = column_w - 2 * INSET * z
        box = pygame.Rect((title.x, title.bottom + z), size)
        if popup is None:
            box.right = min(box.right, surface.get_width())
            box.x = max(box.x, 0)
            if keep is not None:
                keep(box.clip(surface.get_rect()))
            canvas = surface.subsurface(box.clip(surface.get_rect()))
        else:
            canvas = popup.show(box)
        self._dropdown = box
        sprites.frame(canvas, "raised3", (0, 0, box.w, box.h))
        for c, column in enumerate(columns):
            y = INSET * z
            for index in column:
                row = pygame.Rect(c * column_w + INSET * z, y, inner_w, heights[index])
                self._rows.append(_Row(items[index], row.move(box.topleft)))
                self._draw_line(canvas, font, z, index, row)
                y += heights[index]

    def _draw_line(
        self, canvas: pygame.Surface, font: pygame.font.Font, z: int, index: int, row: pygame.Rect
    ) -> None:
        assert self.open_index is not None
        item = self.menus[self.open_index].items[index]
        if item is None:
            middle = row.y + row.h // 2 - z
            canvas.fill(theme().shadow, (row.x + z, middle, row.w - 2 * z, z))
            canvas.fill(theme().light, (row.x + z, middle + z, row.w - 2 * z, z))
            return
        lit = index == self.row
        ink = theme().highlight_text if lit else theme().text
        if lit:
            canvas.fill(theme().highlight, row)
        if self.checked(item.command):
            tick = font.render("\u2713", True, ink)
            canvas.blit(tick, tick.get_rect(midleft=(row.x + 2 * z, row.centery)))
        label = font.render(item.shown, True, ink)
        canvas.blit(label, label.get_rect(midleft=(row.x + TICK_W * z, row.centery)))
        shortcut = self.keymap().shortcut(item.command)
        if shortcut:
            key = font.render(shortcut, True, ink)
            canvas.blit(key, key.get_rect(midright=(row.right - 4 * z, row.centery)))

    def _arranged(
        self, z: int, room: tuple[int, int]
    ) -> tuple[list[int], list[list[int]], int, tuple[int, int]]:
        """The open menu at scale ``z`` under the bar in ``room``: its lines' heights,
        the lines of each column, a column's width, and its box's size."""
        assert self.open_index is not None
        items = self.menus[self.open_index].items
        font = ui_font(TEXT_SIZE * z)
        row_h = max(ROW_H * z, font.get_linesize() + 3 * z)  # (a CJK fallback is taller)
        heights = [row_h if item is not None else SEPARATOR_H * z for item in items]
        columns = _columns(heights, room[1] - (2 * INSET + 1) * z)
        tallest = max(sum(heights[i] for i in column) for column in columns)
        column_w = self._inner_width(font, z, items) + 2 * INSET * z
        return heights, columns, column_w, (column_w * len(columns), tallest + 2 * INSET * z)

    def fits(self, window: tuple[int, int], bar: int) -> bool:
        """The open menu, at the UI scale, is whole under a bar this high (or none)."""
        if self.open_index is None:
            return True
        room = (window[0], window[1] - bar)
        width, height = self._arranged(scale.current(), room)[3]
        return width <= room[0] and height < room[1]

    def _inner_width(
        self, font: pygame.font.Font, zoom: int, items: Sequence[MenuItem | None]
    ) -> int:
        """The width of a menu's lines: tick, words, gap, key, and a margin."""
        words = [font.size(item.shown)[0] for item in items if item is not None]
        keys = [
            font.size(self.keymap().shortcut(item.command))[0] for item in items if item is not None
        ]
        return (
            TICK_W * zoom + max(words, default=0) + KEY_GAP * zoom + max(keys, default=0) + 6 * zoom
        )

    def covered(self) -> pygame.Rect | None:
        """Where the open menu was last drawn (the window repaints under it on close)."""
        return None if self._dropdown is None else self._dropdown.copy()


def _columns(heights: list[int], room: int) -> list[list[int]]:
    """A menu's lines (their heights) in columns no taller than ``room``, each column
    broken after a separator where one is near (``SEPARATOR_H`` lines are the short
    ones) unless that would take another column; one column when it fits."""
    near = _filled(heights, room, after_separator=True)
    plain = _filled(heights, room, after_separator=False)
    return near if len(near) <= len(plain) else plain


def _filled(heights: list[int], room: int, after_separator: bool) -> list[list[int]]:
    columns: list[list[int]] = [[]]
    used = 0
    for index, height in enumerate(heights):
        column = columns[-1]
        if column and used + height > room:
            shorts = [k for k, i in enumerate(column) if heights[i] < max(heights)]
            near = after_separator and shorts and shorts[-1] >= len(column) // 2
            cut = shorts[-1] + 1 if near else len(column)
            columns[-1], rest = column[:cut], column[cut:]
            columns.append(rest)
            used = sum(heights[i] for i in rest)
        columns[-1].append(index)
        used += height
    return columns


def focus_said(bar: MenuBar) -> tuple[str, str]:
    """The open menu's title and its highlighted line as speech says them: the
    line's own words, its tick (a setting's: on or off) and its key ("", "":
    the bar is closed)."""
    if bar.open_index is None:
        return "", ""
    menu = bar.menus[bar.open_index]
    title = gettext(MENU_SAID).format(title=menu.shown)
    item = None if bar.row is None else menu.items[bar.row]
    if item is None:
        return title, ""
    words = [item.shown]
    ticked = bar.checked(item.command)
    if ticked is not None:
        words.append(gettext(N_("on") if ticked else N_("off")))
    key = bar.keymap().shortcut(item.command)
    if key:
        words.append(keys_said(key))
    return title, ", ".join(words)
