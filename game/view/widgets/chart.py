"""A small chart of times, oldest to newest, for the History screen (one board).

Each won game is a dot as high as its time (lower is faster); a grey line steps
down through the best time so far, so progress reads at a glance. The left axis
says seconds (0 at the floor, the slowest win at the top), the bottom axis the
dates of the first and the last game shown; with no game won there is no time to
draw, and the plot says so in one line instead of an axis of "0 s".

A lost game is a red cross and an abandoned one a dash, in a strip of their own
under the time axis (labelled "lost"), in their place in the sequence: a loss's time
is no time to beat, so it is not drawn as one (on the floor it read as 0 s, the
fastest of all), and a long loss does not squash the wins' scale.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.record import Record
from game.language import N_, gettext
from game.view.sprites import SpriteSheet
from game.view.theme import current as theme
from game.view.widgets.pieces import Piece
from game.view.widgets.style import Style

CHART_W = 260
CHART_H = 64
LOST_H = 12
"""The strip of lost games under the time axis, at 1x."""
DOT = 4
"""A win's dot, in pixels at 1x (a square, so a single game is a point)."""


class ChartPoint(Record):
    """One game of the chart."""

    __slots__ = ("abandoned", "ranked", "seconds")

    seconds: float | None
    """Its time if won; None if lost or abandoned."""
    abandoned: bool
    """Left before its end (drawn apart from a loss)."""
    ranked: bool
    """It counts for the records: an unranked win (a practice game, an assisted one)
    is drawn, but the best-so-far line never steps down to it."""

    def __init__(self, seconds: float | None, abandoned: bool = False, ranked: bool = True) -> None:
        self.seconds = seconds
        self.abandoned = abandoned
        self.ranked = ranked


class ChartPiece(Piece):
    """Dots of seconds, crosses of losses, the best-so-far line, and the axes; as
    wide as asked (the table above it), never narrower than CHART_W at 1x."""

    def __init__(
        self,
        style: Style,
        points: Sequence[ChartPoint],
        caption: str,
        days: tuple[str, str] = ("", ""),
        width: int = 0,
    ) -> None:
        self.style = style
        self.points = list(points)
        self.caption = caption
        self.days = days
        z = style.zoom
        wins = [p.seconds for p in self.points if p.seconds is not None]
        self.top = max(wins, default=0.0)
        axis = (_axis_seconds(self.top), "0 s") if wins else ("", "")  # (no win: no axis)
        self.labels = (*axis, gettext(LOST))
        self.no_times = "" if wins or not self.points else gettext(NO_WINS)
        self.axis_w = max(style.font.size(label)[0] for label in self.labels) + 3 * z
        self.plot_h = CHART_H * z
        self.strip_h = max(LOST_H * z, style.line)
        self.width = max(CHART_W * z, width)
        self.height = 2 * style.line + self.plot_h + self.strip_h + 4 * z

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        style, z = self.style, self.style.zoom
        look = theme()
        image.blit(style.text(self.caption), (self.x, self.y))
        plot = pygame.Rect(
            self.x + self.axis_w, self.y + style.line + z, self.width - self.axis_w, self.plot_h
        )
        sprites.frame(image, "sunken2", (plot.x, plot.y, plot.w, plot.h), fill=False)
        inner = plot.inflate(-4 * z, -4 * z)
        image.fill(look.field, inner)
        strip = pygame.Rect(plot.x, plot.bottom + z, plot.w, self.strip_h)
        sprites.frame(image, "sunken2", (strip.x, strip.y, strip.w, strip.h), fill=False)
        lost_row = strip.inflate(-4 * z, -4 * z)
        image.fill(look.field, lost_row)
        top_label, floor_label, lost_label = (style.text(label) for label in self.labels)
        image.blit(top_label, (plot.x - 3 * z - top_label.get_width(), inner.y - z))
        image.blit(
            floor_label,
            (plot.x - 3 * z - floor_label.get_width(), inner.bottom - style.line + z),
        )
        image.blit(
            lost_label,
            (
                strip.x - 3 * z - lost_label.get_width(),
                strip.centery - lost_label.get_height() // 2,
            ),
        )
        first, last = (style.text(day) for day in self.days)
        under = strip.bottom + z
        image.blit(first, (plot.x, under))
        if self.days[1] != self.days[0]:
            image.blit(last, (plot.right - last.get_width(), under))
        if self.no_times:
            said = style.text(self.no_times)
            image.blit(said, said.get_rect(center=inner.center))
        if not self.points:
            return
        dot = DOT * z
        room = inner.inflate(-2 * dot, -2 * dot)
        step = room.w / max(len(self.points) - 1, 1)
        grey = look.text

        def height(value: float) -> int:
            return room.bottom - int(value / (self.top or 1.0) * room.h)

        best: float | None = None
        steps: list[tuple[int, int]] = []
        marks: list[tuple[int, ChartPoint]] = []
        for i, point in enumerate(self.points):
            x = room.x + int(i * step) if len(self.points) > 1 else room.centerx
            marks.append((x, point))
            if (
                point.seconds is not None
                and point.ranked
                and (best is None or point.seconds < best)
            ):
                if steps:
                    steps.append((x, steps[-1][1]))
                best = point.seconds
                steps.append((x, height(best)))
        if steps:  # the best so far, under the marks
            steps.append((room.right, steps[-1][1]))
            pygame.draw.lines(image, look.shadow, False, steps, z)
        for x, point in marks:
            if point.seconds is not None:
                y = height(point.seconds)
                image.fill(look.highlight, (x - dot // 2, y - dot // 2, dot, dot))
                continue
            y = lost_row.centery
            if point.abandoned:
                image.fill(grey, (x - dot, y, 2 * dot + z, z))
            else:
                half = min(dot, lost_row.h // 2) - z
                a, b = (x - half, y - half), (x + half, y + half)
                pygame.draw.line(image, look.error, a, b, z)
                pygame.draw.line(image, look.error, (a[0], b[1]), (b[0], a[1]), z)


LOST = N_("lost")
"""The label of the strip of lost games (translated where the chart is made)."""
NO_WINS = N_("No game won: no times to chart")
"""What the plot says when every game charted was lost or abandoned."""


def _axis_seconds(value: float) -> str:
    """The top of the axis: whole seconds, or tenths under ten."""
    return f"{value:.1f} s" if value < 10 else f"{value:.0f} s"
