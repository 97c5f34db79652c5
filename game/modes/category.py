"""A ranking category: the one table of records a game counts in.

A category is a board size (a preset, or custom), the first-click rule's family (a
random board, or a no-guess one: the community ranks those apart, as
minesweeper.online does and Metasweeper's EVF marks them) and the mode (the daily
boards and the board codes are ranked among themselves, any size). Its key is the
history's ``difficulty`` column: a random board's key is its size's name, as every
history before categories wrote it, so those games keep their category.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import FirstClick
from game.rules import Board, Difficulty, GameRules

NO_GUESS = "no-guess"
"""The suffix of a no-guess board's category key ("expert/no-guess")."""
CODE_KIND, DAILY_KIND = "code", "daily"
"""The keys of the games from board codes and of the daily boards."""
LADDER_KIND, TRIAL_KIND = "ladder", "trial"
"""The keys of the ladder's levels and of the time trials' games (game.modes.ladder,
game.modes.trial): ranked among themselves, never in the presets' tables."""
_SHARED = {
    CODE_KIND: "Board codes",
    DAILY_KIND: "Daily boards",
    LADDER_KIND: "The ladder",
    TRIAL_KIND: "Time trials",
}


def no_guess(rules: GameRules | FirstClick | str) -> bool:
    """The rules deal boards logic alone clears (ranked apart from random ones)."""
    rule = rules.first_click if isinstance(rules, GameRules) else FirstClick.parse(rules)
    return rule is FirstClick.NOGUESS


@dataclass(frozen=True)
class Category:
    """The records a game is kept among."""

    size: Difficulty | None
    """The board's size (None for the shared boards: codes and dailies, any size)."""
    no_guess: bool = False
    shared: str | None = None
    """CODE_KIND, DAILY_KIND, LADDER_KIND or TRIAL_KIND for the shared boards."""

    @classmethod
    def of(cls, board: Board, rules: GameRules | FirstClick | str) -> Category:
        """An ordinary game's category: its size and its first click's family."""
        return cls(board.difficulty, no_guess(rules))

    @classmethod
    def shared_board(cls, kind: str) -> Category:
        """The category of the board codes' or the daily boards' games."""
        assert kind in _SHARED
        return cls(None, False, kind)

    @classmethod
    def from_key(cls, key: str) -> Category | None:
        """The category of a key (None: no category has it)."""
        if key in _SHARED:
            return cls.shared_board(key)
        size, _, family = key.partition("/")
        if family not in ("", NO_GUESS):
            return None
        try:
            return cls(Difficulty(size), family == NO_GUESS)
        except ValueError:
            return None

    @property
    def key(self) -> str:
        """Its name in the history (``games.difficulty``)."""
        if self.shared is not None:
            return self.shared
        assert self.size is not None
        return self.size.value + (f"/{NO_GUESS}" if self.no_guess else "")

    @property
    def label(self) -> str:
        """Its name as a player reads it: "Expert", "Expert, no guessing"."""
        if self.shared is not None:
            return _SHARED[self.shared]
        assert self.size is not None
        return self.size.label + (", no guessing" if self.no_guess else "")

    @property
    def has_best_times(self) -> bool:
        """A table of best times is kept (the presets', random or no-guess)."""
        return self.size is not None and self.size.is_preset


def all_keys() -> tuple[str, ...]:
    """Every category key, in the order the History steps through them."""
    random = [Category(size).key for size in Difficulty]
    guessless = [Category(size, True).key for size in Difficulty]
    return (*random, *guessless, DAILY_KIND, CODE_KIND, LADDER_KIND, TRIAL_KIND)
