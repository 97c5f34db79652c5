"""Keeps the series book (game.persist.series) as games end: a time trial's run after
each of its boards (unfinished until its last board is won, so a trial left half
way stays abandoned), and each game played in a tournament. The end-of-game flow
calls it once a game is in the history, with the game's id there; it asks the mode
(``Mode.entered``, ``Mode.run_step``), never which mode it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.core.on_first_use import OnFirstUse
from game.session.table import GameEnded

if TYPE_CHECKING:
    from game.persist import series as book
    from game.persist.series import Series
else:  # (with the first game of a series that ends, or the first look at the book)
    book = OnFirstUse("game.persist.series")


class SeriesKeeper:
    """Writes each trial's runs and each tournament's games in the data folder's book."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._series: Series | None = None
        self._problem: str | None = None

    @property
    def series(self) -> Series:
        """The book (read on first use)."""
        if self._series is None:
            self._series = book.Series(self.folder)
            self._problem = self._series.problem
        return self._series

    def take_problem(self) -> str | None:
        """Once: the sentence saying the book could not be read (moved aside)."""
        problem, self._problem = self._problem, None
        return problem

    def recorded(self, event: GameEnded, game_id: int | None) -> None:
        """A game went into the history as ``game_id`` (None: it could not)."""
        mode = event.tag.mode
        entered = mode.entered
        if entered is not None and game_id is not None:
            self.series.note_tournament(entered.ident, game_id)
        step = mode.run_step(event.session)
        if step is None:
            return
        before = self.series.run(step.run, step.trial)
        games = () if before is None else before.games
        if game_id is not None:
            games = (*games, game_id)
        run = book.Run(step.run, step.trial, step.boards, step.total_ms, step.finished, games)
        self.series.note_run(run)
