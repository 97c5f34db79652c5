"""Tournaments: a small file a player opens, naming a tournament, its identifier, the
rules its games are played by and how they are scored (as the Golden Sheep Cup
counts: a player's best N games of each level above a minimum 3BV, a default time
for each game not played). The games played under it carry its identifier, in our
replays (``tournament:``) and in the history; standings.py scores them.

The file (UTF-8 text, at most MAX_BYTES, one ``key: value`` a line)::

    minesweeper-tournament 1
    name: Golden Sheep Cup 2026
    id: golden-sheep-2026
    first-click: safe
    count: beginner best 20 min-3bv 10 default 60
    count: intermediate best 12 min-3bv 40 default 200
    count: expert best 5 min-3bv 100 default 500

``first-click`` (optional: the player's own rule otherwise) is safe, opening or
noguess; each ``count`` line names a level (beginner, beginner-8x8, intermediate,
expert), how many of its best games count, the least 3BV a game needs to count,
and the default time in seconds of a game not played. Anything else, a key twice,
a level twice, or a value out of range is refused with one line (TournamentError).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from game.core.board import FirstClick
from game.language import DIGITS_ONLY, gettext, other_digits
from game.modes.mode import Mode
from game.replay.format import IDENT
from game.rules import PRESETS, Board, Difficulty, GameRules
from game.session.play import PlaySession
from game.session.stopwatch import Clock

MAGIC = "minesweeper-tournament"
VERSION = 1
SUFFIX = ".mstournament"
MAX_BYTES = 4096
"""The largest tournament file read (a real one is a few hundred bytes)."""
MAX_LINES = 16
MAX_NAME = 64
MAX_BEST = 1000
MAX_MIN_BBBV = 10_000
MAX_DEFAULT_S = 100_000
LEVELS = {
    "beginner": Difficulty.BEGINNER,
    "beginner-8x8": Difficulty.RANKED_BEGINNER,
    "intermediate": Difficulty.INTERMEDIATE,
    "expert": Difficulty.EXPERT,
}
"""The levels a tournament counts, by their names in the file."""

_COUNT = (
    r"(?P<level>[a-z0-9-]{1,20}) best (?P<best>[0-9]{1,4}) min-3bv (?P<min>[0-9]{1,5})"
    r" default (?P<default>[0-9]{1,6}(\.[0-9]{1,3})?)"
)
"""A count line's value (compiled by re at its first use, not at import)."""
_KEYS = ("name", "id", "first-click", "count")


class TournamentError(ValueError):
    """A file that is no tournament: the message is one line for the player."""


@dataclass(frozen=True)
class Count:
    """How one level is scored: the ``best`` fastest wins with at least ``min_bbbv``
    3BV count, each missing one as ``default_ms``."""

    level: Difficulty
    best: int
    min_bbbv: int
    default_ms: int

    @property
    def board(self) -> Board:
        """The level's board."""
        return PRESETS[self.level]


@dataclass(frozen=True)
class Tournament:
    """A tournament as its file says it."""

    name: str
    ident: str
    """Its identifier: carried by every game played under it."""
    counts: tuple[Count, ...]
    first_click: FirstClick | None = None
    """The rule its games are played by (None: the player's own)."""

    def count_for(self, board: Board) -> Count | None:
        """How games of this board are scored (None: they are not)."""
        for count in self.counts:
            if count.board == board:
                return count
        return None

    def to_text(self) -> str:
        """The tournament's file."""
        lines = [f"{MAGIC} {VERSION}", f"name: {self.name}", f"id: {self.ident}"]
        if self.first_click is not None:
            lines.append(f"first-click: {self.first_click.value}")
        names = {level: name for name, level in LEVELS.items()}
        for c in self.counts:
            default = f"{c.default_ms / 1000:.3f}".rstrip("0").rstrip(".")
            lines.append(
                f"count: {names[c.level]} best {c.best} min-3bv {c.min_bbbv} default {default}"
            )
        return "\n".join(lines) + "\n"


