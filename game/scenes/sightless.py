"""The play screen's keys for a player who cannot see the board: the cursor's cell,
the 3x3 around it and its row said; the mines left, the time and 3BV/s said; the
cursor sent to the next hidden cell, the next number not yet satisfied, the ends of
its row and column (game.session.seek). Rebindable as every key (game.view.commands)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.delta import Cell
from game.language import N_, gettext
from game.session.seek import next_cell
from game.view.commands import Command

if TYPE_CHECKING:
    from game.scenes.play import PlayScene

NO_HIDDEN = N_("no hidden cell left")
NO_NUMBER = N_("every number is satisfied")


class SightlessKeys:
    """The commands of play without sight, for one play screen."""

    def __init__(self, play: PlayScene) -> None:
        self.play = play

    def commands(self) -> dict[Command, Callable[[], None]]:
        """The keys of play without sight: the figures and the cells said, the jumps."""
        voice, table = self.play.voice, self.play.table

        def last_row() -> int:
            return table.board.rows - 1

        def last_col() -> int:
            return table.board.cols - 1

        return {
            Command.SAY_CELL: lambda: self.on_cursor(lambda at: voice.cursor(at, True)),
            Command.SAY_AROUND: lambda: self.on_cursor(voice.around),
            Command.SAY_ROW: lambda: self.on_cursor(voice.row),
            Command.SAY_MINES: voice.mines,
            Command.SAY_TIME: voice.time,
            Command.SAY_RATE: lambda: voice.rate(self.play.race.standing()),
            Command.NEXT_HIDDEN: lambda: self.jump(self._seek("hidden"), NO_HIDDEN),
            Command.NEXT_UNSATISFIED: lambda: self.jump(self._seek("unsatisfied"), NO_NUMBER),
            Command.ROW_START: lambda: self.jump(lambda at: (at[0], 0)),
            Command.ROW_END: lambda: self.jump(lambda at: (at[0], last_col())),
            Command.COLUMN_TOP: lambda: self.jump(lambda at: (0, at[1])),
            Command.COLUMN_BOTTOM: lambda: self.jump(lambda at: (last_row(), at[1])),
        }

    def _seek(self, kind: str) -> Callable[[Cell], Cell | None]:
        return lambda at: next_cell(self.play.table.game, at, kind, -1 if self.play.fast else 1)

    def on_cursor(self, say: Callable[[Cell], object]) -> None:
        """Say something of the cursor's cell (a cursor not shown is shown first)."""
        cursor = self.play.table.shown_cursor
        if cursor is None:
            self.play.move_cursor(0, 0)
        else:
            say(cursor)

    def jump(self, where: Callable[[Cell], Cell | None], none: str = "") -> None:
        """Put the cursor where ``where`` says from where it is (a cursor not shown
        is shown first; nowhere: ``none`` is said)."""
        at = self.play.table.shown_cursor
        if at is None:
            self.play.move_cursor(0, 0)
            return
        to = where(at)
        if to is None:
            self.play.voice.nothing(gettext(none))
        else:
            self.play.move_cursor(to[0] - at[0], to[1] - at[1], 1)
