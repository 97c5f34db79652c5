"""The viewport: the one window, its zoom, and how a board is seen through it.

It fits the window to the desktop with the side beside the board (the live counters,
and what a player reads without losing the board from sight: a dialog, the end of a
game, the viewer's timeline), turns window pixels into board spots and back, scrolls
a board larger than the window, and owns the renderer that draws in it. The window
changes size for a new board, a new zoom, and the side shown or hidden by the player;
nothing shown in the side resizes it (a classic window, its side hidden, opens it
beside the board while something is shown there).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.record import Record
from game.language import gettext
from game.persist.seats import Seat
from game.rules import MAX_ZOOM, MIN_ZOOM, Board
from game.session.geometry import MENU_BAR, TILE, Layout, led_digits, min_view_cols
from game.session.input import Spot
from game.view import scale
from game.view import theme as themes
from game.view.render import Renderer
from game.view.window import TITLE, GameWindow, fits, usable_size

MIN_VIEW = 9
"""The fewest rows or columns a viewport shows (the panel needs the width)."""

SIDE_WIDTH = 275
"""The side's width at UI scale 1, as wide as the live counters' default lines need
(name and value side by side) in the longest translation (Polish, 273 pixels: a test
measures every language at every scale); wider for the player's own counters. So the
first frame, drawn before the counters are imported, has the side's width already."""
SIDE_HEIGHT = 320
"""The least height of a window with the side, at UI scale 1: the live counters' lines
beside a Beginner board at 1x (a menu taller than the window opens in a window of its
own: game.view.page_window.MenuWindow)."""

Need = Callable[[int], int]
"""The width in window pixels the side's own content needs at a UI scale (the live
counters' lines; the side is never narrower than SIDE_WIDTH at that scale)."""


def _nothing(scale: int) -> int:
    return 0


class Side(Record):
    """The side beside the board: its width and height in window pixels (0: no side,
    the classic window) and the scale of what is drawn in it (the UI scale)."""

    __slots__ = ("height", "scale", "width")

    width: int
    height: int
    scale: int

    def __init__(self, width: int, height: int, scale: int) -> None:
        self.width = width
        self.height = height
        self.scale = scale


NO_SIDE = Side(0, 0, 1)


def side_for(game_w: int, zoom: int, need: Need, scrolled: bool = False) -> Side:
    """The side beside a game ``game_w`` window pixels wide at a zoom: as wide as
    its content needs at the UI scale (SIDE_WIDTH at least), whatever the zoom."""
    ui = scale.current()
    return Side(max(SIDE_WIDTH * ui, need(ui)), SIDE_HEIGHT * ui, ui)


