"""Where a text's lines break, in any script, in linear time.

Lines break at spaces, and also between the characters of Chinese and Japanese,
which put none between words: between two ideographs or kana, unless the second
may not start a line (closing punctuation, small kana, the prolonged sound mark:
the kinsoku rules) or the first may not end one (opening brackets and quotes).
Korean puts spaces between words and breaks there.

A path (a word holding a separator, / or \\) that no line holds whole is broken
after its separators, each line a run of whole parts of it, every character kept
(``path_parts``), as a file manager shows a long location. A word is measured once;
a word too long for a line of its own is cut by its glyphs' advances, read in one call
(``Font.metrics``), so a 10 KB path wraps in milliseconds, not by measuring one
character less at a time. pygame-ce's ``Font.render(..., wraplength=)`` wraps too,
but it renders a surface as wide as the wrap width and tells neither the lines nor
their widths, which a layout that must fit a window needs before it draws.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pygame

NO_START = frozenset(
    "!),.:;?]}\u00a2\u00b0\u00b7\u2019\u201d\u2025\u2026\u2030\u2032\u2033\u203a\u2103"
    "\u3001\u3002\u3005\u3009\u300b\u300d\u300f\u3011\u3015\u3017\u3019\u301f\u303b"
    "\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u3095\u3096"
    "\u309b\u309c\u309d\u309e\u30a0\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5"
    "\u30e7\u30ee\u30f5\u30f6\u30fb\u30fc\u30fd\u30fe\u31f0\u31f1\u31f2\u31f3\u31f4"
    "\u31f5\u31f6\u31f7\u31f8\u31f9\u31fa\u31fb\u31fc\u31fd\u31fe\u31ff"
    "\uff01\uff05\uff09\uff0c\uff0e\uff1a\uff1b\uff1f\uff3d\uff5d\uff60\uff61\uff63\uff64"
    "\uff65\uff70\uff9e\uff9f"
)
"""Characters a line may not start with (closing punctuation, small kana, marks)."""
NO_END = frozenset(
    "([{\u00a3\u00a5\u2018\u201c\u2039\u3008\u300a\u300c\u300e\u3010\u3014\u3016\u3018"
    "\u301d\uff04\uff08\uff3b\uff5b\uff5f\uff62\uffe1\uffe5"
)
"""Characters a line may not end with (opening brackets and quotes, currency signs)."""
_CLOSE_SPANS = (
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3100, 0x312F),  # bopomofo
    (0x31A0, 0x31FF),  # bopomofo extended, CJK strokes, katakana extensions
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # half- and full-width forms
    (0x20000, 0x3FFFF),  # CJK extensions B to H
)
"""Scripts written without spaces between words: a line may break beside any of them."""


NO_BREAK_SPACE = "\u00a0"
"""A space no line breaks at: a number and its unit ("0.5\u00a0s", "0.5\u00a0秒")."""
SPACES = "[^\\S\u00a0]+"
"""What words are separated by: any white space but the no-break space."""


def words_of(paragraph: str) -> list[str]:
    """A paragraph's words, as a line breaks between them: at its spaces, never at a
    no-break space (its words stay on one line)."""
    return [word for word in re.split(SPACES, paragraph) if word]


def unspaced(character: str) -> bool:
    """The character is of a script written without spaces (Chinese, Japanese)."""
    code = ord(character)
    return any(low <= code <= high for low, high in _CLOSE_SPANS)


def pieces(word: str) -> list[str]:
    """A word (no spaces in it) as the pieces a line may break between: itself,
    unless it holds Chinese or Japanese."""
    if word.isascii():
        return [word]
    parts = [word[0]]
    for before, character in pairwise(word):
        if (
            (unspaced(before) or unspaced(character))
            and character not in NO_START
            and before not in NO_END
            and NO_BREAK_SPACE not in (before, character)
        ):
            parts.append(character)
        else:
            parts[-1] += character
    return parts


SEPARATORS = "/\\"
"""What a path's parts are separated by (POSIX, Windows); a line may end after one."""
BREAKS_AFTER = SEPARATORS + "-"
"""Where a word no line holds whole may break: after a path's separator, else after a
hyphen (a board code's groups, "08203-R00CC-..."), as UAX #14 allows."""


def path_parts(word: str, separators: str = SEPARATORS) -> list[str]:
    """A path as its parts, each with the separator after it, so that joined again
    they are the path, every character kept ("/home/a/b" -> "/home/", "a/", "b": a
    root, separators alone, goes with the name after it, never left at a line's end);
    a word with no separator is one part."""
    parts, start = [], 0
    for index, character in enumerate(word):
        if character in separators and word[start:index].strip(separators):
            parts.append(word[start : index + 1])
            start = index + 1
    if start < len(word):
        parts.append(word[start:])
    return parts


def unbroken(word: str) -> list[str]:
    """The parts of a word a line may break between when no line holds it whole: a
    path's after its separators, else after its hyphens, else its pieces (Chinese
    and Japanese: between their characters)."""
    if any(separator in word for separator in SEPARATORS):
        return path_parts(word)
    return path_parts(word, "-") if "-" in word else pieces(word)


def broken(text: str, lines: list[str]) -> bool:
    """A path or a hyphenated word of ``text`` (a board code) is not whole on one of
    its ``lines``: broken across them (a box that could widen for it should)."""
    marked = [word for word in text.split() if any(mark in word for mark in BREAKS_AFTER)]
    return any(not any(word in line for line in lines) for word in marked)


def _breakable(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """The pieces a line may break between in a word: a path or a hyphenated word a
    line holds is one piece (moved whole to the next line), else its parts
    (``unbroken``)."""
    if any(mark in word for mark in BREAKS_AFTER) and font.size(word)[0] <= width:
        return [word]
    return unbroken(word)


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
    """Break text into lines no wider than width: at spaces, between the characters
    of Chinese and Japanese (``pieces``), after the separators of a path (or the
    hyphens of a word) too long for a line (``unbroken``), and inside a word (or a
    part of one) too long for a line of its own. Newlines start new lines; an empty
    text is one empty line. Each piece is measured alone once and then with at most
    a line's worth of text before it; a piece too long for a line is cut by its
    glyphs' advances, read in one call. So the work grows with the text's length."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in words_of(paragraph):
            for k, piece in enumerate(_breakable(font, word, width)):
                joiner = "" if k else " "
                if font.size(piece)[0] <= width:
                    candidate = f"{line}{joiner}{piece}" if line else piece
                    if font.size(candidate)[0] <= width:
                        line = candidate
                        continue
                    if line:
                        lines.append(line)
                    line = piece
                    continue
                if line:
                    lines.append(line)
                *whole, line = _cut_word(font, piece, width)
                lines.extend(whole)
        lines.append(line)
    return lines
