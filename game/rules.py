"""The game's vocabulary, each word defined once: board sizes, the presets, the custom
limits, the zoom range, and the rules a game is played by.

Pure data (no pygame): the engine, the session, the window, the command line and
the files all take their limits from here. docs/RULES.md states the same rules in
words.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import TYPE_CHECKING, Final, NamedTuple

from game.core.board import Fate, FirstClick, Recursion
from game.language import N_, gettext

if TYPE_CHECKING:
    from game.core.game import Game

__all__ = [
    "EVF_MODES",
    "MAX_COLS",
    "MAX_ROWS",
    "MAX_ZOOM",
    "MIN_COLS",
    "MIN_MINES",
    "MIN_ROWS",
    "MIN_ZOOM",
    "PRESETS",
    "UI_SCALES",
    "ZOOMS",
    "Board",
    "BoardChoiceError",
    "Difficulty",
    "Fate",
    "FirstClick",
    "GameRules",
    "Recursion",
    "RuleMode",
    "custom",
    "max_mines",
    "mode_of_evf",
    "parse_custom",
    "playable",
]

MIN_ROWS, MAX_ROWS = 9, 1000
MIN_COLS, MAX_COLS = 9, 1000
MIN_MINES = 10
"""The custom board's limits (the mines' upper limit depends on the size: max_mines)."""

MIN_ZOOM, MAX_ZOOM = 1, 4
ZOOMS = tuple(range(MIN_ZOOM, MAX_ZOOM + 1))
UI_SCALES = (1, 2, 3)
"""The scales of the words and widgets a player can choose (game.view.scale), apart
from the board's zoom."""
"""Whole-pixel scales of the 16-pixel art."""


class BoardChoiceError(ValueError):
    """A board size the window does not offer, with a message for the player."""


class Difficulty(Enum):
    """The kinds of board records are kept under; the value is the name in files."""

    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    CUSTOM = "custom"
    RANKED_BEGINNER = "beginner 8x8"
    """Beginner at the size the community ranks (Windows 3.x and Arbiter: 8x8, 10
    mines); Windows XP and later, and this game's Beginner, use 9x9."""

    @property
    def is_preset(self) -> bool:
        """One of the fixed sizes (the ones with best times)."""
        return self is not Difficulty.CUSTOM

    @property
    def label(self) -> str:
        """The name a player reads: "Beginner", "Beginner 8x8"."""
        return self.value[0].upper() + self.value[1:]


class Board(NamedTuple):
    """A board size: rows, columns and mines. Its difficulty follows from the size,
    so a board can never be labelled as something it is not."""

    rows: int
    cols: int
    mines: int

    @property
    def difficulty(self) -> Difficulty:
        """The preset of exactly this size, or CUSTOM."""
        for difficulty, preset in PRESETS.items():
            if preset == self:
                return difficulty
        return Difficulty.CUSTOM


PRESETS: dict[Difficulty, Board] = {
    Difficulty.BEGINNER: Board(9, 9, 10),
    Difficulty.INTERMEDIATE: Board(16, 16, 40),
    Difficulty.EXPERT: Board(16, 30, 99),
    Difficulty.RANKED_BEGINNER: Board(8, 8, 10),
}
"""The presets, in menu order (the difficulties with best times)."""


def max_mines(rows: int, cols: int) -> int:
    """The most mines a custom board of this size may hold."""
    return (rows - 1) * (cols - 1)


def custom(rows: int, cols: int, mines: int) -> Board:
    """A board within the custom limits; raises BoardChoiceError with the reason.

    Whole numbers only: ``True`` is not a row count.
    """
    _whole_numbers(rows, cols, mines)
    if not MIN_ROWS <= rows <= MAX_ROWS:
        raise BoardChoiceError(
            gettext("Rows must be {least} to {most}; got {got}.").format(
                least=MIN_ROWS, most=MAX_ROWS, got=rows
            )
        )
    if not MIN_COLS <= cols <= MAX_COLS:
        raise BoardChoiceError(
            gettext("Columns must be {least} to {most}; got {got}.").format(
                least=MIN_COLS, most=MAX_COLS, got=cols
            )
        )
    most = max_mines(rows, cols)
    if not MIN_MINES <= mines <= most:
        raise BoardChoiceError(
            gettext("A {rows}x{cols} board takes {least} to {most} mines; got {got}.").format(
                rows=rows, cols=cols, least=MIN_MINES, most=most, got=mines
            )
        )
    return Board(rows, cols, mines)


