"""How hard a board is for logic: the solver plays it from its first click and
counts the steps of each kind it needed.

A *step* is one use of a rule: one number alone (a "single": all its mines found, or
as many hidden cells as mines missing), two numbers together (a "pair": the subset
and overlap deductions), or the total mine count. The solver tries them in that
order (knowledge.py), so a pair step is taken only when no single number said
anything, and a count step only when no pair did: each step of a harder kind was
needed. The rating is the hardest kind needed and how many steps of each kind.

    from game.core.rating import rate
    r = rate(minefield, (8, 15))
    r.hardest, r.pairs, r.score

Pure: no clock, no files. The steps are counted as the solver records its facts,
without putting them in words, so rating a board costs about one plain solve.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.board import Geometry, count_neighbours
from game.core.delta import Cell
from game.core.knowledge import Knowledge
from game.core.minefield import Minefield

__all__ = ["RULES", "Rating", "rate", "rate_positions"]

RULES = ("single", "pair", "count")
"""The solver's rules, easiest first."""

WEIGHTS = {"single": 1, "pair": 10, "count": 25}
"""What one step of each kind adds to the score: a pair is worth ten single
numbers, a mine-count step (the end-game count) twenty-five."""


@dataclass(frozen=True)
class Rating:
    """How hard a board is for logic from its first click."""

    singles: int
    """Steps that used one number alone."""
    pairs: int
    """Steps that needed two numbers together (subset or overlap)."""
    counts: int
    """Steps that needed the total mine count."""
    cleared: bool
    """Logic alone cleared the board (a no-guess board's is always True)."""
    cells: int

    @property
    def hardest(self) -> str:
        """The hardest rule the board needs: "single", "pair" or "count"."""
        if self.counts:
            return "count"
        return "pair" if self.pairs else "single"

    @property
    def score(self) -> int:
        """One figure, growing with the steps and their kinds (WEIGHTS)."""
        return (
            self.singles * WEIGHTS["single"]
            + self.pairs * WEIGHTS["pair"]
            + self.counts * WEIGHTS["count"]
        )

    def describe(self) -> str:
        """In words: "pairs needed: 12 single numbers, 3 pairs, score 42"."""
        parts = [_count(self.singles, "single number"), _count(self.pairs, "pair")]
        if self.counts:
            parts.append(_count(self.counts, "mine count"))
        hardest = {"single": "single numbers", "pair": "pairs", "count": "the mine count"}
        return f"{hardest[self.hardest]} needed: {', '.join(parts)}; score {self.score}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun if number == 1 else noun + 's'}"


class _Counting(Knowledge):
    """The solver, counting its steps instead of wording them."""

    __slots__ = ("_last", "steps")

    def __init__(self, geo: Geometry, mines: int, oracle: bytearray) -> None:
        super().__init__(geo, mines, oracle=oracle, explain=True)
        self.steps = dict.fromkeys(RULES, 0)
        self._last: object = None

    def _record(self, i: int, is_mine: bool, why: tuple[object, ...]) -> None:
        # One step learns every cell it settles with the same reason object.
        if why is not self._last:
            self._last = why
            self.steps[str(why[0])] += 1


def rate_positions(geo: Geometry, positions: list[int], first: int) -> Rating:
    """The rating of the mines at ``positions`` (flat indices) played from ``first``."""
    solver = _Counting(geo, len(positions), count_neighbours(geo, positions))
    solver.reveal(first)
    solver.run()
    steps = solver.steps
    return Rating(steps["single"], steps["pair"], steps["count"], solver.unknown == 0, geo.cells)


def rate(minefield: Minefield, first_cell: Cell) -> Rating:
    """The rating of a board played from ``first_cell`` (which must hold no mine)."""
    geo = Geometry(minefield.rows, minefield.cols)
    positions = [geo.index(r, c) for r, c in minefield]
    first = geo.index(*first_cell)
    if first in positions:
        raise ValueError(f"the first cell {first_cell} holds a mine")
    return rate_positions(geo, positions, first)
