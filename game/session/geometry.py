"""Where everything sits in the window, at 1x, and what the pointer is over.

Pure arithmetic (no pygame): the renderer multiplies by the zoom, the event
reader divides by it. The proportions follow the classic game: a raised outer
frame, a sunken panel with the mine counter, the face and the timer, and the
sunken board below.
"""

from __future__ import annotations

from game.core.record import Record
from game.session.input import Place, Spot

Rect = tuple[int, int, int, int]

TILE = 16
"""A cell's side at 1x: the unit of every point a replay records."""
LED_W, LED_H = 13, 23
"""An LED digit at 1x."""
FACE = 26
"""The face button's side at 1x."""

MENU_BAR = 18  # the menu bar across the top (Game, Options, Help)
OUTER = 3  # raised outer frame
MARGIN = 6  # grey between the frame, the panel and the board
PANEL_BEVEL = 2
PANEL_INNER_H = 33
OVERVIEW_H = 68  # the panel's inner height when it holds the overview map
BOARD_BEVEL = 3
COUNTER_PAD = 1  # sunken1 bevel around each LED counter
COUNTER_INSET = 5  # from the panel's inner edge to a counter
DIGITS = 3
"""The classic LED counters' digits (a preset's counters and timer)."""
MIN_OVERVIEW = 16
"""The narrowest overview map between the face and the timer."""


def led_digits(mines: int) -> int:
    """How many LED digits the counters of a board with this many mines show: the
    classic three, or as many as the count needs (150,000 mines: six)."""
    return max(DIGITS, len(str(max(mines, 0))))


