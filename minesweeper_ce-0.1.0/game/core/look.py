"""How a cell looks to the player: the one vocabulary the engine, the text view and
the renderer share."""

from __future__ import annotations

from enum import IntEnum


class Look(IntEnum):
    """A cell's appearance. 0-8 are opened cells showing that number."""

    OPEN_0 = 0
    OPEN_1 = 1
    OPEN_2 = 2
    OPEN_3 = 3
    OPEN_4 = 4
    OPEN_5 = 5
    OPEN_6 = 6
    OPEN_7 = 7
    OPEN_8 = 8
    HIDDEN = 9
    FLAG = 10
    QUESTION = 11
    MINE = 12  # an unflagged mine, shown once the game is lost
    EXPLODED = 13  # a mine the player opened
    WRONG_FLAG = 14  # a flag on a safe cell, shown once the game is lost

    @property
    def char(self) -> str:
        """The character of the text view (see the rule book)."""
        return VIEW_CHARS[self]


VIEW_CHARS = ".12345678#F?*!X"
