"""The solver: what logic alone says about a board as the player sees it.

    from game.core.solver import analyse
    a = analyse(game.view(), game.mines)
    a.safe, a.mines            # cells safe / mined in every layout that fits
    a.probability[(3, 4)]      # an exact Fraction
    a.deductions[0].reason     # "the 1 at row 3, column 5 already touches ..."

Only the opened numbers and the total mine count are evidence. Flags and question
marks are the player's opinions: the solver reads them as hidden cells.

The work has two halves, each in its own module:

- knowledge.py's ``Knowledge`` propagates what a player can find, in the order a
  player finds it (single numbers, pairs, the total mine count), incrementally, so
  the no-guess generator runs it while it opens cells;
- layouts.py counts the layouts that fit what is left, exactly, for the chance of
  a mine in every hidden cell and the facts only enumeration proves.

reasons.py says each fact in words; this module reads the view and puts the two
halves together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import reasons
from game.core.board import Geometry
from game.core.delta import Cell
from game.core.errors import ViewError
from game.core.knowledge import MINE, SAFE, Deduction, Knowledge
from game.core.layouts import probabilities
from game.core.on_first_use import OnFirstUse
from game.core.reasons import cell_name
from game.core.record import Record

if TYPE_CHECKING:
    import fractions
    from fractions import Fraction
else:  # (loaded with the first exact probability: game.core.layouts)
    fractions = OnFirstUse("fractions")

__all__ = [
    "Analysis",
    "Deduction",
    "Knowledge",
    "ViewError",
    "analyse",
    "cell_name",
    "parse_view",
]

DEFAULT_BUDGET = 200_000
"""Work analyse may spend counting layouts before it approximates: backtracking
nodes, and for the dynamic programme the integer operations on its polynomials."""

BACKTRACK_NODES = 20_000
"""Nodes one group may spend in plain backtracking before the dynamic programme
takes over (backtracking is faster on small groups, the programme on long ones)."""

_HIDDEN_CHARS = frozenset("#F?*!X")


class Analysis(Record):
    """What the numbers and the mine count say about every hidden cell (its
    ``probability`` out of equality)."""

    __slots__ = ("deductions", "exact", "mines", "probability", "safe")
    uncompared = frozenset({"probability"})

    def __init__(
        self,
        safe: frozenset[Cell],
        mines: frozenset[Cell],
        probability: dict[Cell, Fraction],
        deductions: tuple[Deduction, ...],
        exact: bool,
    ) -> None:
        self.safe = safe
        self.mines = mines
        self.probability = probability
        self.deductions = deductions
        self.exact = exact


def parse_view(view: str) -> tuple[Geometry, list[tuple[int, int]]]:
    """Read a view: its geometry and (flat index, number) of every opened cell."""
    if not isinstance(view, str):
        raise ViewError(f"a view is text; got {type(view).__name__}")
    lines = [line.strip() for line in view.splitlines() if line.strip()]
    if not lines:
        raise ViewError("the view is empty")
    cols = len(lines[0])
    if any(len(line) != cols for line in lines):
        raise ViewError("every row of a view must be as long as the first")
    geo = Geometry(len(lines), cols)
    numbers = []
    for row, line in enumerate(lines):
        base = (row + 1) * geo.width + 1
        for col, ch in enumerate(line):
            if ch == ".":
                numbers.append((base + col, 0))
            elif "1" <= ch <= "8":
                numbers.append((base + col, ord(ch) - 48))
            elif ch not in _HIDDEN_CHARS:
                raise ViewError(f"row {row}, column {col} of the view has an unknown {ch!r}")
    return geo, numbers


def analyse(
    view: str, mines: int, *, budget: int = DEFAULT_BUDGET, explain: bool = True
) -> Analysis:
    """Everything logic says about a view (``Game.view()`` text) with ``mines`` in all.

    Flags and question marks (and the marks of a finished game) count as hidden
    cells. Raises ViewError for text that is not a view, or that no layout fits.
    Without ``explain`` the deductions are left out (the safe cells, mines and
    probabilities are the same), which is several times quicker.
    """
    geo, numbers = parse_view(view)
    if type(mines) is not int or not 0 <= mines <= geo.cells:
        raise ViewError(f"a {geo.rows}x{geo.cols} board cannot hold {mines!r} mines")
    kn = Knowledge(geo, mines, explain=explain)
    for i, value in numbers:
        kn.set_open(i, value)
    kn.run()
    deductions = kn.deductions or []
    prob_flat, exact, group_of, _off, certain = probabilities(kn, budget, BACKTRACK_NODES)
    cell = geo.cell
    probability: dict[Cell, Fraction] = {}
    safe: set[Cell] = set()
    mined: set[Cell] = set()
    zero, one = fractions.Fraction(0), fractions.Fraction(1)
    for i in range(geo.size):
        s = kn.state[i]
        if s == SAFE:
            probability[cell(i)] = zero
            safe.add(cell(i))
        elif s == MINE:
            probability[cell(i)] = one
            mined.add(cell(i))
    left = mines - kn.known_mines
    enumerated: list[Deduction] = []
    for i in sorted(prob_flat):
        p = prob_flat[i]
        c = cell(i)
        probability[c] = p
        if exact:
            if p not in (0, 1):
                continue
            is_mine = p == 1
        elif i in certain:
            is_mine = certain[i]
        else:
            continue
        (mined if is_mine else safe).add(c)
        if not explain:
            continue
        group = group_of.get(i)
        if group is None:
            premises: tuple[Cell, ...] = ()
            reason = reasons.off_frontier_reason(is_mine, left, cell_name(c))
        else:
            premises = tuple(sorted(cell(n) for n in group.numbers))
            names = [reasons.the_number(kn.number[n], cell(n)) for n in sorted(group.numbers)]
            reason = reasons.enumeration_reason(
                names, left if exact else None, cell_name(c), is_mine
            )
        enumerated.append(
            Deduction(
                c,
                is_mine,
                reason,
                premises,
                "enumeration",
            )
        )
    return Analysis(
        safe=frozenset(safe),
        mines=frozenset(mined),
        probability=probability,
        deductions=(*deductions, *enumerated),
        exact=exact,
    )