def min_view_cols(digits: int, overview: bool = True) -> int:
    """The fewest columns a window is wide so that the panel holds both counters of
    this many digits and the face, and (``overview``) an overview map between them."""
    counter = digits * LED_W + 2 * COUNTER_PAD
    inner = 2 * (COUNTER_INSET + counter) + FACE + 2 * COUNTER_INSET
    if overview:
        inner += 2 * MIN_OVERVIEW
    return -(-(inner + 2 * PANEL_BEVEL - 2 * BOARD_BEVEL) // TILE)


class Layout(Record):
    """The window's geometry for a board of rows x cols, at 1x.

    A board larger than the screen is shown through a viewport: ``view_rows`` x
    ``view_cols`` cells (0: the whole board), from row ``top`` and column ``left``.
    Cells are always named by their place on the board; only visible cells have
    pixels.
    """

    __slots__ = ("bar", "cols", "digits", "left", "rows", "top", "view_cols", "view_rows")

    rows: int
    cols: int
    view_rows: int
    view_cols: int
    top: int
    left: int
    digits: int
    """The LED digits of the mine counter and the timer (led_digits)."""
    bar: int
    """The menu bar's height at 1x: MENU_BAR, or what holds the bar's words at the UI
    scale at a zoom (game.view.viewport: the words do not grow with the board)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        view_rows: int = 0,
        view_cols: int = 0,
        top: int = 0,
        left: int = 0,
        digits: int = DIGITS,
        bar: int = MENU_BAR,
    ) -> None:
        self.rows = rows
        self.cols = cols
        self.view_rows = view_rows
        self.view_cols = view_cols
        self.top = top
        self.left = left
        self.digits = digits
        self.bar = bar

    @property
    def shown_rows(self) -> int:
        """How many rows the window shows."""
        return min(self.view_rows or self.rows, self.rows)

    @property
    def shown_cols(self) -> int:
        """How many columns the window shows."""
        return min(self.view_cols or self.cols, self.cols)

    @property
    def span_cols(self) -> int:
        """How many columns wide the window is: the columns shown, or, for a board
        narrower than the panel needs (a 1 x 1 board), the panel's width, the board
        centred under it."""
        return max(self.shown_cols, min_view_cols(self.digits, overview=self.scrolls))

    @property
    def scrolls(self) -> bool:
        """The board is larger than the window: a viewport onto it."""
        return self.shown_rows < self.rows or self.shown_cols < self.cols

    def scrolled(self, top: int, left: int) -> Layout:
        """The same window looking at another part of the board (kept on the board)."""
        top = max(0, min(top, self.rows - self.shown_rows))
        left = max(0, min(left, self.cols - self.shown_cols))
        if (top, left) == (self.top, self.left):
            return self
        return self.replace(top=top, left=left)

    def showing(self, row: int, col: int, margin: int = 0) -> Layout:
        """Scrolled as little as needed for the cell to be in view, with ``margin``
        cells of the board beside it where the board has them (at most half the view)."""
        top, left = self.top, self.left
        down = min(margin, (self.shown_rows - 1) // 2)
        across = min(margin, (self.shown_cols - 1) // 2)
        if row - down < top:
            top = row - down
        elif row + down >= top + self.shown_rows:
            top = row + down - self.shown_rows + 1
        if col - across < left:
            left = col - across
        elif col + across >= left + self.shown_cols:
            left = col + across - self.shown_cols + 1
        return self.scrolled(top, left)

    def visible(self, row: int, col: int) -> bool:
        """Whether the cell is in view."""
        return (
            self.top <= row < self.top + self.shown_rows
            and self.left <= col < self.left + self.shown_cols
        )

    def visible_cells(self) -> list[tuple[int, int]]:
        """Every cell in view, row by row."""
        cols = range(self.left, self.left + self.shown_cols)
        return [(r, c) for r in range(self.top, self.top + self.shown_rows) for c in cols]

    @property
    def board_view(self) -> Rect:
        """The pixels of the visible cells."""
        x, y = self.board_origin
        return (x, y, self.shown_cols * TILE, self.shown_rows * TILE)

    @property
    def overview(self) -> Rect:
        """The overview map of a scrolling board (in the panel, between the face and
        the timer, the board's proportions); a zero-size rect when the board fits."""
        if not self.scrolls:
            return (0, 0, 0, 0)
        _, py, _, ph = self.panel
        fx, _, fw, _ = self.face
        tx = self.timer[0]
        room_w = tx - (fx + fw) - 2 * COUNTER_INSET
        room_h = ph - 2 * PANEL_BEVEL - 4
        if self.rows * room_w >= self.cols * room_h:
            h = room_h
            w = max(min(room_w, h * self.cols // self.rows), 4)
        else:
            w = room_w
            h = max(min(room_h, w * self.rows // self.cols), 4)
        x = fx + fw + (room_w + 2 * COUNTER_INSET - w) // 2
        return (x, py + (ph - h) // 2, w, h)

    @property
    def menu_bar(self) -> Rect:
        """The menu bar across the top of the window."""
        return (0, 0, self.size[0], self.bar)

    @property
    def frame(self) -> Rect:
        """The raised frame around everything below the menu bar."""
        width, height = self.size
        return (0, self.bar, width, height - self.bar)

    @property
    def board_origin(self) -> tuple[int, int]:
        """The top-left pixel of cell (0, 0)."""
        x = OUTER + MARGIN + BOARD_BEVEL + (self.span_cols - self.shown_cols) * TILE // 2
        y = self.bar + OUTER + MARGIN + self.panel[3] + MARGIN + BOARD_BEVEL
        return (x, y)

    @property
    def size(self) -> tuple[int, int]:
        """The window's width and height."""
        x = OUTER + MARGIN + BOARD_BEVEL
        y = self.board_origin[1]
        return (
            x + self.span_cols * TILE + BOARD_BEVEL + MARGIN + OUTER,
            y + self.shown_rows * TILE + BOARD_BEVEL + MARGIN + OUTER,
        )

    @property
    def panel(self) -> Rect:
        """The sunken top panel, bevel included."""
        width = self.span_cols * TILE + 2 * BOARD_BEVEL
        inner = OVERVIEW_H if self.scrolls else PANEL_INNER_H
        return (OUTER + MARGIN, self.bar + OUTER + MARGIN, width, inner + 2 * PANEL_BEVEL)

    @property
    def board_frame(self) -> Rect:
        """The sunken bevel around the board."""
        x, y = self.board_origin
        return (
            x - BOARD_BEVEL,
            y - BOARD_BEVEL,
            self.shown_cols * TILE + 2 * BOARD_BEVEL,
            self.shown_rows * TILE + 2 * BOARD_BEVEL,
        )

    def _counter(self, left: bool) -> Rect:
        px, py, pw, ph = self.panel
        w = self.digits * LED_W + 2 * COUNTER_PAD
        h = LED_H + 2 * COUNTER_PAD
        inner_x = px + PANEL_BEVEL + COUNTER_INSET
        x = inner_x if left else px + pw - PANEL_BEVEL - COUNTER_INSET - w
        return (x, py + (ph - h) // 2, w, h)

    @property
    def mine_counter(self) -> Rect:
        """The mine counter's sunken box (left of the panel)."""
        return self._counter(left=True)

    @property
    def timer(self) -> Rect:
        """The timer's sunken box (right of the panel)."""
        return self._counter(left=False)

    @property
    def face(self) -> Rect:
        """The face button, centred in the panel."""
        px, py, pw, ph = self.panel
        return (px + (pw - FACE) // 2, py + (ph - FACE) // 2, FACE, FACE)

    def cell_rect(self, row: int, col: int) -> Rect:
        """The pixels of one cell (a cell out of view lies outside the board's frame)."""
        x, y = self.board_origin
        return (x + (col - self.left) * TILE, y + (row - self.top) * TILE, TILE, TILE)

    def spot(self, x: int, y: int) -> Spot:
        """What the pointer at pixel (x, y) is over: a cell, the face, or elsewhere."""
        fx, fy, fw, fh = self.face
        if fx <= x < fx + fw and fy <= y < fy + fh:
            return Place.FACE
        bx, by = self.board_origin
        col, row = (x - bx) // TILE, (y - by) // TILE
        if x >= bx and y >= by and row < self.shown_rows and col < self.shown_cols:
            return (row + self.top, col + self.left)
        return Place.OUTSIDE
