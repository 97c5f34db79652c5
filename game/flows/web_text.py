"""The packed replay's bytes as text (web/src/text.js reads it back): 76 characters
that a link's fragment keeps as they are, seven bytes in nine characters (base64's
six in eight is 3.6% longer).

The characters are the letters, the digits and ``-._~!$*+,;=:@/``: RFC 3986 allows
each of them unescaped in a fragment, and the URL Standard's fragment
percent-encode set, which browsers follow, holds none of them (the tests check
Chromium). Left out, to be safe: ``&`` (read as a parameter's end by many
scripts), ``'`` and ``()`` (a link written in Markdown or in quotes), ``?`` and ``#``,
``%`` (an escape) and what a fragment must escape (space, ``"<>`` and the backtick).
A chat program may drop the punctuation that ends a link, so the text always ends in
a letter (``END``), which the reader requires.

In a link, ``:~:`` is Chromium's fragment directive (a text fragment: everything from
it on is taken out of ``location.hash``), so a text that holds it is put in a link
with that tilde escaped (``in_link``): the page unescapes the fragment it reads.
"""

from __future__ import annotations

import re

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~!$*+,;=:@/"
BASE = len(ALPHABET)
BLOCK = 7
"""Bytes in a whole group (nine characters: 76**9 >= 256**7)."""
WIDTH = {1: 2, 2: 3, 3: 4, 4: 6, 5: 7, 6: 8, 7: 9}
"""The characters of a group of n bytes (the last group may be shorter)."""
END = "z"
_VALUE = {character: k for k, character in enumerate(ALPHABET)}
_DIRECTIVE = re.compile(r"(?<=:)~(?=:)")
"""A tilde between two colons: the middle of Chromium's fragment directive ``:~:``."""
_BYTES = {width: n for n, width in WIDTH.items()}


class TextDamaged(ValueError):
    """The text is not one ``to_text`` writes."""


def to_text(data: bytes) -> str:
    out: list[str] = []
    for at in range(0, len(data), BLOCK):
        group = data[at : at + BLOCK]
        value = int.from_bytes(group, "big")
        digits = []
        for _ in range(WIDTH[len(group)]):
            value, digit = divmod(value, BASE)
            digits.append(ALPHABET[digit])
        out.append("".join(reversed(digits)))
    return "".join(out) + END


def in_link(text: str) -> str:
    """The text as a link's fragment holds it: every tilde between two colons as %7E
    (``:~:~:`` too), so no browser reads a fragment directive in it (web/src/main.js
    decodes the fragment before reading it)."""
    return _DIRECTIVE.sub("%7E", text)


def from_text(text: str) -> bytes:
    if not text.endswith(END):
        raise TextDamaged("it does not end as a replay's text ends")
    body = text[:-1]
    out = bytearray()
    for at in range(0, len(body), WIDTH[BLOCK]):
        group = body[at : at + WIDTH[BLOCK]]
        size = _BYTES.get(len(group))
        if size is None or any(c not in _VALUE for c in group):
            raise TextDamaged("it has characters a replay's text has not")
        value = 0
        for character in group:
            value = value * BASE + _VALUE[character]
        if value >= 256**size:
            raise TextDamaged("a group of its characters is too large")
        out += value.to_bytes(size, "big")
    return bytes(out)