def playable(rows: int, cols: int, mines: int) -> Board:
    """A board this game can play: one of the presets (the ranked Beginner, 8x8, is
    smaller than a custom board may be) or a board within the custom limits; raises
    BoardChoiceError with the reason otherwise.

    The one check of every reader and writer of a board: board codes, the saved
    game, replays, the settings and the command line.
    """
    _whole_numbers(rows, cols, mines)
    board = Board(rows, cols, mines)
    if board in PRESETS.values():
        return board
    return custom(rows, cols, mines)


def _whole_numbers(rows: int, cols: int, mines: int) -> None:
    for what, value in (("Rows", rows), ("Columns", cols), ("Mines", mines)):
        if type(value) is not int:
            raise BoardChoiceError(f"{what} must be a whole number; got {value!r}.")


_CUSTOM_TEXT = r"^\s*([0-9]{1,6})\s*[xX]\s*([0-9]{1,6})\s*:\s*([0-9]{1,9})\s*$"
"""A custom board as text (compiled by re at its first use, not at import: the module
loads before the first frame)."""


def parse_custom(text: str) -> Board:
    """A board written as ROWSxCOLS:MINES, e.g. '20x24:99' (or a preset's size,
    '8x8:10'): any board this game can play."""
    match = re.match(_CUSTOM_TEXT, text)
    if not match:
        raise BoardChoiceError(
            f"write a custom board as ROWSxCOLS:MINES, e.g. 20x24:99; got {text!r}"
        )
    rows, cols, mines = (int(group) for group in match.groups())
    return playable(rows, cols, mines)


class RuleMode(Enum):
    """The community's rule modes (Metasweeper's, docs/RULES.md): how the mines are laid
    (a first-click rule), what a click may do to them (a Fate) and which acts chord
    on by themselves (a Recursion: the recursive chords). The value is the name in
    files, settings and on the command line (``--mode``)."""

    STANDARD = "standard"
    WIN7 = "win7"
    NO_GUESS = "no-guess"
    STRONG_NO_GUESS = "strong-no-guess"
    WEAK_NO_GUESS = "weak-no-guess"
    QUASI_NO_GUESS = "quasi-no-guess"
    STRONG_GUESSABLE = "strong-guessable"
    WEAK_GUESSABLE = "weak-guessable"
    CHORD_RECURSION = "chord-recursion"
    FLAG_RECURSION = "flag-recursion"
    CHORD_FLAG_RECURSION = "chord-flag-recursion"

    @property
    def first_click(self) -> FirstClick:
        """How its mines are laid."""
        return _RULE_MODES[self][0]

    @property
    def fate(self) -> Fate:
        """What a click may do to its mines."""
        return _RULE_MODES[self][1]

    @property
    def recursion(self) -> Recursion:
        """Which acts chord on by themselves (the recursive chords)."""
        return _RECURSIONS.get(self, Recursion.NONE)

    @property
    def label(self) -> str:
        """Its name as a player reads it, with what it means."""
        return _RULE_MODES[self][2]

    @property
    def short(self) -> str:
        """Its name alone: "strong no-guess" (a msgid: gettext it for a player)."""
        return _SHORT_NAMES[self]

    @classmethod
    def of(
        cls, first_click: FirstClick, fate: Fate = Fate.NONE, recursion: Recursion = Recursion.NONE
    ) -> RuleMode:
        """The mode of a laying, a fate and a recursion (a recursion names its mode
        alone; a pair of laying and fate no mode has is named by its fate)."""
        if recursion is not Recursion.NONE:
            return next(mode for mode, its in _RECURSIONS.items() if its is recursion)
        for mode, (rule, its_fate, _) in _RULE_MODES.items():
            if (rule, its_fate) == (first_click, fate) and mode not in _RECURSIONS:
                return mode
        if fate is Fate.GUESSABLE:
            return cls.WEAK_GUESSABLE
        return next(mode for mode, (_, its_fate, _) in _RULE_MODES.items() if its_fate is fate)

    @classmethod
    def parse(cls, name: str) -> RuleMode:
        """The mode of a name; raises ValueError naming every mode."""
        try:
            return cls(name)
        except ValueError:
            names = ", ".join(mode.value for mode in cls)
            raise ValueError(f"unknown mode {name!r}: use one of {names}") from None


