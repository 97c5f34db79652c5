"""A small chart of times, oldest to newest, for the History screen.

Each won game is a bar as high as its time (shorter is better); a lost game is a
short red tick on the floor; a black line steps down through the best time so far,
so progress reads at a glance. Labels give the slowest and fastest time shown.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.sprites import SpriteSheet
from game.theme import current as theme
from game.widgets.pieces import Piece
from game.widgets.style import Style

CHART_W = 260
CHART_H = 64


class ChartPiece(Piece):
    """Bars of seconds (None: a game lost), with the best-so-far line."""

    def __init__(self, style: Style, seconds: Sequence[float | None], caption: str) -> None:
        self.style = style
        self.values = list(seconds)
        self.caption = caption
        z = style.zoom
        self.plot_h = CHART_H * z
        self.width = CHART_W * z
        self.height = style.line + self.plot_h + 2 * z

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        style, z = self.style, self.style.zoom
        image.blit(style.text(self.caption), (self.x, self.y))
        plot = pygame.Rect(self.x, self.y + style.line + z, self.width, self.plot_h)
        sprites.frame(image, "sunken2", (plot.x, plot.y, plot.w, plot.h), fill=False)
        inner = plot.inflate(-4 * z, -4 * z)
        image.fill(theme().field, inner)
        wins = [v for v in self.values if v is not None]
        if not self.values:
            return
        top = max(wins, default=1.0) or 1.0
        step = inner.w / len(self.values)
        bar_w = max(int(step) - z, z)
        best: float | None = None
        points: list[tuple[int, int]] = []
        for i, value in enumerate(self.values):
            x = inner.x + int(i * step)
            if value is None:
                image.fill(theme().error, (x, inner.bottom - 3 * z, bar_w, 3 * z))
                continue
            h = max(int(value / top * (inner.h - 2 * z)), z)
            image.fill(theme().highlight, (x, inner.bottom - h, bar_w, h))
            best = value if best is None else min(best, value)
            y = inner.bottom - max(int(best / top * (inner.h - 2 * z)), z)
            points.append((x, y))
            points.append((x + bar_w, y))
        if len(points) > 1:
            pygame.draw.lines(image, theme().text, False, points, z)
