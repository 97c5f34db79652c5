"""Text laid out in linear time: wrapping, cutting short, and the paragraph block.

A word is measured once; a word too long for a line of its own (a path in an
error message is one word) is cut by its glyphs' advances, read in one call
(``Font.metrics``), so a 10 KB path wraps in milliseconds, not by measuring one
character less at a time. pygame-ce's ``Font.render(..., wraplength=)`` wraps too,
but it renders a surface as wide as the wrap width and tells neither the lines nor
their widths, which a layout that must fit a window needs before it draws.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pygame

from game.view.sprites import SpriteSheet
from game.view.widgets.pieces import Piece
from game.view.widgets.style import WRAP_WIDTH, Colour, Style


def _advances(font: pygame.font.Font, word: str) -> list[int]:
    """Each character's advance, in one call (a glyph the font lacks is measured alone)."""
    metrics = font.metrics(word)
    return [
        m[4] if m is not None else int(font.size(ch)[0])
        for ch, m in zip(word, metrics, strict=True)
    ]


def _cut_word(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """A word too wide for a line, as pieces that each fit (at least one character):
    each piece's end is found from the advances, then checked by measuring the piece
    (kerning can make it a pixel wider), so each measurement is of one line."""
    advances: list[float] = list(_advances(font, word))
    # The advances can add up a little short of the drawn width (kerning, the last
    # glyph's overhang): scale them to the word's measured width, so a piece's end
    # is nearly always right first time.
    total = sum(advances)
    measured = int(font.size(word)[0])
    if total and measured > total:
        advances = [a * measured / total for a in advances]
    pieces: list[str] = []
    start, n = 0, len(word)
    while start < n:
        end, used = start + 1, float(advances[start])
        while end < n and used + advances[end] <= width:
            used += advances[end]
            end += 1
        while end - start > 1 and font.size(word[start:end])[0] > width:
            end -= 1
        pieces.append(word[start:end])
        start = end
    return pieces


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break text into lines no wider than width: at spaces, and inside a word too long
    for a line of its own. Newlines start new lines; an empty text is one empty line.
    Each word is measured alone once and then with at most a line's worth of text
    before it; a word too long for a line is cut by its glyphs' advances, read in one
    call. So the work grows with the text's length."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            if font.size(word)[0] <= width:
                candidate = f"{line} {word}" if line else word
                if font.size(candidate)[0] <= width:
                    line = candidate
                    continue
                if line:
                    lines.append(line)
                line = word
                continue
            if line:
                lines.append(line)
            *whole, line = _cut_word(font, word, width)
            lines.extend(whole)
        lines.append(line)
    return lines


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
    middle (shorten_middle), so a path is never broken across lines."""
    return re.sub(r"\S+", lambda m: shorten_middle(font, m.group(), width), text)


def wrap_width(style: Style, paragraphs: Sequence[str], room: int, least: int = 0) -> int:
    """The width to wrap paragraphs at: WRAP_WIDTH at the style's scale (or ``least``,
    if wider), so lines stay readable, widened to their longest word (a path, a
    board code: shown whole, never cut) as far as the room allows; only a word wider
    than the room is shortened in the middle (fit_words)."""
    width = max(WRAP_WIDTH * style.zoom, least)
    longest = max((style.width(word) for text in paragraphs for word in text.split()), default=0)
    return min(room, max(width, longest))


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
        fitted = [fit_words(font, text, width) for text in paragraphs]
        self.shortened = fitted != list(paragraphs)
        self.lines = [line for text in fitted for line in wrap(font, text, width)]
        self.width = widest(style, self.lines)
        self.height = len(self.lines) * style.line

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        top, bottom = image.get_clip().top, image.get_clip().bottom
        for i, line in enumerate(self.lines):
            y = self.y + i * self.style.line
            if line and bottom > y and y + self.style.line > top:  # only what shows
                image.blit(self.style.text(line, self.colour), (self.x, y))
