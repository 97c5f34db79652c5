"""The 3BV and 3BV solved of the game on the table, for the live counters and the live
race's progress, kept up to date from each move's changed cells (game.core.bbbv's
Solving: work in proportion to what the move opened, not to the board), as Game.bbbv
and Game.bbbv_solved count them. Made anew from the whole board when that cannot be
trusted: another game or layout (a fate moved the mines), more moves heard than kept,
or a move whose opened cells do not add up (its delta also showed closed cells, as a
loss does)."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.bbbv import Openings, Solving
from game.core.delta import Delta
from game.core.game import Game

PENDING_LIMIT = 64
"""Moves heard and kept until the figures are next worked out (the panel hidden
meanwhile: the count is made anew from the board instead)."""


class SolvedSoFar:
    """The 3BV solved of a game, fed the moves' deltas."""

    def __init__(self) -> None:
        self._pending: list[tuple[Sequence[int], int]] | None = []
        """The changed cells and the count of opened cells of the moves heard since
        the count was last brought up to date (None: too many, count anew)."""
        self._openings: tuple[object, Openings | None] = ((), None)
        self._solving: tuple[object, object, Solving | None] = ((), (), None)
        """The game and layout it counts, and the count."""

    def heard(self, delta: Delta) -> None:
        """A move of the game on the table reached it."""
        if not delta.opened or self._pending is None:
            return
        if len(self._pending) >= PENDING_LIMIT:
            self._pending = None
        else:
            self._pending.append((delta.changed.runs, delta.opened))

    def of(self, game: Game) -> tuple[int | None, int]:
        """The game's 3BV (None before its mines are laid) and 3BV solved, with the
        moves heard since the last call."""
        pending, self._pending = self._pending, []
        field = game.minefield
        if field is None:
            return (None, 0)
        if self._openings[0] is not field:  # (the board's openings: once a layout)
            self._openings = (field, Openings(field.rows, field.cols, field.mines))
        openings = self._openings[1]
        assert openings is not None
        counted, laid, solving = self._solving
        trusted = solving is not None and counted is game and laid is field
        if solving is not None and trusted and pending is not None:
            for runs, opened in pending:
                if solving.add(runs) != opened:
                    trusted = False
                    break
        if solving is None or not trusted or pending is None or solving.opened != game.opened_count:
            solving = Solving(openings, game.opened_mask())
            self._solving = (game, field, solving)
        return (openings.total, solving.solved)
