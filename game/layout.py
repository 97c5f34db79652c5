"""Where everything sits in the window, at 1x, and what the pointer is over.

Pure arithmetic (no pygame): the renderer multiplies by the zoom, the event
reader divides by it. The proportions follow the classic game: a raised outer
frame, a sunken panel with the mine counter, the face and the timer, and the
sunken board below.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.input import Place, Spot
from game.sheet import FACE, LED_H, LED_W, TILE

Rect = tuple[int, int, int, int]

MENU_BAR = 18  # the menu bar across the top (Game, Options, Help)
OUTER = 3  # raised outer frame
MARGIN = 6  # grey between the frame, the panel and the board
PANEL_BEVEL = 2
PANEL_INNER_H = 33
BOARD_BEVEL = 3
COUNTER_PAD = 1  # sunken1 bevel around each LED counter
COUNTER_INSET = 5  # from the panel's inner edge to a counter
DIGITS = 3


@dataclass(frozen=True)
class Layout:
    """The window's geometry for a board of rows x cols, at 1x."""

    rows: int
    cols: int

    @property
    def menu_bar(self) -> Rect:
        """The menu bar across the top of the window."""
        return (0, 0, self.size[0], MENU_BAR)

    @property
    def frame(self) -> Rect:
        """The raised frame around everything below the menu bar."""
        width, height = self.size
        return (0, MENU_BAR, width, height - MENU_BAR)

    @property
    def board_origin(self) -> tuple[int, int]:
        """The top-left pixel of cell (0, 0)."""
        x = OUTER + MARGIN + BOARD_BEVEL
        y = MENU_BAR + OUTER + MARGIN + self.panel[3] + MARGIN + BOARD_BEVEL
        return (x, y)

    @property
    def size(self) -> tuple[int, int]:
        """The window's width and height."""
        x, y = self.board_origin
        return (
            x + self.cols * TILE + BOARD_BEVEL + MARGIN + OUTER,
            y + self.rows * TILE + BOARD_BEVEL + MARGIN + OUTER,
        )

    @property
    def panel(self) -> Rect:
        """The sunken top panel, bevel included."""
        width = self.cols * TILE + 2 * BOARD_BEVEL
        return (OUTER + MARGIN, MENU_BAR + OUTER + MARGIN, width, PANEL_INNER_H + 2 * PANEL_BEVEL)

    @property
    def board_frame(self) -> Rect:
        """The sunken bevel around the board."""
        x, y = self.board_origin
        return (
            x - BOARD_BEVEL,
            y - BOARD_BEVEL,
            self.cols * TILE + 2 * BOARD_BEVEL,
            self.rows * TILE + 2 * BOARD_BEVEL,
        )

    def _counter(self, left: bool) -> Rect:
        px, py, pw, ph = self.panel
        w = DIGITS * LED_W + 2 * COUNTER_PAD
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
        """The pixels of one cell."""
        x, y = self.board_origin
        return (x + col * TILE, y + row * TILE, TILE, TILE)

    def spot(self, x: int, y: int) -> Spot:
        """What the pointer at pixel (x, y) is over: a cell, the face, or elsewhere."""
        fx, fy, fw, fh = self.face
        if fx <= x < fx + fw and fy <= y < fy + fh:
            return Place.FACE
        bx, by = self.board_origin
        col, row = (x - bx) // TILE, (y - by) // TILE
        if x >= bx and y >= by and row < self.rows and col < self.cols:
            return (row, col)
        return Place.OUTSIDE
