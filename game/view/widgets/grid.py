"""Grids: columns of text under an optional header and an etched rule.

A column whose cells all read as numbers ("12", "3.5 s", "50%", or "-" for none)
is right aligned, its header too, so figures line up by their last digit. Cells
never wrap (a time or a name stays on its line), except in the columns a grid
names as wrapping (the help's descriptions), which wrap to the room the others
leave.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

import pygame

from game.view.lines import broken, unbroken
from game.view.sprites import SpriteSheet
from game.view.theme import current as theme
from game.view.widgets.chart import ChartPiece, ChartPoint
from game.view.widgets.dialog import Arrangement, Dialog, row_width
from game.view.widgets.pieces import Piece
from game.view.widgets.style import ENTER_KEYS, Style
from game.view.widgets.text import TextPiece, widest, wrap, wrap_width

_NUMBER = r"[-+]?\d[\d.,:%]*\s?[a-z%]{0,3}"
"""A figure's cell (compiled by re at its first use, not at import)."""
_NONE = frozenset({"-", "\u2013"})


def said_row(headers: Sequence[str], row: Sequence[str]) -> str:
    """A grid's row as speech says it: each cell after its column's header."""
    cells = [
        f"{header}: {cell}" if header and cell else cell
        for header, cell in zip([*headers, *[""] * len(row)], row, strict=False)
        if cell
    ]
    return ", ".join(cells) + "." if cells else ""


def is_numeric_column(cells: Sequence[str]) -> bool:
    """Whether a column's cells are all figures (empty or "-" cells aside, at least one)."""
    filled = [cell for cell in cells if cell and cell not in _NONE]
    number = re.compile(_NUMBER)  # (re's own cache: compiled once)
    return bool(filled) and all(number.fullmatch(cell) for cell in filled)


class GridPiece(Piece):
    """The laid-out grid."""

    def __init__(
        self,
        style: Style,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        width: int,
        wrapping: Collection[int] = (),
        highlight: int | None = None,
        rows_shown: int = 0,
    ) -> None:
        self.style = style
        self.highlight = highlight
        """The row drawn lit (a pickable grid's choice), or None."""
        count = max([len(headers)] + [len(row) for row in rows])
        body = [[*row, *[""] * (count - len(row))] for row in rows]
        head = [*headers, *[""] * (count - len(headers))] if headers else None
        self.right = [is_numeric_column([row[c] for row in body]) for c in range(count)]
        cells = [head, *body] if head else body
        self.headers, self.cells = list(headers), body
        self.said_headers = self.headers
        """The headers as speech says them (a heading shortened to fit: in full)."""
        grid: list[list[list[str]]] = [[[cell] for cell in row] for row in cells]
        widths = [widest(style, [row[c] for row in cells]) for c in range(count)]
        gaps = style.column_gap * max(count - 1, 0)
        for c in sorted(wrapping):
            if not 0 <= c < count or sum(widths) + gaps <= width:
                continue
            longest_word = max(  # (the widest part a line cannot break: game.view.lines)
                (
                    style.width(part)
                    for row in cells
                    for word in row[c].split()
                    for part in unbroken(word)
                ),
                default=0,
            )
            room = max(width - (sum(widths) - widths[c]) - gaps, longest_word, 1)
            for row, original in zip(grid, cells, strict=True):
                row[c] = wrap(style.font, original[c], room)
            widths[c] = max(widest(style, row[c]) for row in grid)
        self.widths = widths
        self.width = sum(widths) + gaps
        self.header = grid[0] if head else None
        self.rows = grid[1:] if head else grid
        wrapped = any(len(cell) > 1 for row in self.rows for cell in row)
        self.broken = any(  # (a board code on two lines)
            broken(original[c], row[c])
            for row, original in zip(grid, cells, strict=True)
            for c in wrapping
            if 0 <= c < count
        )
        self.row_gap = (2 if wrapped else 0) * style.zoom
        self.row_heights = [max(len(cell) for cell in row) * style.line for row in self.rows]
        self.header_h = style.line + 4 * style.zoom if self.header else 0
        self.height = self.header_h + max(
            sum(self.row_heights) + self.row_gap * max(len(self.rows) - 1, 0),
            rows_shown * style.line,
        )
        """(Room for ``rows_shown`` rows of one line at least: a page keeps its height.)"""

    def said(self) -> str:
        """Each row, its cells after their column's header ("Time: 12")."""
        return " ".join(said_row(self.said_headers, row) for row in self.cells)

    def row_rects(self) -> list[pygame.Rect]:
        """Each row's rectangle, in the dialog picture's pixels."""
        rects = []
        y = self.y + self.header_h
        for height in self.row_heights:
            rects.append(pygame.Rect(self.x, y, self.width, height))
            y += height + self.row_gap
        return rects

    def _cell(
        self,
        image: pygame.Surface,
        lines: list[str],
        c: int,
        x: int,
        y: int,
        colour: tuple[int, int, int] | None = None,
    ) -> None:
        style = self.style
        for i, line in enumerate(lines):
            if line:
                text = style.text(line, colour)
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
            image.fill(theme().shadow, (self.x, rule_y, self.width, z))
            image.fill(theme().light, (self.x, rule_y + z, self.width, z))
            y += self.header_h
        for r, (row, height) in enumerate(zip(self.rows, self.row_heights, strict=True)):
            colour = None
            if r == self.highlight:
                lit = pygame.Rect(self.x - 2 * z, y, self.width + 4 * z, height)
                image.fill(theme().highlight, lit)
                colour = theme().highlight_text
            for c, lines in enumerate(row):
                self._cell(image, lines, c, xs[c], y, colour)
            y += height + self.row_gap


