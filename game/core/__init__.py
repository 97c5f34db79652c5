"""The core engine: every rule of Minesweeper, in pure Python.

No pygame, no NumPy, no clock, no files: a game is a value you act on, and each
action returns a Delta saying what changed.

    from game.core import Game
    game = Game.new(9, 9, 10, seed=1)
    delta = game.reveal(4, 4)
"""

from game.core.board import MAX_SEED, Fate, FirstClick, Recursion, draw_seed
from game.core.delta import Cell, CellSet, Delta, Mark
from game.core.errors import (
    BoardSizeError,
    CellError,
    GameError,
    LayoutError,
    MoveError,
    RuleError,
    SnapshotError,
)
from game.core.game import Game
from game.core.look import Look
from game.core.minefield import Minefield
from game.core.moves import Action, Move, chord, mark, reveal
from game.core.status import Status

TYPE_CHECKING = False
if TYPE_CHECKING:
    from game.core.hints import Hint
    from game.core.solver import Analysis, Deduction, ViewError, analyse

_SOLVER = {"Analysis", "Deduction", "ViewError", "analyse"}


def __getattr__(name: str) -> object:
    """The solver's names load when first asked for (PEP 562): a game's first frame
    needs none of them."""
    if name in _SOLVER:
        from game.core import solver

        return getattr(solver, name)
    if name == "Hint":
        from game.core.hints import Hint

        return Hint
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MAX_SEED",
    "Action",
    "Analysis",
    "BoardSizeError",
    "Cell",
    "CellError",
    "CellSet",
    "Deduction",
    "Delta",
    "Fate",
    "FirstClick",
    "Game",
    "GameError",
    "Hint",
    "LayoutError",
    "Look",
    "Mark",
    "Minefield",
    "Move",
    "MoveError",
    "Recursion",
    "RuleError",
    "SnapshotError",
    "Status",
    "ViewError",
    "analyse",
    "chord",
    "draw_seed",
    "mark",
    "reveal",
]
