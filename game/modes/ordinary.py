"""The ordinary game: a preset or custom board under the player's rules, among them
its rule mode (standard, Win7, the no-guess and guessable modes, the recursive chords:
game.rules.RuleMode).

The rule modes are rules an ordinary game carries, not modes of their own: a rule mode
is fixed when the game starts and travels with it (the saved game, the replay, the
history's row) exactly as the first-click rule always has, and deals, ranks and plays
the same way in every other respect; eleven Mode classes would deal the same game
eleven times over."""

from __future__ import annotations

from typing import ClassVar

from game.core.game import Game
from game.core.record import Record
from game.language import gettext
from game.modes.mode import Mode
from game.rules import Board, GameRules, RuleMode
from game.session.play import PlaySession
from game.session.stopwatch import Clock


class Ordinary(Mode, Record):
    """A new board of this size under these rules (``seed``: dealt from it, else drawn;
    ``game``: a game already dealt, played as this mode's game (tests and tools), out
    of equality)."""

    __slots__ = ("board", "game", "rules", "seed")
    uncompared = frozenset({"game"})
    name: ClassVar[str] = "standard"

    def __init__(
        self, board: Board, rules: GameRules, seed: int | None = None, game: Game | None = None
    ) -> None:
        self.board = board
        self.rules = rules
        self.seed = seed
        self.game = game

    @classmethod
    def given(cls, game: Game) -> Ordinary:
        """An ordinary game of a game already dealt, of its size and rules (tests and
        tools put a known layout on the table this way)."""
        board = Board(game.rows, game.cols, game.mines)
        rules = GameRules.of_game(game)
        return cls(board, rules, game.seed, game)

    def deal(self, clock: Clock) -> PlaySession:
        if self.game is not None:
            return PlaySession(self.game, clock)
        return PlaySession.new(self.board, self.rules, clock, seed=self.seed)

    def title(self) -> str:
        """The rule mode, when it is not the default (Win7: the first click opens)."""
        mode = self.rules.mode
        return "" if mode is RuleMode.WIN7 else gettext(mode.short)

    @property
    def pace(self) -> bool:
        """On a preset, the pace against the personal best."""
        return self.board.difficulty.is_preset
