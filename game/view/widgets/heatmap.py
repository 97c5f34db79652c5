"""Heatmaps over a board: one colour, stronger where more happened (thinking time
spent before acting on a cell in the replay viewer; deaths on a cell over the
whole history). One hue whose strength carries the value, so it reads the same
in every look and for every kind of colour vision; a cell with nothing stays
clear.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import pygame

from game.language import gettext
from game.view.fonts import ui_font
from game.view.scale import TEXT
from game.view.sprites import SpriteSheet
from game.view.theme import current as theme
from game.view.widgets.dialog import ENDS, Dialog
from game.view.widgets.pieces import Piece
from game.view.widgets.style import WRAP_WIDTH, Style
from game.view.widgets.text import TextPiece

HEAT = (230, 40, 0)
"""The heat's hue."""
FAINTEST, STRONGEST = 50, 210
"""The alpha of the least and of the most, over a cell."""
CELL_MAX = 16
"""The largest cell of a heatmap in a dialog, in pixels at 1x."""
MAP_W = 260
"""The widest heatmap in a dialog, in pixels at 1x."""

Cell = tuple[int, int]


def heat_alpha(value: float, most: float) -> int:
    """How strongly a value shows (0: not at all), beside the most of the map."""
    if value <= 0 or most <= 0:
        return 0
    return FAINTEST + round((STRONGEST - FAINTEST) * min(1.0, value / most))


@lru_cache(maxsize=1024)
def heat_tile(size: int, alpha: int) -> pygame.Surface:
    """A cell's square of heat, to blit over the cell (made once per size and
    strength: the viewer's heatmap is drawn every frame)."""
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    tile.fill((*HEAT, alpha))
    return tile


def heat_legend(most: float, unit: str, zoom: int) -> pygame.Surface:
    """A heatmap's legend to draw beside (or over) its board: a clear square and the
    strongest, each with what it stands for (``unit``: the most's words, "12.3 s"),
    at the UI scale ``zoom``."""
    look = theme()
    font = ui_font(TEXT * zoom)
    cell = font.get_height()
    words = [gettext("clear: none"), gettext("reddest: {value}").format(value=unit)]
    texts = [font.render(word, True, look.text) for word in words]
    pad = 3 * zoom
    width = pad + sum(cell + pad + text.get_width() + 2 * pad for text in texts)
    legend = pygame.Surface((width, cell + 2 * pad))
    legend.fill(look.face)
    pygame.draw.rect(legend, look.shadow, legend.get_rect(), 1)
    x = pad
    for alpha, text in zip((0, heat_alpha(most, most)), texts, strict=True):
        square = pygame.Rect(x, pad, cell, cell)
        legend.fill(look.face, square)  # (a cell with no heat: the board's grey)
        if alpha:
            legend.blit(heat_tile(cell, alpha), square)
        pygame.draw.rect(legend, look.shadow, square, 1)
        legend.blit(text, (x + cell + pad, pad))
        x += cell + pad + text.get_width() + 2 * pad
    return legend


class HeatPiece(Piece):
    """A board's cells, each as strong as its value, with a caption and a scale
    line under it."""

    def __init__(
        self,
        style: Style,
        size: tuple[int, int],
        values: Mapping[Cell, float],
        caption: str,
        scale: str,
    ) -> None:
        self.style = style
        z = style.zoom
        rows, cols = size
        # A board wider or taller than the map has room for is shown in squares of
        # k x k cells, each as hot as their sum.
        k = max(1, -(-max(rows, cols) // (MAP_W * z)))
        self.rows, self.cols = -(-rows // k), -(-cols // k)
        self.values: dict[Cell, float] = {}
        for (row, col), value in values.items():
            key = (row // k, col // k)
            self.values[key] = self.values.get(key, 0.0) + value
        self.caption, self.scale = caption, scale
        self.said_map = ""
        """What the map shows, in words (its dialog's said_map)."""
        self.cell = max(1, min(CELL_MAX * z, MAP_W * z // max(self.cols, self.rows, 1)))
        self.map_w, self.map_h = self.cols * self.cell, self.rows * self.cell
        self.width = max(self.map_w + 4 * z, style.width(caption), style.width(scale))
        self.height = 2 * style.line + self.map_h + 6 * z

    def said(self) -> str:
        """Its caption, what the map shows in words, then its scale."""
        caption = self.caption if self.caption[-1:] in ENDS else f"{self.caption}."
        return " ".join(filter(None, (caption, self.said_map, self.scale)))

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        style, z, look = self.style, self.style.zoom, theme()
        image.blit(style.text(self.caption), (self.x, self.y))
        frame = pygame.Rect(self.x, self.y + style.line + z, self.map_w + 4 * z, self.map_h + 4 * z)
        sprites.frame(image, "sunken2", (frame.x, frame.y, frame.w, frame.h), fill=False)
        left, top = frame.x + 2 * z, frame.y + 2 * z
        image.fill(look.field, (left, top, self.map_w, self.map_h))
        most = max(self.values.values(), default=0.0)
        if self.cell >= 4:  # a faint grid, where the cells are large enough to show it
            for c in range(1, self.cols):
                image.fill(look.face, (left + c * self.cell, top, 1, self.map_h))
            for r in range(1, self.rows):
                image.fill(look.face, (left, top + r * self.cell, self.map_w, 1))
        for (row, col), value in self.values.items():
            alpha = heat_alpha(value, most)
            if alpha and 0 <= row < self.rows and 0 <= col < self.cols:
                image.blit(
                    heat_tile(self.cell, alpha), (left + col * self.cell, top + row * self.cell)
                )
        image.blit(style.text(self.scale), (self.x, frame.bottom + z))


class HeatmapDialog(Dialog):
    """A heatmap of a board with lines over it, and buttons (OK first: Enter and
    Esc)."""

    def __init__(
        self,
        title: str,
        size: tuple[int, int],
        values: Mapping[Cell, float],
        caption: str,
        scale: str,
        lines: list[str] | None = None,
        buttons: tuple[str, ...] = ("OK",),
    ) -> None:
        super().__init__(title, buttons, "OK")
        self.size, self.values = size, dict(values)
        self.caption, self.legend = caption, scale
        self.lines = list(lines or [])
        self.said_map = ""
        """What the map shows, as speech says it (a voice cannot read the heat): the
        hottest cells and their values; "": the caption and the scale alone."""

    def _body(self, style: Style, width: int) -> list[Piece]:
        pieces: list[Piece] = []
        if self.lines:
            pieces.append(TextPiece(style, self.lines, min(width, WRAP_WIDTH * style.zoom)))
        heat = HeatPiece(style, self.size, self.values, self.caption, self.legend)
        heat.said_map = self.said_map
        pieces.append(heat)
        return pieces

    def cancel(self) -> None:
        self.choose("OK")
