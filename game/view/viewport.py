"""The viewport: the one window, its zoom, and how a board is seen through it.

It fits the window to the desktop, grows it while a dialog or a long menu needs more
room (and gives the room back), turns window pixels into board spots and back,
scrolls a board larger than the window, and owns the renderer that draws in it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.language import gettext
from game.rules import MAX_ZOOM, MIN_ZOOM, Board
from game.session.geometry import TILE, Layout, led_digits, min_view_cols
from game.session.input import Spot
from game.view import theme as themes
from game.view.render import Renderer
from game.view.window import TITLE, GameWindow, fits, usable_size

MIN_VIEW = 9
"""The fewest rows or columns a viewport shows (the panel needs the width)."""


Side = Callable[[int], int]
"""The width in window pixels of what sits beside the board at a zoom (the live
counters' panel; 0: nothing, the classic window)."""


def _nothing(zoom: int) -> int:
    return 0


def fitting_zoom(board: Board, side: Side = _nothing) -> int:
    """The largest zoom at which the window for this board fits the desktop; a board
    too large for the desktop even at 1x is seen through a viewport at any zoom."""
    digits = led_digits(board.mines)
    width, height = Layout(board.rows, board.cols, digits=digits).size
    if not fits((width + side(MIN_ZOOM), height)):  # the smallest viewport must fit
        cols = max(MIN_VIEW, min_view_cols(digits))
        width, height = Layout(board.rows, board.cols, MIN_VIEW, cols, digits=digits).size
    for zoom in range(MAX_ZOOM, MIN_ZOOM, -1):
        if fits((width * zoom + side(zoom), height * zoom)):
            return zoom
    return MIN_ZOOM


def layout_for(board: Board, zoom: int, side: int = 0) -> Layout:
    """The window's layout: the whole board, or as much of it as fits the desktop
    beside ``side`` pixels of what sits by the board (the board scrolls, it stays)."""
    digits = led_digits(board.mines)
    whole = Layout(board.rows, board.cols, digits=digits)
    if fits((whole.size[0] * zoom + side, whole.size[1] * zoom)):
        return whole
    room_w, room_h = usable_size()
    room_w = max(room_w - side, 1)
    one = Layout(board.rows, board.cols, 1, 1)  # the window less its cells
    extra_w, extra_h = one.size[0] - one.span_cols * TILE, one.size[1] - TILE
    fewest = max(MIN_VIEW, min_view_cols(digits))
    view_cols = max(min(board.cols, (room_w // zoom - extra_w) // TILE), fewest)
    view_rows = max(min(board.rows, (room_h // zoom - extra_h) // TILE), MIN_VIEW)
    return Layout(board.rows, board.cols, view_rows, view_cols, digits=digits)


class Viewport:
    """The window, at a zoom, showing one board (or as much of it as fits)."""

    def __init__(self, board: Board, zoom: int | None, side: Side = _nothing) -> None:
        self.side = side
        """What sits beside the board, its width at a zoom (the live counters)."""
        fitting = fitting_zoom(board, side)
        self.zoom = min(zoom or fitting, fitting)
        self.board = board
        layout = layout_for(board, self.zoom, side(self.zoom))
        self.window = GameWindow(self._scaled_size(layout))
        self.renderer = Renderer(layout, self.zoom, themes.current())

    def _scaled_size(self, layout: Layout) -> tuple[int, int]:
        width, height = layout.size
        return (width * self.zoom + self.side(self.zoom), height * self.zoom)

    def beside(self) -> pygame.Rect:
        """Where what sits beside the board goes: right of the game, below the menu
        bar, as tall as the game (empty when nothing does)."""
        width, height = self.layout.size
        top = self.bar().h
        x = width * self.zoom
        return pygame.Rect(x, top, self.side(self.zoom), height * self.zoom - top)

    @property
    def screen(self) -> pygame.Surface:
        """The surface the game is drawn on (the window's)."""
        return self.window.surface

    @property
    def layout(self) -> Layout:
        """Where everything is, in 1x pixels."""
        return self.renderer.layout

    def show(self, board: Board, cursor: tuple[int, int] | None = None) -> None:
        """Size the window for a board at the zoom (kept unless the window would no
        longer fit the desktop), and repaint everything."""
        self.board = board
        self.zoom = min(self.zoom, fitting_zoom(board, self.side))
        self.relayout(cursor)

    def relayout(self, cursor: tuple[int, int] | None = None) -> None:
        """Lay the window out anew (keeping ``cursor`` in view) and repaint."""
        layout = layout_for(self.board, self.zoom, self.side(self.zoom))
        if cursor is not None:
            layout = layout.showing(*cursor)
        self.window.resize(self._scaled_size(layout))
        self.window.set_title(gettext(TITLE))
        self.renderer = Renderer(layout, self.zoom, themes.current())

    def set_zoom(self, zoom: int, cursor: tuple[int, int] | None = None) -> bool:
        """Change the pixel scale, from MIN_ZOOM up to the largest that fits the
        desktop; True if it changed."""
        zoom = max(MIN_ZOOM, min(fitting_zoom(self.board, self.side), zoom))
        if zoom == self.zoom:
            return False
        self.zoom = zoom
        self.relayout(cursor)
        return True

    def use_theme(self) -> bool:
        """Draw in the current look (game.view.theme) from the next frame; True if it changed."""
        theme = themes.current()
        if self.renderer.theme.name == theme.name:
            return False
        self.renderer = Renderer(self.renderer.layout, self.zoom, theme)
        return True

    # ------------------------------------------------------------------ coordinates

    def spot(self, pos: tuple[int, int]) -> Spot:
        """What a window pixel is over: a cell, the face, or elsewhere."""
        return self.layout.spot(pos[0] // self.zoom, pos[1] // self.zoom)

    def board_point(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window pixel as a board point: 1x pixels from cell (0, 0)'s corner,
        wherever a scrolled view puts it (as replays record it)."""
        layout = self.layout
        bx, by = layout.board_origin
        x, y = pos[0] // self.zoom, pos[1] // self.zoom
        return (x - bx + layout.left * TILE, y - by + layout.top * TILE)

    def window_pos(self, point: tuple[int, int]) -> tuple[int, int]:
        """A board point (see ``board_point``) as a window pixel."""
        layout = self.layout
        bx, by = layout.board_origin
        return (
            (bx + point[0] - layout.left * TILE) * self.zoom,
            (by + point[1] - layout.top * TILE) * self.zoom,
        )

    def cell_pos(self, row: int, col: int) -> tuple[int, int]:
        """The window pixel at the centre of a cell."""
        x, y, w, h = self.layout.cell_rect(row, col)
        return ((x + w // 2) * self.zoom, (y + h // 2) * self.zoom)

    def face_pos(self) -> tuple[int, int]:
        """The window pixel at the centre of the face button."""
        x, y, w, h = self.layout.face
        return ((x + w // 2) * self.zoom, (y + h // 2) * self.zoom)

    def bar(self) -> pygame.Rect:
        """The menu bar: across the whole window (grown for a dialog or a menu too)."""
        _, _, _, height = self.renderer.scaled(self.layout.menu_bar)
        return pygame.Rect(0, 0, self.screen.get_width(), height)

    # ------------------------------------------------------------------ scrolling

    def scroll_to(self, layout: Layout) -> None:
        """Show another part of the board."""
        if layout != self.renderer.layout:
            self.renderer.scroll(layout)

    def scroll(self, drows: int, dcols: int) -> None:
        """Move the view over a board larger than the window."""
        layout = self.layout
        self.scroll_to(layout.scrolled(layout.top + drows, layout.left + dcols))

    def keep_in_view(self, row: int, col: int, margin: int = 0) -> None:
        """Scroll so that a cell is seen (with ``margin`` cells around it)."""
        self.scroll_to(self.layout.showing(row, col, margin))

    def over_overview(self, pos: tuple[int, int]) -> bool:
        """The pixel is on the overview map (a board larger than the window)."""
        rect = pygame.Rect(self.renderer.scaled(self.layout.overview))
        return bool(rect.w) and bool(rect.collidepoint(pos))

    def pan_to(self, pos: tuple[int, int]) -> None:
        """Centre the view on the overview map's point under the pointer."""
        layout = self.layout
        x, y, w, h = self.renderer.scaled(layout.overview)
        row = (pos[1] - y) * layout.rows // max(h, 1)
        col = (pos[0] - x) * layout.cols // max(w, 1)
        self.scroll_to(layout.scrolled(row - layout.shown_rows // 2, col - layout.shown_cols // 2))

    def centre(self) -> tuple[int, int]:
        """The cell at the middle of what is shown."""
        layout = self.layout
        return (layout.top + layout.shown_rows // 2, layout.left + layout.shown_cols // 2)

    # ------------------------------------------------------------------ growing

    def grow_for(self, need: tuple[int, int] | None) -> None:
        """The window as large as the game, or as what is open over it needs (a
        dialog, a long menu), never past the desktop; what a smaller one does not need
        is given back."""
        width, height = self._scaled_size(self.layout)
        room_w, room_h = usable_size()
        if need is not None:
            width, height = max(width, min(need[0], room_w)), max(height, min(need[1], room_h))
        self.window.resize((width, height))

    def close(self) -> None:
        """Close the window."""
        self.window.close()
