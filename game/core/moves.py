"""Moves: the three things a player can do to a cell, as small values.

A move round-trips through short text ("r 3 4" reveals row 3, column 4), which
makes replays, test scripts and bug reports cheap to write and read.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from game.core.errors import MoveError


class Action(Enum):
    """What a move does; the value is its letter in the text form."""

    REVEAL = "r"
    MARK = "m"
    CHORD = "c"


class Move(NamedTuple):
    """One player action on the cell at (row, col)."""

    action: Action
    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.action.value} {self.row} {self.col}"

    @classmethod
    def from_text(cls, text: str) -> Move:
        """Parse the text form, e.g. ``"c 2 7"``; raises MoveError on anything else."""
        parts = text.split()
        if len(parts) != 3:
            raise MoveError(f"a move is a letter and two numbers, like 'r 3 4'; got {text!r}")
        letter, row, col = parts
        try:
            action = Action(letter.lower())
        except ValueError:
            raise MoveError(
                f"unknown move letter {letter!r}: use r (reveal), m (mark) or c (chord)"
            ) from None
        if not all(n.isascii() and n.isdigit() and len(n) <= 6 for n in (row, col)):
            raise MoveError(f"a move's row and column are whole numbers; got {text!r}")
        return cls(action, int(row), int(col))


def reveal(row: int, col: int) -> Move:
    """A reveal move (left click)."""
    return Move(Action.REVEAL, row, col)


def mark(row: int, col: int) -> Move:
    """A mark move (right click): hidden -> flag -> question mark -> hidden."""
    return Move(Action.MARK, row, col)


def chord(row: int, col: int) -> Move:
    """A chord move (both buttons, or the middle button)."""
    return Move(Action.CHORD, row, col)
