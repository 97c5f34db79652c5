"""A ranking category: the one table of records a game counts in.

A category is a board size (a preset, or custom), the rule mode's family (a random
board, a no-guess one, or one of the rule modes that move the mines: the community
ranks those apart, as minesweeper.online does and Metasweeper's EVF marks them) and
the mode (the daily boards and the board codes are ranked among themselves, any
size). Its key is the history's ``difficulty`` column: a random board's key is its
size's name, as every history before categories wrote it, so those games keep their
category; every other family's is "<size>/<family>" ("expert/strong-no-guess").
"""

from __future__ import annotations

from functools import cache

from game.core.board import FirstClick
from game.core.record import Record
from game.language import N_, gettext
from game.rules import Board, Difficulty, GameRules, RuleMode

NO_GUESS = "no-guess"
"""The suffix of a no-guess board's category key ("expert/no-guess")."""
FAMILIES: dict[str, str] = {"": ""} | {
    mode.value: ", " + mode.short
    for mode in RuleMode
    if mode not in (RuleMode.STANDARD, RuleMode.WIN7)
}
"""Each family's key suffix and how a label names it: random boards (standard and
Win7, one family as before), then a family of each other rule mode."""
CODE_KIND, DAILY_KIND = "code", "daily"
"""The keys of the games from board codes and of the daily boards."""
RACE_KIND = "race"
"""The key of the live races' games (game.modes.live_race): among themselves."""
LADDER_KIND, TRIAL_KIND = "ladder", "trial"
"""The keys of the ladder's levels and of the time trials' games (game.modes.ladder,
game.modes.trial): ranked among themselves, never in the presets' tables."""
_SHARED = {
    CODE_KIND: N_("Board codes"),
    DAILY_KIND: N_("Daily boards"),
    LADDER_KIND: N_("The ladder"),
    TRIAL_KIND: N_("Time trials"),
    RACE_KIND: N_("Races"),
}
_SIZE_WORDS = (N_("Beginner"), N_("Intermediate"), N_("Expert"), N_("Custom"), N_("Beginner 8x8"))
"""The sizes' names (Difficulty.label), for the catalogs: a label translates them."""


def family_words(kin: str) -> str:
    """A family's suffix in the player's language (", no guessing"; "" for a random
    board's family)."""
    if not kin:
        return ""
    return gettext(", {family}").format(family=gettext(RuleMode(kin).short))


def no_guess(rules: GameRules | FirstClick | str) -> bool:
    """The rules deal boards logic alone clears (ranked apart from random ones)."""
    rule = rules.first_click if isinstance(rules, GameRules) else FirstClick.parse(rules)
    return rule is FirstClick.NOGUESS


def family(rules: GameRules) -> str:
    """The family a game under these rules is ranked in ("": a random board)."""
    mode = rules.mode
    return "" if mode in (RuleMode.STANDARD, RuleMode.WIN7) else mode.value


class Category(Record):
    """The records a game is kept among."""

    __slots__ = ("family", "shared", "size")

    size: Difficulty | None
    """The board's size (None for the shared boards: codes and dailies, any size)."""
    family: str
    """A key of FAMILIES: "" for a random board, else its rule mode's name."""
    shared: str | None
    """CODE_KIND, DAILY_KIND, LADDER_KIND, TRIAL_KIND or RACE_KIND for the shared boards."""

    def __init__(
        self, size: Difficulty | None, family: str = "", shared: str | None = None
    ) -> None:
        self.size = size
        self.family = family
        self.shared = shared

    @property
    def family_short(self) -> str:
        """The family's initials, for a narrow heading ("SNG": strong no-guess)."""
        return "".join(word[0].upper() for word in self.family.split("-"))

    @property
    def no_guess(self) -> bool:
        """The classic no-guess family (a board logic clears, guesses not punished)."""
        return self.family == NO_GUESS

    @classmethod
    def of(cls, board: Board, rules: GameRules) -> Category:
        """An ordinary game's category: its size and its rule mode's family."""
        return cls(board.difficulty, family(rules))

    @classmethod
    def shared_board(cls, kind: str) -> Category:
        """The category of the board codes' or the daily boards' games."""
        assert kind in _SHARED
        return cls(None, "", kind)

    @classmethod
    def from_key(cls, key: str) -> Category | None:
        """The category of a key (None: no category has it)."""
        if key in _SHARED:
            return cls.shared_board(key)
        size, slash, kin = key.partition("/")
        if kin not in FAMILIES or (slash and not kin):
            return None
        try:
            return cls(Difficulty(size), kin)
        except ValueError:
            return None

    @property
    def key(self) -> str:
        """Its name in the history (``games.difficulty``)."""
        if self.shared is not None:
            return self.shared
        assert self.size is not None
        return self.size.value + (f"/{self.family}" if self.family else "")

    @property
    def label(self) -> str:
        """Its name as a player reads it, in the player's language: "Expert", "Expert,
        no guessing" ("高级，无猜")."""
        if self.shared is not None:
            return gettext(_SHARED[self.shared])
        assert self.size is not None
        return gettext(self.size.label) + family_words(self.family)

    @property
    def has_best_times(self) -> bool:
        """A table of best times is kept (the presets', random or no-guess)."""
        return self.size is not None and self.size.is_preset


@cache
def all_categories() -> tuple[Category, ...]:
    """Every category, in the order the History steps through them (worked out once:
    the history, its screen and the dialogs all start from it)."""
    ranked = [Category(size, kin) for kin in FAMILIES for size in Difficulty]
    shared = (DAILY_KIND, CODE_KIND, LADDER_KIND, TRIAL_KIND, RACE_KIND)
    return (*ranked, *(Category.shared_board(kind) for kind in shared))


@cache
def all_keys() -> tuple[str, ...]:
    """Every category key, in the order the History steps through them."""
    return tuple(category.key for category in all_categories())
