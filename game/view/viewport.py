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
from game.session.geometry import TILE, Layout, led_digits, min_view_cols
from game.session.input import Spot
from game.view import theme as themes
from game.view.render import Renderer
from game.view.window import TITLE, GameWindow, fits, usable_size

MIN_VIEW = 9
"""The fewest rows or columns a viewport shows (the panel needs the width)."""

SIDE_WIDTH = 370
"""The side's width at 1x: room beside the board for the live counters and for what a
player reads there (Statistics, Best times, the end of a game, the viewer's timeline)."""
SIDE_SCALE = 2
"""The largest scale the side is drawn at (its words at 24 pixels: a Beginner board at
4x beside a side at 3x would be a window mostly of words)."""
SIDE_HEIGHT = 320
"""The least height of a window with the side at 1x (a Beginner board is shorter)."""
LEAST = (640, 560)
"""The least window with the side, in window pixels at any zoom: room for the largest
dialog at 1x whole (the History is 630 wide, the Help 481 tall) and the longest menu in
one column (the Options menu is 525 tall under an 18-pixel bar), the side widened."""

Need = Callable[[int], int]
"""The width in window pixels the side's own content needs at a scale (the live
counters' lines; the side is never narrower than SIDE_WIDTH at that scale)."""


def _nothing(scale: int) -> int:
    return 0


class Side(Record):
    """The side beside the board: its width and height in window pixels (0: no side,
    the classic window) and the scale of what is drawn in it."""

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
    """The side beside a game ``game_w`` window pixels wide at a zoom: drawn at the
    zoom (SIDE_SCALE at most), or at the largest smaller scale whose side fits the
    desktop beside the game (at 1 at least); beside a board that scrolls, at the
    largest scale whose side takes at most a third of the desktop's width."""
    room = usable_size()[0] // 3 if scrolled else usable_size()[0] - game_w
    scale = 1
    for s in range(max(min(zoom, SIDE_SCALE), 1), 1, -1):
        if max(SIDE_WIDTH * s, need(s)) <= room:
            scale = s
            break
    width = max(SIDE_WIDTH * scale, need(scale), LEAST[0] - game_w)
    return Side(width, max(SIDE_HEIGHT * scale, LEAST[1]), scale)


def fitting_zoom(board: Board, need: Need | None = None) -> int:
    """The largest zoom at which the window for this board (with the side, unless
    ``need`` is None) fits the desktop; a board too large for the desktop even at 1x
    is seen through a viewport at any zoom."""
    digits = led_digits(board.mines)
    width, height = Layout(board.rows, board.cols, digits=digits).size
    if not fits(_with_side(width, height, 1, need)):  # the smallest viewport must fit
        cols = max(MIN_VIEW, min_view_cols(digits))
        width, height = Layout(board.rows, board.cols, MIN_VIEW, cols, digits=digits).size
    for zoom in range(MAX_ZOOM, MIN_ZOOM, -1):
        if fits(_with_side(width, height, zoom, need)):
            return zoom
    return MIN_ZOOM


def _with_side(width: int, height: int, zoom: int, need: Need | None) -> tuple[int, int]:
    """The window of a game of this size at 1x, at a zoom, with its side."""
    side = NO_SIDE if need is None else side_for(width * zoom, zoom, need)
    return _window(width * zoom, height * zoom, side)


def _window(game_w: int, game_h: int, side: Side) -> tuple[int, int]:
    """The window of a game this size in window pixels with this side beside it."""
    return (game_w + side.width, max(game_h, side.height))


def layout_for(board: Board, zoom: int, need: Need | None = None) -> tuple[Layout, Side]:
    """The window's layout and its side (``need`` None: no side): the whole board, or
    as much of it as fits the desktop beside the side (the board scrolls, it stays)."""
    digits = led_digits(board.mines)
    whole = Layout(board.rows, board.cols, digits=digits)
    game_w, game_h = whole.size[0] * zoom, whole.size[1] * zoom
    side = NO_SIDE if need is None else side_for(game_w, zoom, need)
    if fits(_window(game_w, game_h, side)):
        return whole, side
    if need is not None:
        side = side_for(game_w, zoom, need, scrolled=True)
    room_w, room_h = usable_size()
    room_w = max(room_w - side.width, 1)
    one = Layout(board.rows, board.cols, 1, 1)  # the window less its cells
    extra_w, extra_h = one.size[0] - one.span_cols * TILE, one.size[1] - TILE
    fewest = max(MIN_VIEW, min_view_cols(digits))
    view_cols = max(min(board.cols, (room_w // zoom - extra_w) // TILE), fewest)
    view_rows = max(min(board.rows, (room_h // zoom - extra_h) // TILE), MIN_VIEW)
    return Layout(board.rows, board.cols, view_rows, view_cols, digits=digits), side


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
        self.side_shown = shown
        """The player keeps the side (a setting: the live counters); else the window
        is the classic one, and the side opens only while something is shown in it."""
        self.side_open = False
        """Something on the stage is shown in the side (a dialog, the end of a game)."""
        self._home: tuple[tuple[int, int], tuple[int, int]] | None = None
        """Where the classic window was before it opened its side, and where that put
        it: the side closed, it goes back (unless the player moved it meanwhile)."""
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

    @property
    def forced(self) -> bool:
        """The board is shown at a smaller zoom than the player's: the window would
        not fit the desktop at it (the player's comes back with a board that fits)."""
        return self.zoom < self.chosen

    def has_side(self) -> bool:
        """The window has its side now."""
        return self.side_shown() or self.side_open

    def _need(self) -> Need | None:
        """The side's need as layouts take it (None: no side)."""
        return self.need if self.has_side() else None

    def _scaled_size(self, layout: Layout) -> tuple[int, int]:
        width, height = layout.size
        return _window(width * self.zoom, height * self.zoom, self.side)

    def frame_side(self, screen: pygame.Surface) -> None:
        """The side's raised frame and its ground, at the side's scale."""
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
        self.window.resize(self._scaled_size(layout), keep_corner)
        self.renderer = Renderer(layout, self.zoom, themes.current())

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

    def open_side(self, wanted: bool) -> None:
        """Something is shown in the side (or no longer): a classic window opens its
        side beside the board for as long as it is (the board stays where it is on
        the desktop, unless the side needs the room; the side closed, the window
        goes back where it was); a window that keeps its side is not resized."""
        if wanted == self.side_open:
            return
        before = self.has_side()
        self.side_open = wanted
        if self.has_side() != before:
            corner = self.window.corner
            self._arrange(self.centre(), keep_corner=True)
            home, self._home = self._home, (corner, self.window.corner) if wanted else None
            if not wanted and home is not None and home[1] == corner:
                self.window.move(home[0])  # (moved for the side only: back where it was)

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
        """Close the window (and let its seat go)."""
        self.window.close()
        if self.seat is not None:
            self.seat.release()
