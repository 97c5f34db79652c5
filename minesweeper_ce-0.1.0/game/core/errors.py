"""The errors the engine raises. All are ValueErrors with a message for a person."""

from __future__ import annotations


class GameError(ValueError):
    """Base class of every error the engine raises for bad arguments."""


class BoardSizeError(GameError):
    """A board that cannot exist: too small, or with too many or too few mines."""


class LayoutError(GameError):
    """A layout text that is not a rectangle of '*' and '.'."""


class CellError(GameError):
    """A cell that is not on the board."""


class RuleError(GameError):
    """An unknown rule name, such as a first-click rule."""


class MoveError(GameError):
    """A move text that cannot be parsed."""


class SnapshotError(GameError):
    """A saved game that cannot be restored."""


class ViewError(GameError):
    """A view that is not a board, or that no layout of mines fits."""
