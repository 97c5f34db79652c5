"""The map of a live race (an option of the host's, off by default: it tells where
safe cells are): the cells a side has opened, as the spans a progress carries
(game.net.messages), worked out once a move from the game's open map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.net.messages import MAX_RUNS, Spans

if TYPE_CHECKING:
    from game.core.game import Game


def opened_spans(game: Game) -> Spans | None:
    """The game's opened cells as spans in row order (None: more runs than a
    progress carries)."""
    shut = game.open_map()  # (0: open)
    spans, at = [], shut.find(0)
    while at != -1:
        end = shut.find(1, at)
        end = len(shut) if end == -1 else end
        spans.append((at, end - at))
        at = shut.find(0, end)
    return tuple(spans) if 2 * len(spans) <= MAX_RUNS else None


def cells_of(spans: Spans, cols: int) -> list[tuple[int, int]]:
    """The (row, column) cells of spans on a board ``cols`` wide."""
    return [divmod(cell, cols) for first, count in spans for cell in range(first, first + count)]
