"""The map of a live race (an option of the host's, off by default: it tells where
safe cells are): the cells a side has opened, as the spans a progress carries
(game.net.messages), worked out once a move from the game's open map."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from game.net.messages import MAX_RUNS, Spans

if TYPE_CHECKING:
    from game.core.game import Game

_OPEN = re.compile(b"\x00+")


def opened_spans(game: Game) -> Spans | None:
    """The game's opened cells as spans in row order (None: more runs than a
    progress carries)."""
    spans = tuple((m.start(), m.end() - m.start()) for m in _OPEN.finditer(game.open_map()))
    return spans if 2 * len(spans) <= MAX_RUNS else None


def cells_of(spans: Spans, cols: int) -> list[tuple[int, int]]:
    """The (row, column) cells of spans on a board ``cols`` wide."""
    return [divmod(cell, cols) for first, count in spans for cell in range(first, first + count)]
