"""Text laid out in linear time: cutting short, and the paragraph block (the lines
are broken by game.view.lines.wrap, in any script)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pygame

from game.view.lines import pieces, wrap
from game.view.sprites import SpriteSheet
from game.view.widgets.pieces import Piece
from game.view.widgets.style import Colour, Style

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


ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"


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
    middle (shorten_middle), so a path is never broken across lines. Chinese and
    Japanese, written without spaces, are no such words: their lines break between
    characters (game.view.lines.pieces)."""

    def fitted(word: str) -> str:
        return word if len(pieces(word)) > 1 else shorten_middle(font, word, width)

    return re.sub(r"\S+", lambda m: fitted(m.group()), text)


def widest(style: Style, lines: Sequence[str]) -> int:
    """The width of the widest line."""
    return max((style.width(line) for line in lines), default=0)


class TextPiece(Piece):
    """Paragraphs wrapped to a width, left aligned."""

    def __init__(
        self, style: Style, paragraphs: Sequence[str], width: int, colour: Colour | None = None
    ) -> None:
        self.style, self.colour = style, colour
        font = style.font
        self.lines = [
            line for text in paragraphs for line in wrap(font, fit_words(font, text, width), width)
        ]
        self.width = widest(style, self.lines)
        self.height = len(self.lines) * style.line

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        top, bottom = image.get_clip().top, image.get_clip().bottom
        for i, line in enumerate(self.lines):
            y = self.y + i * self.style.line
            if line and bottom > y and y + self.style.line > top:  # only what shows
                image.blit(self.style.text(line, self.colour), (self.x, y))
