"""The ladder: a hundred no-guess levels, each harder than the last on the whole,
the same for every player.

Each level is a board size and mine count from a fixed schedule (growing in size,
then in density, from Beginner's 9x9 to Expert's 16x30), a seed from the level's
number alone and the board's centre as its start cell: the no-guess generator
(generate.py) places the mines from those, so every player's level 37 is the same
board. The rating (rating.py) says how hard each level is for logic: the hardest
rule it needs and how many steps of each kind. Within a stretch of the same size
the levels grow denser; from one size to the next the boards grow larger, and
both make more and harder steps (benchmarks/bench_ladder.py prints the figures).

Pure: no clock, no files. The generator and the solver are imported when a level is
first dealt or rated (the command line reads LEVELS before the first frame).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.core.board import FirstClick, Geometry
from game.core.delta import Cell
from game.core.generate import finish, positions_steps
from game.core.rating import rate_positions

if TYPE_CHECKING:
    from game.core.rating import Rating

__all__ = ["LEVELS", "Level", "choose_picks", "level", "positions", "rating"]

LEVELS = 100
"""How many levels the ladder has."""

_STRETCHES = (
    # first level, last level, rows, cols, mines at the first, mines at the last
    (1, 30, 9, 9, 10, 17),
    (31, 65, 16, 16, 34, 56),
    (66, 100, 16, 30, 72, 99),
)
"""The schedule: three stretches of one board size, the mines growing by steps."""

SEED_BASE = 0x1ADDE7
"""Level n's candidate seeds are ``SEED_BASE + 64 * n + k`` for k below CANDIDATES."""

CANDIDATES = 12
"""Seeds tried for each level when the ladder was made (choose_picks)."""

_TARGETS = ((1, 30, 20, 100), (31, 65, 110, 230), (66, 100, 240, 430))
"""The score (rating.py) each stretch's levels aim at, from its first to its last."""

PICKS = (
    "7877687b3b91425776273181a064b7522244ba33772766a909"
    "096554921969432b7747a395280b2682a48341a68780945a11"
)
"""Which candidate seed each level uses (one base-36 digit a level), as
choose_picks chose them: kept here so that dealing a level costs one no-guess
board, not CANDIDATES of them (tests/test_ladder.py checks the two agree;
tools/make_ladder.py writes them again after a change to the generator)."""


@dataclass(frozen=True)
class Level:
    """One rung of the ladder: a no-guess board, dealt from its seed around its start."""

    number: int
    """1 to LEVELS."""
    rows: int
    cols: int
    mines: int
    seed: int
    start: Cell
    """The start cell: its mines are placed around it before play (a shared board)."""


def level(number: int) -> Level:
    """Level ``number`` (1 to LEVELS); raises ValueError for any other."""
    if type(number) is not int or not 1 <= number <= LEVELS:
        raise ValueError(f"the ladder's levels are 1 to {LEVELS}; got {number!r}")
    for first, last, rows, cols, low, high in _STRETCHES:
        if first <= number <= last:
            mines = low + (high - low) * (number - first) // (last - first)
            seed = _seed(number, int(PICKS[number - 1], 36))
            return Level(number, rows, cols, mines, seed, (rows // 2, cols // 2))
    raise AssertionError("the stretches cover every level")  # pragma: no cover


def _seed(number: int, pick: int) -> int:
    return SEED_BASE + 64 * number + pick


def _target(number: int) -> float:
    for first, last, low, high in _TARGETS:
        if first <= number <= last:
            return low + (high - low) * (number - first) / (last - first)
    raise AssertionError("the targets cover every level")  # pragma: no cover


def choose_picks(upto: int = LEVELS) -> str:
    """Make the ladder (PICKS) from the solver's ratings: for each level, of its
    CANDIDATES seeds whose boards logic clears, the one whose score is nearest the
    level's target (the targets grow level by level, so the levels do on the whole)."""
    picks = []
    for number in range(1, upto + 1):
        rung = level(number)
        scored = []
        for pick in range(CANDIDATES):
            found = rating(replace(rung, seed=_seed(number, pick)))
            if found.cleared:
                scored.append((abs(found.score - _target(number)), found.score, pick))
        pick = min(scored)[2]
        picks.append(_DIGITS[pick])
    return "".join(picks)


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def positions(rung: Level) -> list[int]:
    """The level's mines (flat indices of its Geometry), as a game dealt from its seed
    around its start cell places them."""
    geo = Geometry(rung.rows, rung.cols)
    found, _proved = finish(
        positions_steps(geo, rung.mines, geo.index(*rung.start), FirstClick.NOGUESS, rung.seed)
    )
    return found


def rating(rung: Level) -> Rating:
    """How hard the level is for logic (rating.py), played from its start cell."""
    geo = Geometry(rung.rows, rung.cols)
    return rate_positions(geo, positions(rung), geo.index(*rung.start))
