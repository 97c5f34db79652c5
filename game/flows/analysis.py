"""A game's analysis opened over the window: from its replay, or from a game of the
history by its kept replay (or why it has none). Every click is judged on boards of
up to JUDGED_CELLS cells; a community file is counted by its community's rules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.analysis.judge import JUDGED_CELLS
from game.language import N_, gettext, shown
from game.persist import replays as replay_files
from game.replay.files import COMMUNITY_SUFFIXES, open_replay
from game.replay.format import Replay, ReplayError
from game.replay.report import report, report_of
from game.screens.analysis import ANALYSIS, NO_REPLAY, analysis_dialog
from game.view.stage import Stage
from game.view.widgets.message import MessageDialog

CANNOT = N_("This game cannot be analysed")
"""The title over why a game's analysis cannot be shown."""


class Analyst:
    """Opens a game's analysis over the window (made by the shell when first asked
    for: the judge, the report and the community's readers load with a first
    analysis, not at start)."""

    def __init__(self, stage: Stage, folder: Path) -> None:
        """``folder``: the data folder, whose replays the history's games keep."""
        self._stage = stage
        self._folder = folder

    def stored(self, replay_name: str | None, then: Callable[[], None]) -> None:
        """The analysis of a game of the history from its kept replay, or why there
        is none; ``then`` after it closes."""
        stage = self._stage
        path = replay_files.kept(self._folder, replay_name)
        if path is None:
            stage.open(MessageDialog(ANALYSIS, [gettext(NO_REPLAY)]), stage.back_to(then))
            return
        try:
            opened = open_replay(path)
        except ReplayError as error:
            stage.open(MessageDialog(CANNOT, [shown(error)]), stage.back_to(then))
            return
        self.game(opened.replay, path.name, str(path), then)

    def game(
        self,
        replay: Replay,
        name: str,
        path: str | None = None,
        then: Callable[[], None] | None = None,
    ) -> None:
        """The analysis of a game (its replay; ``path``: the file it came from, so a
        community file is counted by its community's rules); ``then`` after it
        closes."""
        stage = self._stage
        board = replay.board
        judged = board.rows * board.cols <= JUDGED_CELLS
        if path is not None and path.lower().endswith(COMMUNITY_SUFFIXES):
            entry = report(path, moves=judged)
        else:
            entry = report_of(replay, name, moves=judged)
        if "error" in entry:
            stage.open(MessageDialog(CANNOT, [entry["error"]]))
            return
        stage.open(analysis_dialog(entry, name), None if then is None else stage.back_to(then))
