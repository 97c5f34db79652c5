"""Keeps the series book (game.persist.series) as games end: a time trial's run after
each of its boards (unfinished until its last board is won, so a trial left half
way stays abandoned), and each game played in a tournament. The end-of-game flow
calls it once a game is in the history, with the game's id there.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.core import Status
from game.modes.tournament import Entered
from game.modes.trial import Trial
from game.persist.series import Run, Series
from game.session.table import GameEnded, Result


class SeriesKeeper:
    """Writes each trial's runs and each tournament's games in the data folder's book."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._series: Series | None = None

    @property
    def series(self) -> Series:
        """The book (read on first use)."""
        if self._series is None:
            self._series = Series(self.folder)
        return self._series

    def recorded(self, event: GameEnded, game_id: int | None) -> None:
        """A game went into the history as ``game_id`` (None: it could not)."""
        mode = event.tag.mode
        if isinstance(mode, Entered) and game_id is not None:
            self.series.note_tournament(mode.entered, game_id)
        elif isinstance(mode, Trial):
            self._trial(mode, event, game_id)

    def _trial(self, mode: Trial, event: GameEnded, game_id: int | None) -> None:
        series = self.series
        before = series.run(mode.run, mode.kind.key) or Run(mode.run, mode.kind.key, 0, 0, False)
        won = event.result is Result.WON and event.session.status is Status.WON
        run = replace(
            before,
            boards=mode.index + (1 if won else 0),
            total_ms=mode.total_ms + event.summary.ms,
            finished=won and mode.last,
            games=before.games if game_id is None else (*before.games, game_id),
        )
        series.note_run(run)
