"""The ladder: a hundred no-guess levels, harder and harder (game.core.ladder makes
them, the same for every player). A level is a shared board: its board code is
kept with each game in the history, which is where the ladder's progress is read
from: a level won without help unlocks the next, and its best time is the fastest
such win. Ranked among the ladder's own games ("ladder"), never in the presets'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from game.core.board import FirstClick
from game.core.ladder import LEVELS, level
from game.core.status import Status
from game.language import gettext
from game.modes.category import LADDER_KIND, Category
from game.modes.mode import Mode
from game.replay.boardcode import BoardCode
from game.rules import Board, GameRules
from game.session.play import PlaySession
from game.session.stopwatch import Clock

_CODE_RULES = GameRules(first_click=FirstClick.NOGUESS)
"""The rules a level's code is written with (the mines do not depend on the marks
or the chords, so a player's own choice of those plays the same level)."""


def level_code(number: int) -> BoardCode:
    """Level ``number``'s board as a board code (the history keeps it)."""
    rung = level(number)
    return BoardCode(Board(rung.rows, rung.cols, rung.mines), _CODE_RULES, rung.seed, rung.start)


@dataclass(frozen=True)
class Ladder(Mode):
    """Level ``number`` of the ladder, under the player's marks and chords."""

    number: int
    rules: GameRules = _CODE_RULES
    name: ClassVar[str] = "ladder"
    ghost: ClassVar[bool] = True

    def deal(self, clock: Clock) -> PlaySession:
        found = level_code(self.number)
        rules = self.rules.laid(FirstClick.NOGUESS)
        return PlaySession.new(found.board, rules, clock, seed=found.seed, start=found.start)

    @property
    def code(self) -> str:
        return level_code(self.number).code

    def category(self, board: Board, rules: GameRules) -> Category:
        return Category.shared_board(LADDER_KIND)

    def title(self) -> str:
        return gettext("ladder level {n} of {levels}").format(n=self.number, levels=LEVELS)

    def following(self, session: PlaySession) -> Mode | None:
        """Won without help: the next level (the win unlocked it); lost, or won with
        help: this level again."""
        if not session.status.is_over:
            return None
        if self.unlocks(session) and self.number < LEVELS:
            return Ladder(self.number + 1, self.rules)
        return Ladder(self.number, self.rules)

    def unlocks(self, session: PlaySession) -> bool:
        """The game unlocks the next level: won, without help."""
        return session.status is Status.WON and self.standing(session).ranked

    def progress(self, session: PlaySession) -> str | None:
        if session.status is not Status.WON:
            return None
        if not self.unlocks(session):
            return gettext("Ladder level {n} won with help: win it unaided to go on.").format(
                n=self.number
            )
        if self.number == LEVELS:
            return gettext("The ladder's last level won: all {levels} levels climbed.").format(
                levels=LEVELS
            )
        return gettext("Ladder level {n} won: New Game plays level {next}.").format(
            n=self.number, next=self.number + 1
        )


@dataclass(frozen=True)
class Rung:
    """One level as the ladder's dialog shows it."""

    number: int
    best_ms: int | None
    """The fastest win without help (None: not won yet)."""
    played: int
    unlocked: bool


@dataclass(frozen=True)
class Progress:
    """How far a player is up the ladder."""

    rungs: tuple[Rung, ...]

    @classmethod
    def read(cls, record_of: Callable[[str], tuple[int | None, int]]) -> Progress:
        """The progress from the history: ``record_of(code)`` is the best time (None:
        never won without help) and the games played on a board code
        (History.code_record)."""
        rungs = []
        unlocked = True  # (level 1 always is)
        for number in range(1, LEVELS + 1):
            best, played = record_of(level_code(number).code)
            rungs.append(Rung(number, best, played, unlocked))
            unlocked = best is not None
        return cls(tuple(rungs))

    @property
    def won(self) -> int:
        """Levels won."""
        return sum(rung.best_ms is not None for rung in self.rungs)

    @property
    def next_level(self) -> int:
        """The lowest unlocked level not yet won (the last level once all are won)."""
        for rung in self.rungs:
            if rung.unlocked and rung.best_ms is None:
                return rung.number
        return LEVELS

    def unlocked(self, number: int) -> bool:
        """Level ``number`` may be played."""
        return 1 <= number <= LEVELS and self.rungs[number - 1].unlocked