def parse(data: bytes | str) -> Tournament:
    """A Tournament from a file's contents; TournamentError (one line) otherwise."""
    if len(data) > MAX_BYTES:
        raise TournamentError(
            gettext("not a tournament: larger than {n} bytes").format(n=MAX_BYTES)
        )
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise TournamentError(gettext("not a tournament: the file is not UTF-8 text")) from None
    lines = data.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != f"{MAGIC} {VERSION}":
        raise TournamentError(
            gettext("not a tournament: the first line is not '{first}'").format(
                first=f"{MAGIC} {VERSION}"
            )
        )
    if len(lines) > MAX_LINES:
        raise TournamentError(gettext("not a tournament: more than {n} lines").format(n=MAX_LINES))
    values: dict[str, str] = {}
    counts: list[Count] = []
    for number, line in enumerate(lines[1:], start=2):
        key, sep, value = line.partition(": ")
        if not sep or key not in _KEYS:
            raise TournamentError(
                gettext("line {n}: a line is 'name:', 'id:', 'first-click:' or 'count:'").format(
                    n=number
                )
            )
        if key == "count":
            counts.append(_count(value, number, counts))
        elif key in values:
            said = gettext("line {n}: {key} given twice")
            raise TournamentError(said.format(n=number, key=repr(key)))
        else:
            values[key] = value
    name = values.get("name")
    if name is None or not name.strip() or len(name) > MAX_NAME or not name.isprintable():
        raise TournamentError(
            gettext("the tournament's name is 1 to {n} printable characters").format(n=MAX_NAME)
        )
    ident = values.get("id")
    if ident is None or not re.fullmatch(IDENT, ident):
        raise TournamentError(
            gettext("the tournament's id is 1 to 40 small letters, digits and dashes")
        )
    if not counts:
        raise TournamentError(gettext("the tournament counts no level: give a 'count:' line"))
    rule = values.get("first-click")
    first_click = None
    if rule is not None:
        try:
            first_click = FirstClick.parse(rule)
        except ValueError:
            raise TournamentError(gettext("first-click is safe, opening or noguess")) from None
    return Tournament(name.strip(), ident, tuple(counts), first_click)


def _count(value: str, number: int, before: list[Count]) -> Count:
    if other_digits(value):
        said = gettext("line {n}").format(n=number)
        raise TournamentError(f"{said}: {gettext(DIGITS_ONLY)}")
    found = re.fullmatch(_COUNT, value)
    if found is None:
        raise TournamentError(
            gettext("line {n}: a count is 'LEVEL best N min-3bv N default SECONDS'").format(
                n=number
            )
        )
    level = LEVELS.get(found["level"])
    if level is None:
        raise TournamentError(
            gettext("line {n}: the levels are {levels}").format(n=number, levels=", ".join(LEVELS))
        )
    if any(c.level is level for c in before):
        said = gettext("line {n}: {level} is counted twice")
        raise TournamentError(said.format(n=number, level=found["level"]))
    best, least = int(found["best"]), int(found["min"])
    default_ms = round(float(found["default"]) * 1000)
    if not 1 <= best <= MAX_BEST:
        said = gettext("line {n}: best is 1 to {most}; got {got}")
        raise TournamentError(said.format(n=number, most=MAX_BEST, got=best))
    if least > MAX_MIN_BBBV:
        said = gettext("line {n}: min-3bv is 0 to {most}; got {got}")
        raise TournamentError(said.format(n=number, most=MAX_MIN_BBBV, got=least))
    if not 1 <= default_ms <= MAX_DEFAULT_S * 1000:
        raise TournamentError(
            gettext("line {n}: the default time is 0.001 to {most} seconds").format(
                n=number, most=MAX_DEFAULT_S
            )
        )
    return Count(level, best, least, default_ms)


def load(path: str | Path) -> Tournament:
    """Read a tournament file; TournamentError (never OSError) with one line naming it."""
    name = Path(path).name
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise TournamentError(gettext("{name}: not a file").format(name=name))
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        said = gettext("{name}: cannot be read ({why})")
        raise TournamentError(said.format(name=name, why=error.strerror or error)) from None
    try:
        return parse(data)
    except TournamentError as error:
        raise TournamentError(f"{name}: {error}") from None


@dataclass(frozen=True)
class Entered(Mode):
    """A game played under a tournament: a new board of one of its levels, under its
    first-click rule (else the player's), carrying its identifier. Ranked as the
    ordinary game it is."""

    tournament: Tournament
    board: Board
    rules: GameRules
    name: ClassVar[str] = "tournament"

    @classmethod
    def of(cls, tournament: Tournament, board: Board, rules: GameRules) -> Entered:
        """A game of ``board`` (one of the tournament's levels, else its first) under
        the tournament's rule and the player's marks and chords."""
        if tournament.count_for(board) is None:
            board = tournament.counts[0].board
        if tournament.first_click is not None:
            rules = GameRules(tournament.first_click, rules.question_marks, rules.left_click_chords)
        return cls(tournament, board, rules)

    def deal(self, clock: Clock) -> PlaySession:
        return PlaySession.new(self.board, self.rules, clock)

    @property
    def entered(self) -> Tournament:
        return self.tournament

    @property
    def pace(self) -> bool:
        return True

    def title(self) -> str:
        return self.tournament.name

    def following(self, session: PlaySession) -> Mode | None:
        """New Game: another game of this level in the tournament."""
        return Entered(self.tournament, self.board, self.rules)