PICKED = "picked"
"""A pickable grid's result when a row was picked (its index: ``picked``)."""


class GridDialog(Dialog):
    """A grid of text columns, optional lines under it, and buttons.

    result is the label of the button chosen; Enter picks the default (the first
    button unless another is named), Esc closes with None. A ``pickable`` grid's
    rows are a Tab stop before the buttons: Up and Down light one (the pointer
    too), Enter or a click picks it: the result is PICKED and ``picked`` its index.
    """

    def __init__(
        self,
        title: str,
        headers: list[str],
        rows: list[list[str]],
        buttons: tuple[str, ...] = ("Close",),
        lines: list[str] | None = None,
        default: str | None = None,
        chart: tuple[str, Sequence[ChartPoint], tuple[str, str]] | None = None,
        pickable: bool = False,
        rows_shown: int = 0,
        chart_room: bool = False,
    ) -> None:
        if not buttons:
            raise ValueError("a grid dialog needs at least one button")
        self.pickable = pickable and bool(rows)
        super().__init__(title, buttons, default or buttons[0])
        self.headers = list(headers)
        self.rows = [list(row) for row in rows]
        self.lines = list(lines or [])
        self.chart = chart
        """A caption, the games to chart under the grid and the days of the first
        and the last."""
        self.wrapping: tuple[int, ...] = ()
        """The columns that wrap to the room the others leave (the end-of-game panel's
        figures: a board code breaks after its hyphens)."""
        self.rows_shown = rows_shown
        """Rows the table keeps room for, however many it has (a screen that pages)."""
        self.chart_room = chart_room
        """Room kept for a chart when there is none (the screen keeps its height)."""
        self.index: int | None = None
        """The lit row of a pickable grid (None: none yet)."""
        self.said_headers: list[str] | None = None
        """The headers as speech says them, where they differ (a short heading in
        full: "Beg." is heard "beg")."""
        self.picked: int | None = None
        self._row_rects: list[pygame.Rect] = []

    def _body_stops(self) -> int:
        return 1 if self.pickable else 0

    def focus_said(self) -> str:
        if self._body_stops() and self._stop == 0 and self.index is not None:
            return said_row(self.said_headers or self.headers, self.rows[self.index])
        return super().focus_said()

    def _light(self, index: int) -> None:
        self.index = max(0, min(index, len(self.rows) - 1))
        self._stop = 0
        self._changed()

    def _pick(self, index: int) -> None:
        self.picked = index
        self._close(PICKED)

    def _focus_stop(self, stop: int) -> None:
        if self.index is None:
            self._light(0)

    def _key(self, key: int, mod: int) -> None:
        if self._body_stops() and key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            self._light(0 if self.index is None else self.index + step)
        elif (
            self._body_stops()
            and self._stop == 0
            and self.index is not None
            and (key in ENTER_KEYS or key == pygame.K_SPACE)
        ):
            self._pick(self.index)
        else:
            super()._key(key, mod)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` was last drawn (LookupError before the first draw)."""
        if not 0 <= index < len(self._row_rects):
            raise LookupError(index)
        return self._row_rects[index].copy()

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self._row_rects):
            if rect.collidepoint(pos):
                return i
        return None

    def _mouse_moved(self, pos: tuple[int, int]) -> None:
        row = self._row_at(pos) if self._body_stops() else None
        if row is not None and row != self.index:
            self._light(row)
        super()._mouse_moved(pos)

    def _mouse_up(self, pos: tuple[int, int], button: int) -> None:
        row = self._row_at(pos) if self._body_stops() and button == 1 else None
        if row is not None and self._presser.held is None:
            self._pick(row)
            return
        super()._mouse_up(pos, button)

    def _painted(self, layout: Arrangement) -> None:
        assert self._rect is not None
        for piece in layout.pieces:
            if isinstance(piece, GridPiece):
                self._row_rects = [row.move(self._rect.topleft) for row in piece.row_rects()]
                return

    def _focus_rect(self, pieces: list[Piece]) -> pygame.Rect | None:
        lit = self.index if self._body_stops() and self._stop == 0 else None
        grids = [piece for piece in pieces if isinstance(piece, GridPiece)]
        return grids[0].row_rects()[lit] if grids and lit is not None else None

    def _body(self, style: Style, width: int) -> list[Piece]:
        lit = self.index if self._body_stops() and self._stop == 0 else None
        grid = GridPiece(
            style,
            self.headers,
            self.rows,
            width,
            self.wrapping,
            highlight=lit,
            rows_shown=self.rows_shown,
        )
        grid.said_headers = self.said_headers or grid.headers
        pieces: list[Piece] = [grid]
        if self.chart is not None:
            caption, points, days = self.chart
            pieces.append(ChartPiece(style, points, caption, days, grid.width))
        elif self.chart_room:
            pieces.append(Gap(ChartPiece(style, [], "", ("", ""), grid.width).height))
        if self.lines:  # wrapped as wide as the dialog is (its table, its buttons)
            widths = self._button_widths(style)  # (their row's width)
            least = max(grid.width, row_width(widths, list(range(len(widths))), style.button_gap))
            pieces.append(TextPiece(style, self.lines, wrap_width(style, self.lines, width, least)))
        return pieces


class Gap(Piece):
    """Room kept empty."""

    def __init__(self, height: int) -> None:
        self.width, self.height = 0, height

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        pass
