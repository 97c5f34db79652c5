"""A game of a live race against a friend on another computer (game.flows.live_race):
the board the room's host chose, a board code with its start cell, so both deal the
same mines and open the same cell; kept among the races (their own category in the
history), titled with the opponent and the game of the series."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.language import gettext
from game.modes.category import RACE_KIND, Category
from game.modes.mode import Mode
from game.modes.shared import OnACode, shared_session
from game.replay.boardcode import BoardCode
from game.rules import Board, GameRules
from game.session.play import PlaySession
from game.session.stopwatch import Clock


@dataclass(frozen=True)
class LiveRace(OnACode, Mode):
    """Game ``game`` (1, 2, ...) of a race against ``opponent`` in room ``room`` (its
    code) on the board ``board_code``."""

    board_code: BoardCode
    room: str
    game: int
    opponent: str
    name: ClassVar[str] = "race"
    ends_beside: ClassVar[bool] = False
    keeps_lost_replay: ClassVar[bool] = True
    kept_at_close: ClassVar[bool] = False

    def deal(self, clock: Clock) -> PlaySession:
        return shared_session(self.board_code, None, clock)

    def category(self, board: Board, rules: GameRules) -> Category:
        return Category.shared_board(RACE_KIND)

    def title(self) -> str:
        return gettext("race against {name}, game {game}").format(
            name=self.opponent, game=self.game
        )