_RULE_MODES: dict[RuleMode, tuple[FirstClick, Fate, str]] = {
    RuleMode.STANDARD: (FirstClick.SAFE, Fate.NONE, N_("Standard (first click only safe)")),
    RuleMode.WIN7: (FirstClick.OPENING, Fate.NONE, N_("Win7 (first click opens an area)")),
    RuleMode.NO_GUESS: (FirstClick.NOGUESS, Fate.NONE, N_("No guessing (logic clears it)")),
    RuleMode.STRONG_NO_GUESS: (
        FirstClick.NOGUESS,
        Fate.STRONG,
        N_("Strong no-guess (logic clears it, every guess dies)"),
    ),
    RuleMode.WEAK_NO_GUESS: (
        FirstClick.SAFE,
        Fate.WEAK,
        N_("Weak no-guess (a forced guess is spared, a needless one dies)"),
    ),
    RuleMode.QUASI_NO_GUESS: (
        FirstClick.SAFE,
        Fate.QUASI,
        N_("Quasi no-guess (a forced guess is spared)"),
    ),
    RuleMode.STRONG_GUESSABLE: (
        FirstClick.NOGUESS,
        Fate.GUESSABLE,
        N_("Strong guessable (logic clears it, every guess is spared)"),
    ),
    RuleMode.WEAK_GUESSABLE: (
        FirstClick.SAFE,
        Fate.GUESSABLE,
        N_("Weak guessable (every guess is spared)"),
    ),
    RuleMode.CHORD_RECURSION: (
        FirstClick.SAFE,
        Fate.NONE,
        N_("Chord recursion (a chord chords on through the numbers it opens)"),
    ),
    RuleMode.FLAG_RECURSION: (
        FirstClick.SAFE,
        Fate.NONE,
        N_("Flag recursion (a flag chords the numbers it completes, and on)"),
    ),
    RuleMode.CHORD_FLAG_RECURSION: (
        FirstClick.SAFE,
        Fate.NONE,
        N_("Chord and flag recursion (both)"),
    ),
}
"""Each mode's laying, fate and name (Metasweeper's game_engine.py: layMine and ai; the
recursive chords, EVF's 11 to 13, are laid and fated as the standard mode)."""
_SHORT_NAMES: dict[RuleMode, str] = {
    RuleMode.STANDARD: N_("standard"),
    RuleMode.WIN7: N_("Win7"),
    RuleMode.NO_GUESS: N_("no guessing"),
    RuleMode.STRONG_NO_GUESS: N_("strong no-guess"),
    RuleMode.WEAK_NO_GUESS: N_("weak no-guess"),
    RuleMode.QUASI_NO_GUESS: N_("quasi no-guess"),
    RuleMode.STRONG_GUESSABLE: N_("strong guessable"),
    RuleMode.WEAK_GUESSABLE: N_("weak guessable"),
    RuleMode.CHORD_RECURSION: N_("chord recursion"),
    RuleMode.FLAG_RECURSION: N_("flag recursion"),
    RuleMode.CHORD_FLAG_RECURSION: N_("chord and flag recursion"),
}
"""Each mode's name alone (its label's words before the bracket), for the catalogs:
the window's title and a category's label say it in the player's language."""
_RECURSIONS = {
    RuleMode.CHORD_RECURSION: Recursion.CHORD,
    RuleMode.FLAG_RECURSION: Recursion.FLAG,
    RuleMode.CHORD_FLAG_RECURSION: Recursion.BOTH,
}
"""The recursive chords' modes and which acts chord on in each (docs/RULES.md: the EVF
standard names them, "双击递归", "标雷递归", "双击标雷递归", without defining them)."""


