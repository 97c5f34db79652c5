"""Text laid out in linear time: cutting short, and the paragraph block (the lines
are broken by game.view.lines.wrap, in any script)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pygame

from game.view.lines import SEPARATORS, broken, path_parts, pieces, wrap
from game.view.sprites import SpriteSheet
from game.view.widgets.pieces import Piece
from game.view.widgets.style import WRAP_WIDTH, Colour, Style

__all__ = ["ELLIPSIS", "TextPiece", "ellipsize", "fit_words", "shorten_middle", "widest", "wrap"]


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """The text, cut short with '...' if it is wider than width (a bisection: a few
    measurements whatever the length)."""
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text)  # text[:low] + "..." fits; text[:high] + "..." does not
    if font.size("...")[0] > width:
        return ""
    while high - low > 1:
        middle = (low + high) // 2
        if font.size(text[:middle] + "...")[0] <= width:
            low = middle
        else:
            high = middle
    return text[:low] + "..."


ELLIPSIS = "\u2026"


def shorten_middle(font: pygame.font.Font, word: str, width: int) -> str:
    """A word (a path, a file name) no wider than width: kept whole if it fits, else
    its two ends with "…" in the middle, as much of each as fits (a bisection: a few
    measurements whatever the length)."""
    if font.size(word)[0] <= width:
        return word
    low, high = 0, (len(word) + 1) // 2  # keeping ``low`` each side fits; ``high`` does not

    def kept(k: int) -> str:
        return word[:k] + ELLIPSIS + word[len(word) - k :] if k else ELLIPSIS

    while high - low > 1:
        middle = (low + high) // 2
        if font.size(kept(middle))[0] <= width:
            low = middle
        else:
            high = middle
    return kept(low)


def fit_words(font: pygame.font.Font, text: str, width: int) -> str:
    """The text with every word too wide for a line of its own shortened in the
    middle (shorten_middle), but for a path: a path no line holds is broken after its
    separators (game.view.lines.path_parts), every character kept, and only a part
    of it too wide for a line alone (no separator to break at) is shortened in the
    middle. Chinese and Japanese, written without spaces, are no such words: their
    lines break between characters (game.view.lines.pieces)."""

    def fitted(word: str) -> str:
        if any(separator in word for separator in SEPARATORS):
            return "".join(shorten_middle(font, part, width) for part in path_parts(word))
        return word if len(pieces(word)) > 1 else shorten_middle(font, word, width)

    return re.sub(r"\S+", lambda m: fitted(m.group()), text)


def wrap_width(style: Style, paragraphs: Sequence[str], room: int, least: int = 0) -> int:
    """The width to wrap paragraphs at: WRAP_WIDTH at the style's scale (or ``least``,
    if wider), so lines stay readable, widened to their longest word (a path, a
    board code: shown whole, never cut) as far as the room allows; a path wider than
    the room is broken after its separators (fit_words), and only a word (or a
    path's part) wider than the room is shortened in the middle."""
    width = max(WRAP_WIDTH * style.zoom, least)
    longest = max((style.width(word) for text in paragraphs for word in text.split()), default=0)
    return min(room, max(width, longest))


def widest(style: Style, lines: Sequence[str]) -> int:
    """The width of the widest line."""
    return max((style.width(line) for line in lines), default=0)


class TextPiece(Piece):
    """Paragraphs wrapped to a width, left aligned; wrapped again to the box's width
    when placed in a wider box (a table, a field or the buttons made it wider): a line
    never stops short of the box while the next word would fit."""

    least = 0
    """The height kept at least (a menu's hint keeps the tallest hint's)."""

    def __init__(
        self, style: Style, paragraphs: Sequence[str], width: int, colour: Colour | None = None
    ) -> None:
        self.style, self.colour = style, colour
        font = style.font
        self.words = list(paragraphs)
        """Its paragraphs whole, as speech says them (a file name said as it is, not
        as its two ends)."""
        self.paragraphs = [fit_words(font, text, width) for text in paragraphs]
        """Its paragraphs as shown: a word no line holds shortened in its middle."""
        self.shortened = self.paragraphs != self.words
        self._wrap(width)

    def _wrap(self, width: int) -> None:
        self.wrapped_at = width
        font = self.style.font
        self.lines = [line for text in self.paragraphs for line in wrap(font, text, width)]
        self.broken = any(broken(text, self.lines) for text in self.paragraphs)
        self.width = widest(self.style, self.lines)
        self.height = max(len(self.lines) * self.style.line, self.least)

    def place(self, x: int, y: int, width: int) -> None:
        """Placed in the box; its lines wrapped again to the box's width if it is
        wider than the one they were wrapped at (fewer lines, never a wider box)."""
        super().place(x, y, width)
        if width > self.wrapped_at:
            self._wrap(width)

    def said(self) -> str:  # (its words, not its lines: a path broken or shortened said whole)
        return " ".join(word for text in self.words for word in text.split())

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        top, bottom = image.get_clip().top, image.get_clip().bottom
        for i, line in enumerate(self.lines):
            y = self.y + i * self.style.line
            if line and bottom > y and y + self.style.line > top:  # only what shows
                image.blit(self.style.text(line, self.colour), (self.x, y))
