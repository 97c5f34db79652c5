"""What the H key offers: the next cell logic finds, or the safest cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.delta import Cell
from game.core.knowledge import Deduction
from game.core.look import Look
from game.core.on_first_use import OnFirstUse
from game.core.reasons import Reason, cell_name, said
from game.core.solver import analyse

if TYPE_CHECKING:
    import fractions
    from fractions import Fraction

    from game.core.game import Game
else:  # (loaded with the first exact probability: game.core.layouts)
    fractions = OnFirstUse("fractions")

__all__ = ["Hint", "hint"]


class Hint(Deduction):
    """What Game.hint() offers: a certain cell with its reason (a Deduction, its
    rule kept), or the safest cell (rule 'first click' or 'chance'); ``probability``:
    the chance that ``cell`` is a mine, 0 or 1 for a certain one."""

    __slots__ = ("probability",)

    def __init__(
        self,
        cell: Cell,
        is_mine: bool,
        reason: Reason,
        premises: tuple[Cell, ...],
        rule: str,
        probability: Fraction,
    ) -> None:
        super().__init__(cell, is_mine, reason, premises, rule)
        self.probability = probability


def hint(game: Game) -> Hint | None:
    """The next thing logic finds on the board as the player sees it.

    A certain cell (safe, or a mine the player has not flagged yet) with its
    reason; if none is certain, the hidden cell least likely to be a mine, with
    its exact probability. Flags are opinions, never evidence (a wrong flag can
    be named safe). Before the first reveal: the first click is always safe.
    None once the game is over.
    """
    if game.status.is_over:
        return None
    if game.minefield is None:
        cell = (game.rows // 2, game.cols // 2)
        return Hint(
            cell,
            False,
            said("the first click is always safe: try {cell}", cell=cell_name(cell)),
            (),
            "first click",
            fractions.Fraction(0),
        )
    analysis = analyse(game.view(), game.mines)
    for d in analysis.deductions:
        if d.is_mine and game.look(*d.cell) is Look.FLAG:
            continue  # the player already says so
        return Hint(
            d.cell, d.is_mine, d.reason, d.premises, d.rule, fractions.Fraction(int(d.is_mine))
        )
    candidates = [
        (p, cell)
        for cell, p in analysis.probability.items()
        if game.look(*cell) is not Look.FLAG and p < 1
    ] or [(p, cell) for cell, p in analysis.probability.items() if p < 1]
    p, cell = min(candidates)
    fields = {"cell": cell_name(cell), "p": p.numerator, "q": p.denominator}
    if analysis.exact:
        reason = said(
            "no cell is certain; {cell} is the safest, with a {p} in {q} chance of a mine",
            **fields,
        )
    else:
        reason = said(
            # Translators: the chance is an estimate (the board is too wide to count exactly).
            "no cell is certain; {cell} is the safest, with about a {p} in {q} chance of a mine",
            **fields,
        )
    return Hint(cell, False, reason, (), "chance", p)