def bar_for(zoom: int) -> int:
    """The menu bar's height at 1x for a zoom: the least whole number of zoomed
    pixels that holds the bar at the UI scale (its words keep their size)."""
    return -(-MENU_BAR * scale.current() // zoom)


def _layout(board: Board, zoom: int, rows: int = 0, cols: int = 0) -> Layout:
    return Layout(
        board.rows, board.cols, rows, cols, digits=led_digits(board.mines), bar=bar_for(zoom)
    )


def fitting_zoom(board: Board, need: Need | None = None) -> int:
    """The largest zoom at which the window for this board (with the side, unless
    ``need`` is None) fits the desktop; a board too large for the desktop even at 1x
    is seen through a viewport at any zoom."""
    cols = max(MIN_VIEW, min_view_cols(led_digits(board.mines)))
    whole = not fits(_with_side(_layout(board, 1).size, 1, need))  # (else the smallest view)
    for zoom in range(MAX_ZOOM, MIN_ZOOM, -1):
        layout = _layout(board, zoom, MIN_VIEW, cols) if whole else _layout(board, zoom)
        if fits(_with_side(layout.size, zoom, need)):
            return zoom
    return MIN_ZOOM


def _with_side(size: tuple[int, int], zoom: int, need: Need | None) -> tuple[int, int]:
    """The window of a game of this size at 1x, at a zoom, with its side."""
    width, height = size
    side = NO_SIDE if need is None else side_for(width * zoom, zoom, need)
    return _window(width * zoom, height * zoom, side)


def _window(game_w: int, game_h: int, side: Side) -> tuple[int, int]:
    """The window of a game this size in window pixels with this side beside it."""
    return (game_w + side.width, max(game_h, side.height))


def layout_for(board: Board, zoom: int, need: Need | None = None) -> tuple[Layout, Side]:
    """The window's layout and its side (``need`` None: no side): the whole board, or
    as much of it as fits the desktop beside the side (the board scrolls, it stays)."""
    whole = _layout(board, zoom)
    game_w, game_h = whole.size[0] * zoom, whole.size[1] * zoom
    side = NO_SIDE if need is None else side_for(game_w, zoom, need)
    if fits(_window(game_w, game_h, side)):
        return whole, side
    room_w, room_h = usable_size()
    room_w = max(room_w - side.width, 1)
    one = _layout(board, zoom, 1, 1)  # the window less its cells
    extra_w, extra_h = one.size[0] - one.span_cols * TILE, one.size[1] - TILE
    fewest = max(MIN_VIEW, min_view_cols(whole.digits))
    view_cols = max(min(board.cols, (room_w // zoom - extra_w) // TILE), fewest)
    view_rows = max(min(board.rows, (room_h // zoom - extra_h) // TILE), MIN_VIEW)
    return _layout(board, zoom, view_rows, view_cols), side


class Viewport:
    """The window, at a zoom, showing one board (or as much of it as fits), and the
    side beside it when there is one."""

    def __init__(
        self,
        board: Board,
        zoom: int | None,
        shown: Callable[[], bool] = lambda: False,
        seat: Seat | None = None,
    ) -> None:
        """``seat``: the window's among the windows on its data folder (released when
        it closes; None: the first, centred)."""
        self.seat = seat
        self.closing: list[Callable[[], None]] = []
        """What closes with the window (a note's own window: game.scenes.notes)."""
        self.side_shown = shown
        """The player keeps the side (a setting: the live counters); else the window
        is the classic one (what is read opens in a window of its own beside it)."""
        self.need: Need = _nothing
        """What the side's own content needs (the live counters' widest lines)."""
        self.board = board
        fitting = fitting_zoom(board, self._need())
        self.chosen = zoom or fitting
        """The player's zoom (the settings keep it); the one used is smaller while
        the window would not fit the desktop at it (``forced``)."""
        self.zoom = min(self.chosen, fitting)
        layout, self.side = layout_for(board, self.zoom, self._need())
        self.window = GameWindow(self._scaled_size(layout), 0 if seat is None else seat.number)
        self.renderer = Renderer(layout, self.zoom, themes.current())
        self.lent: Layout | None = None
        """The board's layout while a strip of the window is lent to a page (lend)."""

    @property
    def forced(self) -> bool:
        """The board is shown at a smaller zoom than the player's: the window would
        not fit the desktop at it (the player's comes back with a board that fits)."""
        return self.zoom < self.chosen

    def has_side(self) -> bool:
        """The window has its side now."""
        return self.side_shown()

    def _need(self) -> Need | None:
        """The side's need as layouts take it (None: no side)."""
        return self.need if self.has_side() else None

    def _scaled_size(self, layout: Layout) -> tuple[int, int]:
        width, height = layout.size
        return _window(width * self.zoom, height * self.zoom, self.side)

    def frame_side(self, screen: pygame.Surface) -> None:
        """The side's raised frame and its ground, at the UI scale."""
        side = self.beside()
        if side.w > 0:
            sprites = self.renderer.sprites.at_zoom(self.side.scale)
            sprites.frame(screen, "raised3", (side.x, side.y, side.w, side.h))

    def game_size(self) -> tuple[int, int]:
        """The game's own window, without the side (the classic window)."""
        width, height = self.layout.size
        return (width * self.zoom, height * self.zoom)

    def beside(self) -> pygame.Rect:
        """The side: right of the game, below the menu bar, down to the window's
        bottom (empty when there is none)."""
        width, _ = self.layout.size
        top = self.bar().h
        x = width * self.zoom
        _, height = self._scaled_size(self.layout)
        return pygame.Rect(x, top, self.side.width, height - top)

    @property
    def screen(self) -> pygame.Surface:
        """The surface the game is drawn on (the window's)."""
        return self.window.surface

    @property
    def layout(self) -> Layout:
        """Where everything is, in 1x pixels."""
        return self.renderer.layout

    def show(self, board: Board, cursor: tuple[int, int] | None = None) -> None:
        """Size the window for a board at the player's zoom (or the largest that
        fits the desktop, when the window would not fit at it), and repaint everything."""
        self.board = board
        self.zoom = self._fitting()
        self.relayout(cursor)

    def _fitting(self) -> int:
        """The zoom this board is shown at: the player's, or the largest smaller one
        at which the window fits the desktop with the side as the player keeps it
        (a page that opens a classic window's side for a moment changes no zoom)."""
        return min(self.chosen, fitting_zoom(self.board, self.need if self.side_shown() else None))

    def relayout(self, cursor: tuple[int, int] | None = None) -> None:
        """Lay the window out anew (keeping ``cursor`` in view, the window's centre
        where it was) and repaint."""
        self._arrange(cursor)
        self.window.set_title(gettext(TITLE))

    def _arrange(self, cursor: tuple[int, int] | None = None, keep_corner: bool = False) -> None:
        """The layout and the window's size anew (the title left as it is);
        ``keep_corner``: the board stays where it is on the desktop (the side opened
        or closed beside it), else the window's centre does."""
        layout, self.side = layout_for(self.board, self.zoom, self._need())
        if cursor is not None:
            layout = layout.showing(*cursor)
        self.lent = None
        self.window.resize(self._scaled_size(layout), keep_corner)
        self.renderer = Renderer(layout, self.zoom, themes.current())

    def lend(self, width: int) -> bool:
        """A strip ``width`` pixels wide at the window's right lent to a page, on a
        board that scrolls (its window fills the desktop: no room off its cells):
        the board's view shows fewer columns while the page is open, so no cell is
        under the page; the window keeps its size and place. True if lent."""
        layout = self.layout
        if not layout.scrolls or self.lent is not None:
            return False
        fewest = max(MIN_VIEW, min_view_cols(layout.digits))
        cols = max(fewest, layout.shown_cols - -(-width // (TILE * self.zoom)))
        if cols >= layout.shown_cols:
            return False
        self.lent = layout
        narrowed = layout.replace(view_cols=cols)
        self.renderer = Renderer(
            narrowed.scrolled(layout.top, layout.left), self.zoom, themes.current()
        )
        return True

    def give_back(self) -> bool:
        """The strip lent to a page given back to the board (the page closed): its
        columns shown again, the view where it was scrolled to. True if one was lent."""
        if self.lent is None:
            return False
        layout = self.lent.scrolled(self.layout.top, self.layout.left)
        self.lent = None
        self.renderer = Renderer(layout, self.zoom, themes.current())
        return True

    def spare(self) -> pygame.Rect:
        """What of the window neither the game nor the side takes: the strip lent to
        a page (empty when none is)."""
        width, height = self._scaled_size(self.layout)
        top = self.bar().h
        return pygame.Rect(width, top, max(self.screen.get_width() - width, 0), height - top)

    def set_zoom(self, zoom: int, cursor: tuple[int, int] | None = None) -> bool:
        """The player's new zoom, from MIN_ZOOM up to the largest that fits the
        desktop; True if it changed (else the player's is kept as it was)."""
        zoom = max(MIN_ZOOM, min(fitting_zoom(self.board, self._need()), zoom))
        if zoom == self.zoom:
            return False
        self.chosen = self.zoom = zoom
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

    # ------------------------------------------------------------------ the side

    def fit_side(self) -> bool:
        """The side shown or hidden, or its need changed (the player's counters, a
        language): the window follows at the player's zoom, or the largest that fits
        with the side as it is now, the board kept where it is; True if the window
        changed."""
        zoom = self._fitting()
        layout, side = layout_for(self.board, zoom, self._need())
        if zoom == self.zoom and side == self.side and layout.size == self.layout.size:
            return False
        self.zoom = zoom
        self._arrange(self.centre(), keep_corner=True)
        return True

    def close(self) -> None:
        """Close the window (and what closes with it, and let its seat go)."""
        for close in tuple(self.closing):  # (one may take itself off)
            close()
        self.window.close()
        if self.seat is not None:
            self.seat.release()
