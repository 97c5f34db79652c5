"""Tables: columns of text under an optional header and an etched rule.

A column whose cells all read as numbers ("12", "3.5 s", "50%", or "-" for none)
is right aligned, its header too, so figures line up by their last digit. Cells
never wrap (a time or a name stays on its line), except in the columns a table
names as wrapping (the help's descriptions), which wrap to the room the others
leave.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

import pygame

from game.sprites import SpriteSheet
from game.theme import current as theme
from game.widgets.chart import ChartPiece, ChartPoint
from game.widgets.dialog import Dialog
from game.widgets.pieces import Piece
from game.widgets.style import Style
from game.widgets.text import TextPiece, widest, wrap

_NUMBER = re.compile(r"[-+]?\d[\d.,:%]*\s?[a-z%]{0,3}")
_NONE = frozenset({"-", "\N{EN DASH}"})


def is_numeric_column(cells: Sequence[str]) -> bool:
    """Whether a column's cells are all figures (empty or "-" cells aside, at least one)."""
    filled = [cell for cell in cells if cell and cell not in _NONE]
    return bool(filled) and all(_NUMBER.fullmatch(cell) for cell in filled)


class TablePiece(Piece):
    """The laid-out table."""

    def __init__(
        self,
        style: Style,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        width: int,
        wrapping: Collection[int] = (),
    ) -> None:
        self.style = style
        count = max([len(headers)] + [len(row) for row in rows])
        body = [[*row, *[""] * (count - len(row))] for row in rows]
        head = [*headers, *[""] * (count - len(headers))] if headers else None
        self.right = [is_numeric_column([row[c] for row in body]) for c in range(count)]
        cells = [head, *body] if head else body
        grid: list[list[list[str]]] = [[[cell] for cell in row] for row in cells]
        widths = [widest(style, [row[c] for row in cells]) for c in range(count)]
        gaps = style.column_gap * max(count - 1, 0)
        for c in sorted(wrapping):
            if not 0 <= c < count or sum(widths) + gaps <= width:
                continue
            longest_word = max(
                (style.width(word) for row in cells for word in row[c].split()), default=0
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
        self.row_gap = (2 if wrapped else 0) * style.zoom
        self.row_heights = [max(len(cell) for cell in row) * style.line for row in self.rows]
        self.header_h = style.line + 4 * style.zoom if self.header else 0
        self.height = (
            self.header_h + sum(self.row_heights) + self.row_gap * max(len(self.rows) - 1, 0)
        )

    def _cell(self, image: pygame.Surface, lines: list[str], c: int, x: int, y: int) -> None:
        style = self.style
        for i, line in enumerate(lines):
            if line:
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
            image.fill(theme().shadow, (self.x, rule_y, self.width, z))
            image.fill(theme().light, (self.x, rule_y + z, self.width, z))
            y += self.header_h
        for row, height in zip(self.rows, self.row_heights, strict=True):
            for c, lines in enumerate(row):
                self._cell(image, lines, c, xs[c], y)
            y += height + self.row_gap


class TableDialog(Dialog):
    """A table of text columns, optional lines under it, and buttons.

    result is the label of the button chosen; Enter picks the default (the first
    button unless another is named), Esc closes with None.
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
    ) -> None:
        if not buttons:
            raise ValueError("a table dialog needs at least one button")
        super().__init__(title, buttons, default or buttons[0])
        self.headers = list(headers)
        self.rows = [list(row) for row in rows]
        self.lines = list(lines or [])
        self.chart = chart
        """A caption, the games to chart under the table and the days of the first
        and the last."""

    def _body(self, style: Style, width: int) -> list[Piece]:
        table = TablePiece(style, self.headers, self.rows, width)
        pieces: list[Piece] = [table]
        if self.chart is not None:
            caption, points, days = self.chart
            pieces.append(ChartPiece(style, points, caption, days, table.width))
        if self.lines:
            text_w = min(width, max(260 * style.zoom, table.width))
            pieces.append(TextPiece(style, self.lines, text_w))
        return pieces
