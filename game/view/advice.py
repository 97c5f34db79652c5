"""The solver's advice drawn over the board: each hidden cell's chance of a mine (a
bar as high as the chance, coloured on the look's risk scale, its percentage when
the zoom leaves room) and the hint's ring; the words of the hint's reason
(``box_text``), which game.scenes.notes says beside the board, never over a cell.
Each mark is worked out once per advice and each percentage rendered once."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.core.delta import Cell
from game.core.look import Look
from game.language import gettext, shown
from game.session.geometry import TILE
from game.session.picture import Advice, Seen
from game.view.fonts import ui_font
from game.view.theme import Colour

if TYPE_CHECKING:
    from game.view.render import Renderer

HINT_SAFE = (0, 150, 0)
HINT_MINE = (220, 0, 0)
ADVICE_INK = (0, 0, 0)


def risk_colour(p: float, scale: tuple[Colour, Colour, Colour]) -> Colour:
    """The look's risk scale at p: its no-risk colour through its even-odds one to
    its mine colour (classic: green, amber, red)."""
    low, high, t = (scale[0], scale[1], 2 * p) if p <= 0.5 else (scale[1], scale[2], 2 * p - 1)
    r, g, b = (round(a + (z - a) * t) for a, z in zip(low, high, strict=True))
    return (r, g, b)


class Mark:
    """A hidden cell's probability as drawn: its colour, its bar's height in window
    pixels, a dot (no chance of a mine) and its percentage's picture (None: none).

    A plain class: one is made for each hidden cell of each new advice, and none is
    compared, hashed or unpacked."""

    __slots__ = ("bar", "colour", "dot", "label")

    def __init__(self, colour: Colour, bar: int, dot: bool, label: pygame.Surface | None) -> None:
        self.colour = colour
        self.bar = bar
        self.dot = dot
        self.label = label


def box_text(advice: Advice) -> str:
    """The words of the advice's box, in the language in use: the hint's reason (a
    sentence, its first letter a capital), or the note in its place ('' for none)."""
    hint = advice.hint
    if hint is None:
        return shown(advice.note) if advice.note else ""
    reason = shown(hint.reason)
    text = reason[:1].upper() + reason[1:]
    if not hint.is_mine and 0 < hint.probability < 1:
        text = gettext("Nothing is certain. {reason}").format(reason=text)
    if not advice.exact:
        text = gettext("{reason} (an estimate: the board is too wide to count exactly)").format(
            reason=text
        )
    return text


class AdviceLayer:
    """What the renderer draws of the advice, and what it keeps between frames."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self.marks: dict[Cell, Mark] | None = None
        """The advice's marks, worked out once (None: not yet, or new advice)."""
        self._labels: dict[int, pygame.Surface] = {}  # each percentage, rendered once

    def marks_of(self, advice: Advice) -> dict[Cell, Mark]:
        """Each cell's mark for these probabilities, worked out once per advice: its
        colour, its bar's height, its percentage (each distinct label rendered once
        for the renderer's life: at most 99 of them)."""
        if self.marks is not None:
            return self.marks
        z = self.renderer.zoom
        inner_h = TILE * z - 4 * z
        font = ui_font(7 * z, bold=True) if z >= 2 else None
        marks: dict[Cell, Mark] = {}
        for cell, fraction in (advice.probabilities or {}).items():
            p = float(fraction)
            label = None
            if font is not None and 0 < p < 1:
                percent = round(p * 100)
                label = self._labels.get(percent)
                if label is None:
                    label = font.render(f"{percent}", True, ADVICE_INK)
                    self._labels[percent] = label
            bar = max(round(inner_h * p), z if p > 0 else 0)
            marks[cell] = Mark(risk_colour(p, self.renderer.theme.risk), bar, p == 0, label)
        self.marks = marks
        return marks

    def draw_marks(
        self, screen: pygame.Surface, game: Seen, advice: Advice, cells: Iterable[Cell]
    ) -> None:
        """The probability of each of these cells that is hidden and in view: a bar as
        high as the chance of a mine, coloured from green to red, so it reads without
        colour too (a dot: no chance); the percentage when the zoom leaves room."""
        layout, z = self.renderer.layout, self.renderer.zoom
        marks = self.marks_of(advice)
        ox, oy = layout.board_origin
        ox -= layout.left * TILE
        oy -= layout.top * TILE
        side = TILE * z - 4 * z
        labels = []
        for cell in cells:
            mark = marks.get(cell)
            if mark is None or game.look(*cell) is not Look.HIDDEN:
                continue  # (a flag or a question mark keeps its own tile)
            if not layout.visible(*cell):
                continue
            x, y = (ox + cell[1] * TILE) * z + 2 * z, (oy + cell[0] * TILE) * z + 2 * z
            if mark.bar:
                screen.fill(mark.colour, (x, y + side - mark.bar, side, mark.bar))
            centre = (x + side // 2, y + side // 2)
            if mark.dot:
                pygame.draw.circle(screen, mark.colour, centre, max(2 * z, 2))
            if mark.label is not None:
                w, h = mark.label.get_size()
                labels.append((mark.label, (centre[0] - w // 2, centre[1] - h // 2)))
        screen.fblits(labels)

    def draw(self, screen: pygame.Surface, advice: Advice) -> None:
        """The hint over the marks: its cell ringed (green: safe, red: a mine). Its
        reason is said beside the board, never over a cell (game.scenes.notes)."""
        hint = advice.hint
        if hint is not None and self.renderer.layout.visible(*hint.cell):
            self._ring(screen, hint.cell, hint.is_mine)

    def _ring(self, screen: pygame.Surface, cell: Cell, is_mine: bool) -> None:
        ring = pygame.Rect(self.renderer.scaled(self.renderer.layout.cell_rect(*cell)))
        pygame.draw.rect(screen, HINT_MINE if is_mine else HINT_SAFE, ring, 2 * self.renderer.zoom)

    def draw_over(self, screen: pygame.Surface, advice: Advice, redrawn: list[Cell]) -> None:
        """The hint's ring again on its cell when it was drawn anew."""
        hint = advice.hint
        if (
            hint is not None
            and hint.cell in set(redrawn)
            and self.renderer.layout.visible(*hint.cell)
        ):
            self._ring(screen, hint.cell, hint.is_mine)