EVF_MODES = {
    RuleMode.STANDARD: 0,
    RuleMode.WIN7: 4,
    RuleMode.NO_GUESS: 5,
    RuleMode.STRONG_NO_GUESS: 6,
    RuleMode.WEAK_NO_GUESS: 7,
    RuleMode.QUASI_NO_GUESS: 8,
    RuleMode.STRONG_GUESSABLE: 9,
    RuleMode.WEAK_GUESSABLE: 10,
    RuleMode.CHORD_RECURSION: 11,
    RuleMode.FLAG_RECURSION: 12,
    RuleMode.CHORD_FLAG_RECURSION: 13,
}
"""The EVF mode number of each rule mode (ms_toollib's evf标准.md, the game-mode field:
0 standard, 4 Win7, 5 classic no-guess ("speed no-guess" in the standard), 6 strong
no-guess, 7 weak no-guess, 8 quasi no-guess, 9 strong guessable, 10 weak guessable,
11 chord recursion ("双击递归（标准递归）"), 12 flag recursion ("标雷递归"), 13 both
("双击标雷递归"))."""


def mode_of_evf(number: int) -> RuleMode | None:
    """The rule mode of an EVF mode number (None: one of the numbers no rule mode has,
    1 to 3: a known board played again, cheats, a density)."""
    return next((mode for mode, its in EVF_MODES.items() if its == number), None)


class GameRules:
    """The rules a game is played by, fixed when it starts: a changed setting applies
    from the next game, never to the game in progress (nor to its saved copy). Equal
    rules are equal and hash alike.

    (A plain class, not a dataclass: it loads before the first frame, and Python 3.11
    compiles a dataclass's methods from source at every start.)"""

    __slots__ = ("fate", "first_click", "left_click_chords", "question_marks", "recursion")

    def __init__(
        self,
        first_click: FirstClick = FirstClick.OPENING,
        question_marks: bool = True,
        left_click_chords: bool = False,
        fate: Fate = Fate.NONE,
        recursion: Recursion = Recursion.NONE,
    ) -> None:
        if not isinstance(first_click, FirstClick):
            raise ValueError("first_click must be a FirstClick")
        if not isinstance(fate, Fate):
            raise ValueError("fate must be a Fate")
        if not isinstance(recursion, Recursion):
            raise ValueError("recursion must be a Recursion")
        for name, flag in (
            ("question_marks", question_marks),
            ("left_click_chords", left_click_chords),
        ):
            if not isinstance(flag, bool):
                raise ValueError(f"{name} must be true or false")
        self.first_click: Final = first_click
        """Which cells the first reveal keeps free of mines."""
        self.question_marks: Final = question_marks
        """Right-click cycles hidden -> flag -> ? -> hidden (else hidden <-> flag)."""
        self.left_click_chords: Final = left_click_chords
        """A left click on an opened number chords."""
        self.fate: Final = fate
        """What a click may do to the mines (the rule modes that move them)."""
        self.recursion: Final = recursion
        """Which acts chord on by themselves (the recursive chords' rule modes)."""

    def _values(self) -> tuple[FirstClick, bool, bool, Fate, Recursion]:
        return (
            self.first_click,
            self.question_marks,
            self.left_click_chords,
            self.fate,
            self.recursion,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not GameRules:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return (
            f"GameRules(first_click={self.first_click!r}, question_marks={self.question_marks!r}, "
            f"left_click_chords={self.left_click_chords!r}, fate={self.fate!r}, "
            f"recursion={self.recursion!r})"
        )

    def laid(self, first_click: FirstClick) -> GameRules:
        """The same rules with another first-click rule."""
        return GameRules(
            first_click, self.question_marks, self.left_click_chords, self.fate, self.recursion
        )

    @property
    def mode(self) -> RuleMode:
        """The rule mode these rules play (their laying, fate and recursion)."""
        return RuleMode.of(self.first_click, self.fate, self.recursion)

    @classmethod
    def of_mode(
        cls, mode: RuleMode, question_marks: bool = True, left_click_chords: bool = False
    ) -> GameRules:
        """The rules of a rule mode."""
        return cls(mode.first_click, question_marks, left_click_chords, mode.fate, mode.recursion)

    @classmethod
    def of_game(cls, game: Game) -> GameRules:
        """The rules a game is played by."""
        return cls(game.first_click, game.marks, game.left_click_chords, game.fate, game.recursion)
