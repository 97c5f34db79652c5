"""Where the keyboard cursor jumps, for a player who cannot see the board: the next
hidden cell, the next number not yet satisfied, in reading order (pure: the game's
looks in, a cell out)."""

from __future__ import annotations

from collections.abc import Iterator

from game.core.delta import Cell
from game.core.game import Game
from game.core.look import Look


def around(game: Game, row: int, col: int) -> Iterator[Cell]:
    """The cells next to one (up to eight), in reading order."""
    for r in range(max(0, row - 1), min(game.rows, row + 2)):
        for c in range(max(0, col - 1), min(game.cols, col + 2)):
            if (r, c) != (row, col):
                yield r, c


def unsatisfied(game: Game, row: int, col: int) -> bool:
    """An opened number with hidden cells beside it and fewer flags than it says."""
    look = game.look(row, col)
    if not Look.OPEN_1 <= look <= Look.OPEN_8:
        return False
    looks = [game.look(r, c) for r, c in around(game, row, col)]
    flags = looks.count(Look.FLAG)
    return flags < int(look) and any(seen in (Look.HIDDEN, Look.QUESTION) for seen in looks)


def _hidden(game: Game, row: int, col: int) -> bool:
    return game.look(row, col) in (Look.HIDDEN, Look.QUESTION)


def next_cell(game: Game, start: Cell, kind: str, step: int = 1) -> Cell | None:
    """The next cell after ``start`` in reading order (``step`` -1: before it),
    round the board, that is hidden (``kind`` "hidden") or an unsatisfied number
    ("unsatisfied"); None when there is none."""
    test = _hidden if kind == "hidden" else unsatisfied
    cells = game.rows * game.cols
    at = start[0] * game.cols + start[1]
    for k in range(1, cells + 1):
        row, col = divmod((at + step * k) % cells, game.cols)
        if test(game, row, col):
            return row, col
    return None
