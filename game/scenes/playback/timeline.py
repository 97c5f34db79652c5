"""The replay viewer's timeline, over the lower half of the board (T shows it): the
3BV solved over the game's time, beside straight lines of the player's best and
median pace on that board (3BV/s from the history), a mark for every move
coloured by its judged class (taller for the worse), and a line at the moment
shown; a legend above, the time in seconds under it and the board's 3BV on its
scale. A click on it goes to that moment. All but the line at the moment shown is
drawn once (again for another size or look) and kept.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.analysis.judge import Judged, MoveClass
from game.language import N_, decimal, gettext
from game.view import scale
from game.view.fonts import ui_font
from game.view.scale import TEXT
from game.view.theme import current as theme

Colour = tuple[int, int, int]


def mark_style(verdict: MoveClass) -> tuple[Colour, float]:
    """A move's mark: its colour and its height (a share of the strip)."""
    look = theme()
    safe, unsure, mine = look.risk
    needless = ((unsure[0] + mine[0]) // 2, (unsure[1] + mine[1]) // 2, (unsure[2] + mine[2]) // 2)
    return {
        MoveClass.LOGIC: (safe, 0.35),
        MoveClass.GUESS: (unsure, 0.6),
        MoveClass.NEEDLESS_GUESS: (needless, 0.8),
        MoveClass.MISTAKE: (mine, 1.0),
        MoveClass.WASTED: (look.shadow, 0.35),
        MoveClass.DEATH: (look.text, 1.0),
    }[verdict]


LEGEND = (
    (MoveClass.LOGIC, N_("logic")),
    (MoveClass.GUESS, N_("guess")),
    (MoveClass.NEEDLESS_GUESS, N_("needless")),
    (MoveClass.MISTAKE, N_("mistake")),
    (MoveClass.WASTED, N_("wasted")),
    (MoveClass.DEATH, N_("death")),
)


class Timeline:
    """A game's moves over its time, drawn into a rectangle of the window."""

    def __init__(
        self,
        moves: Sequence[Judged],
        span: tuple[float, float],
        bbbv: int,
        paces: tuple[float | None, float | None] = (None, None),
    ) -> None:
        self.moves = list(moves)
        self.start = max(0.0, span[0])
        self.end = max(span[1], self.start + 1)
        self.bbbv = max(bbbv, 1)
        self.paces = paces
        """The player's best and median 3BV/s on this board (None: no game yet)."""
        self._picture: tuple[object, pygame.Surface] | None = None

    @staticmethod
    def place(board: pygame.Rect, zoom: int) -> pygame.Rect:
        """Where it is drawn: the lower part of the board's view."""
        height = min(board.h, max(board.h // 2, 72 * zoom))
        return pygame.Rect(board.x, board.bottom - height, board.w, height)

    def time_at(self, area: pygame.Rect, x: int) -> float:
        """The game time (ms) under a pixel column of the drawn timeline."""
        plot = self._plot(area)
        share = (x - plot.x) / max(plot.w - 1, 1)
        return self.start + (self.end - self.start) * max(0.0, min(1.0, share))

    def _plot(self, area: pygame.Rect) -> pygame.Rect:
        """The plot: below the legend's line, above the time axis' line."""
        pad = max(2, area.h // 24)
        line = ui_font(self._font_size(area)).get_linesize()
        return pygame.Rect(
            area.x + pad, area.y + line + pad, area.w - 2 * pad, area.h - 2 * line - 2 * pad
        )

    def ticks(self, width: int, label: int) -> list[float]:
        """The seconds of game time marked on the time axis, ``width`` pixels long, a
        label taking ``label`` pixels: whole steps (1, 2, 5, 10, 15, 30 s, 1, 2, 5,
        10 min ...) from 0, as many as fit without their labels touching."""
        first, last = self.start / 1000, self.end / 1000
        span = max(last - first, 0.001)
        room = max(1, width // max(label * 2, 1))  # a label and as much space again
        step = next(
            (s for s in (1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600) if span / s <= room),
            span,
        )
        at = max(0.0, first // step * step)
        marks: list[float] = []
        while at <= last and len(marks) < 100:
            if at >= first:
                marks.append(at)
            at += step
        return marks

    @staticmethod
    def _font_size(area: pygame.Rect) -> int:
        """The words' size: the UI scale's, whatever the side's height (the menu
        bar's and the counters' beside it)."""
        return TEXT * scale.current()

    def _x_of(self, plot: pygame.Rect, ms: float) -> int:
        return plot.x + round((ms - self.start) / (self.end - self.start) * (plot.w - 1))

    def draw(self, screen: pygame.Surface, area: pygame.Rect, now: float) -> None:
        """The timeline into ``area``, with a line at the moment ``now``."""
        look = theme()
        key = (area.size, look.name)
        if self._picture is None or self._picture[0] != key:
            picture = pygame.Surface(area.size)
            self._paint(picture, pygame.Rect((0, 0), area.size))
            self._picture = (key, picture)
        screen.blit(self._picture[1], area)
        plot = self._plot(area)
        x_now = self._x_of(plot, max(self.start, min(self.end, now)))
        screen.fill(look.error, (x_now, plot.y, 1, plot.h))

    def _paint(self, screen: pygame.Surface, area: pygame.Rect) -> None:
        """Everything but the moment shown."""
        look = theme()
        screen.fill(look.face, area)
        pygame.draw.rect(screen, look.shadow, area, 1)
        font = ui_font(self._font_size(area))
        plot = self._plot(area)
        strip_h = max(4, plot.h // 4)
        curve = pygame.Rect(plot.x, plot.y, plot.w, plot.h - strip_h - 2)
        self._legend(screen, font, area, plot)

        def x_of(ms: float) -> int:
            return self._x_of(plot, ms)

        def y_of(bbbv: float) -> int:
            return curve.bottom - round(min(bbbv, self.bbbv) / self.bbbv * (curve.h - 1))

        pygame.draw.line(screen, look.shadow, (plot.x, curve.bottom), (plot.right, curve.bottom))
        self._axes(screen, font, plot, curve)
        for pace, colour in zip(self.paces, (look.text, look.shadow), strict=True):
            if pace:  # 3BV at pace from the first move on: a straight line to the top
                first = self.moves[0].ms if self.moves else self.start
                reach = first + self.bbbv / pace * 1000
                end = min(reach, self.end)
                top = pace * (end - first) / 1000
                pygame.draw.line(screen, colour, (x_of(first), y_of(0)), (x_of(end), y_of(top)))
        points = [(x_of(self.start), y_of(0))]
        for judged in self.moves:
            x = x_of(judged.ms)
            points += [(x, points[-1][1]), (x, y_of(judged.bbbv_solved))]
        points.append((x_of(self.end), points[-1][1]))
        pygame.draw.lines(screen, look.highlight, False, points, 2)
        for judged in self.moves:
            colour, share = mark_style(judged.verdict)
            h = max(2, round(strip_h * share))
            screen.fill(colour, (x_of(judged.ms), plot.bottom - h, 2, h))

    def _axes(
        self, screen: pygame.Surface, font: pygame.font.Font, plot: pygame.Rect, curve: pygame.Rect
    ) -> None:
        """The axes' words: the game's time in seconds under the plot (from the first
        click, 0 s), and the board's 3BV at the top of the curve's scale."""
        look = theme()
        widest = font.size(f"{decimal(self.end / 1000, 0)} s")[0]
        for second in self.ticks(plot.w, widest):
            x = self._x_of(plot, second * 1000)
            screen.fill(look.shadow, (x, plot.bottom - 2, 1, 3))
            text = font.render(f"{decimal(second, 0)} s", True, look.text)
            left = max(plot.x, min(x - text.get_width() // 2, plot.right - text.get_width()))
            screen.blit(text, (left, plot.bottom + 1))
        top = font.render(gettext("{n} 3BV").format(n=self.bbbv), True, look.text)
        screen.fill(look.shadow, (plot.x, curve.y, 4, 1))
        screen.blit(top, (plot.x + 6, curve.y))

    def _legend(
        self, screen: pygame.Surface, font: pygame.font.Font, area: pygame.Rect, plot: pygame.Rect
    ) -> None:
        """The marks' colours and the pace lines' names, along the top, as fit."""
        look = theme()
        x, y = plot.x, area.y + 2
        words: list[tuple[Colour, str]] = [(look.highlight, gettext("3BV solved"))]
        names = (gettext("best pace {rate}/s"), gettext("median pace {rate}/s"))
        for pace, colour, name in zip(self.paces, (look.text, look.shadow), names, strict=True):
            if pace:
                words.append((colour, name.format(rate=decimal(pace, 2))))
        words += [(mark_style(verdict)[0], gettext(word)) for verdict, word in LEGEND]
        box = max(4, font.get_height() // 2)
        for colour, word in words:
            text = font.render(word, True, look.text)
            need = box + 3 + text.get_width() + 8
            if x + need > area.right:
                break
            screen.fill(colour, (x, y + (font.get_height() - box) // 2, box, box))
            screen.blit(text, (x + box + 3, y))
            x += need
