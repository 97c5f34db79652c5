"""The shared boards: a board code, and the daily board (a code everyone gets on the
same day). One layout for everyone, its start cell ringed until the first move;
ranked among themselves, any size, never in the presets' tables."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from game.modes.category import CODE_KIND, DAILY_KIND, Category
from game.modes.mode import Mode
from game.replay.boardcode import BoardCode, daily
from game.rules import Board, GameRules
from game.session.play import PlaySession
from game.session.stopwatch import Clock


@dataclass(frozen=True)
class Code(Mode):
    """A board code a player typed, pasted or was handed."""

    board_code: BoardCode
    name: ClassVar[str] = "code"
    ghost: ClassVar[bool] = True

    def deal(self, clock: Clock) -> PlaySession:
        found = self.board_code
        return PlaySession.new(found.board, found.rules, clock, seed=found.seed, start=found.start)

    @property
    def code(self) -> str:
        return self.board_code.code

    def category(self, board: Board, rules: GameRules) -> Category:
        return Category.shared_board(CODE_KIND)


@dataclass(frozen=True)
class Daily(Mode):
    """The daily board of a day (ISO date)."""

    day: str
    name: ClassVar[str] = "daily"
    ghost: ClassVar[bool] = True

    @classmethod
    def of(cls, day: date) -> Daily:
        """The daily board of this day."""
        return cls(day.isoformat())

    @property
    def board_code(self) -> BoardCode:
        """The day's board as a code."""
        return daily(date.fromisoformat(self.day))

    def deal(self, clock: Clock) -> PlaySession:
        found = self.board_code
        return PlaySession.new(found.board, found.rules, clock, seed=found.seed, start=found.start)

    @property
    def daily(self) -> str:
        return self.day

    def category(self, board: Board, rules: GameRules) -> Category:
        return Category.shared_board(DAILY_KIND)

    def title(self) -> str:
        return f"daily board of {self.day}"
