"""Figures drawn glyph by glyph: the digits and the few marks a figure is written
with, each rendered once by the font on a ground colour, then copied side by side
onto the screen wherever a figure made of them alone is drawn.

The live counters draw new figures at each move and each second of a game; the
font's rendering of a whole text (shaping, a new surface, blending it) costs more
than copying the figure's glyphs, each a small opaque picture. DejaVu Sans kerns
none of these characters and each glyph's ink stays inside its advance, so the
copies, each cut to its advance, give the same pixels as the font's rendering of
the whole text on that ground (tests/test_glyphs.py compares them at every size
the panel uses). A text with any other character (a word, another script) is none
of this module's: the caller renders it whole.
"""

from __future__ import annotations

import pygame

from game.view.fonts import UIFont
from game.view.theme import Colour

Copies = list[tuple[pygame.Surface, tuple[int, int]]]
"""Cells to copy onto the screen and where (Surface.fblits takes them)."""

FIGURE_CHARACTERS = "0123456789.,-% s"
"""What a figure is written with: digits, the decimal point or comma, a sign, a
percent and the seconds' unit (" s")."""


class Glyphs:
    """The figure characters of a font in an ink on a ground, rendered once."""

    def __init__(
        self,
        font: UIFont,
        ink: Colour,
        ground: Colour,
        screen: pygame.Surface,
        height: int | None = None,
    ) -> None:
        self.height = font.get_height() if height is None else height
        """A cell's height: a line's as the font renders one, or the caller's (the live
        counters cut each to their line's pitch, so a copy never reaches the next line)."""
        self._cells: dict[str, pygame.Surface] = {}
        self._advance: dict[str, int] = {}
        for character in FIGURE_CHARACTERS:
            metrics = font.metrics(character)[0]
            assert metrics is not None  # (DejaVu draws every one of them)
            advance = metrics[4]
            # A cell as wide as the advance, as tall as a line: side by side, the
            # cells tile the text's width.
            cell = pygame.Surface((advance, self.height)).convert(screen)
            cell.fill(ground)
            cell.blit(font.render(character, True, ink), (0, 0))
            self._cells[character], self._advance[character] = cell, advance

    def width(self, text: str) -> int | None:
        """The text's width as the font renders it (None: a character not among the
        figure characters, or no text: render it whole)."""
        try:
            return sum(map(self._advance.__getitem__, text)) or None
        except KeyError:
            return None

    def draw(self, screen: pygame.Surface, text: str, x: int, y: int) -> None:
        """The text (its width() not None) on the screen, its top left at (x, y)."""
        cells, advance = self._cells, self._advance
        copies = []
        for character in text:
            copies.append((cells[character], (x, y)))
            x += advance[character]
        screen.fblits(copies)

    def redraw(self, copies: Copies, old: str, new: str, x: int, y: int) -> bool:
        """Words drawn at (x, y) replaced by others as wide, glyph for glyph: the
        cells whose character changed, added to ``copies`` (blit them with the
        screen's fblits; each covers the old one's cell exactly, so nothing is
        cleared). Up to the character after the last change, every character must
        be a figure's, and the changed ones as wide as those they replace; the rest
        (the words of "116 of 127") stays as it was drawn. False: not so, nothing
        is added (draw the new words whole)."""
        if len(old) != len(new) or old == new:
            return False
        first, last = 0, len(new) - 1
        while old[first] == new[first]:
            first += 1
        while old[last] == new[last]:
            last -= 1
        cells, advance = self._cells, self._advance
        if last + 1 < len(new) and new[last + 1] not in advance:
            return False  # (a word right after a change: its kerning is not known)
        try:
            x += sum(map(advance.__getitem__, new[:first]))  # (the same glyphs before)
        except KeyError:
            return False
        changed = len(copies)
        for index in range(first, last + 1):
            character, was = new[index], old[index]
            width = advance.get(character)
            if width is None or (was != character and advance.get(was) != width):
                del copies[changed:]
                return False
            if was != character:
                copies.append((cells[character], (x, y)))
            x += width
        return True
