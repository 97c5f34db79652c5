"""The shared boards: a board code, and the daily board (a code everyone gets on the
same day). One layout for everyone, its start cell ringed until the first move;
ranked among themselves, any size, never in the presets' tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.core.game import Game
from game.core.on_first_use import OnFirstUse
from game.core.record import Record
from game.language import gettext
from game.modes.category import CODE_KIND, DAILY_KIND, Category
from game.modes.mode import Mode
from game.replay.boardcode import BoardCode, daily
from game.rules import Board, GameRules
from game.session.play import PlaySession
from game.session.stopwatch import Clock
from game.words import day_of

if TYPE_CHECKING:
    import datetime as dt
    from datetime import date
else:  # (with the first date or time asked for: 0.45 MB, not at start)
    dt = OnFirstUse("datetime")


def shared_session(code: BoardCode, dealt: Game | None, clock: Clock) -> PlaySession:
    """A shared board's session: dealt from its code, or the game already dealt."""
    if dealt is None:
        return PlaySession.new(code.board, code.rules, clock, seed=code.seed, start=code.start)
    session = PlaySession(dealt, clock)
    session.start = code.start
    return session


class OnACode:
    """A way to play on a board code (a code handed, a live race's): what it says of
    its code (put before Mode among the bases)."""

    __slots__ = ()
    board_code: BoardCode

    @property
    def code(self) -> str:
        return self.board_code.code

    @property
    def shared_code(self) -> BoardCode:
        return self.board_code


class Code(OnACode, Mode, Record):
    """A board code a player typed, pasted or was handed; ``dealt``: its game already
    dealt (a long deal done off the window's loop), out of equality."""

    __slots__ = ("board_code", "dealt")
    uncompared = frozenset({"dealt"})
    name: ClassVar[str] = "code"
    ghost: ClassVar[bool] = True

    def __init__(self, board_code: BoardCode, dealt: Game | None = None) -> None:
        self.board_code = board_code
        self.dealt = dealt

    def deal(self, clock: Clock) -> PlaySession:
        return shared_session(self.board_code, self.dealt, clock)

    def with_game(self, game: Game) -> Code:
        return self.replace(dealt=game)

    def category(self, board: Board, rules: GameRules) -> Category:
        return Category.shared_board(CODE_KIND)


class Daily(Mode, Record):
    """The daily board of a day (ISO date); ``dealt``: its game already dealt (a long
    deal done off the window's loop), out of equality."""

    __slots__ = ("day", "dealt")
    uncompared = frozenset({"dealt"})
    name: ClassVar[str] = "daily"
    ghost: ClassVar[bool] = True

    def __init__(self, day: str, dealt: Game | None = None) -> None:
        self.day = day
        self.dealt = dealt

    @classmethod
    def of(cls, day: date) -> Daily:
        """The daily board of this day."""
        return cls(day.isoformat())

    @property
    def board_code(self) -> BoardCode:
        """The day's board as a code."""
        return daily(dt.date.fromisoformat(self.day))

    def deal(self, clock: Clock) -> PlaySession:
        return shared_session(self.board_code, self.dealt, clock)

    @property
    def daily(self) -> str:
        return self.day

    @property
    def shared_code(self) -> BoardCode:
        return self.board_code

    def with_game(self, game: Game) -> Daily:
        return self.replace(dealt=game)

    def category(self, board: Board, rules: GameRules) -> Category:
        return Category.shared_board(DAILY_KIND)

    def title(self) -> str:
        return gettext("daily board of {day}").format(day=day_of(self.day))
