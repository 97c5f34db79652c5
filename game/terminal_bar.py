"""The terminal: a progress bar on the command line, and words shown in it as text.

The bar, with the time left: ``\\r`` redraws one line, which every terminal
understands. Nothing is drawn when the stream is no terminal (a log, a pipe): a
script reads only the result line.

Words shown in a terminal (as_text, say): the one home for every printer of the command line
(--standings, --analyse, --verify-replay, the exports' lines, the warnings).

Whatever a file says (a player's name in a replay or a tournament file, a file's
name, a problem that quotes it) reaches the terminal as text, never as the
terminal's own commands: each control character (C0 but the line break, DEL, C1:
ESC ] 0 ; ... BEL would set the window's title, ESC [ 2 J clear the screen) and each
bidirectional override or isolate (which reorders what follows it on the line) is
shown as its escape, ``\\u001b``, which reads the same in a Python string and in
JSON. Everything else, every script and emoji, is shown as it is."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from game.language import decimal, gettext

WIDTH = 30
"""The bar's cells."""
EVERY_S = 0.2
"""Shortest time between two redraws."""
GUESS_AFTER_S = 1.0
"""The time left is guessed once the work has run this long."""


def time_left(elapsed_s: float, fraction: float) -> str:
    """'about 3 min left' from how long the part done took; '' before anything is done."""
    if fraction <= 0 or elapsed_s < GUESS_AFTER_S:
        return ""
    left = elapsed_s * (1 - fraction) / fraction
    if left < 60:
        return gettext("about {n} s left").format(n=max(1, round(left)))
    if left < 3600:
        return gettext("about {n} min left").format(n=round(left / 60))
    return gettext("about {n} h left").format(n=decimal(left / 3600, 1))


class TerminalBar:
    """Call it with (done, total) as often as wished; ``close`` clears the line."""

    def __init__(
        self, stream: TextIO | None, label: str, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.stream = stream if stream is not None and _is_terminal(stream) else None
        self.label = label
        self.clock = clock
        self.started = clock()
        self.shown = 0.0
        self.drawn = 0

    def __call__(self, done: float, total: float) -> None:
        if self.stream is None:
            return
        now = self.clock()
        if self.drawn and now - self.shown < EVERY_S:
            return
        self.shown = now
        fraction = 0.0 if total <= 0 else max(0.0, min(1.0, done / total))
        full = round(fraction * WIDTH)
        guess = time_left(now - self.started, fraction)
        line = f"{self.label} [{'#' * full}{'.' * (WIDTH - full)}] {fraction:4.0%} {guess}"
        self.stream.write("\r" + line.ljust(self.drawn))
        self.stream.flush()
        self.drawn = len(line)

    def close(self) -> None:
        """Clear the bar's line (the result line takes its place)."""
        if self.stream is not None and self.drawn:
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()
            self.drawn = 0


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


_BIDI = frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2066, 0x206A))
"""The embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069)."""

_ESCAPED = {
    code: f"\\u{code:04x}"
    for code in (*range(0x20), *range(0x7F, 0xA0), *_BIDI)
    if code != 0x0A  # (the line break: printers write lines)
}
"""str.translate's table: each character escaped, by its code."""


def as_text(words: str) -> str:
    """``words`` with every control character and bidirectional override shown as
    its escape (``\\u001b``), the line break kept."""
    return words.translate(_ESCAPED)


def say(stream: TextIO | None, line: str) -> None:
    """Print a line as text (as_text), where there is a stream (a windowed Windows
    build has no console)."""
    if stream is not None:
        stream.write(as_text(line) + "\n")
