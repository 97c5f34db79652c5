"""The board sizes a player can choose: the three presets and the custom limits."""

from __future__ import annotations

import re
from dataclasses import dataclass


class BoardChoiceError(ValueError):
    """A board size the window does not offer, with a message for the player."""


@dataclass(frozen=True)
class Board:
    """A board size: rows, columns and mines, and the preset's name if it is one."""

    rows: int
    cols: int
    mines: int
    name: str = "custom"

    @property
    def is_preset(self) -> bool:
        """One of Beginner, Intermediate, Expert (records are kept per preset)."""
        return self.name != "custom"

    @property
    def title(self) -> str:
        """The name a player reads."""
        if self.is_preset:
            return self.name.capitalize()
        return f"Custom {self.rows}x{self.cols}, {self.mines} mines"


PRESETS: dict[str, Board] = {
    "beginner": Board(9, 9, 10, "beginner"),
    "intermediate": Board(16, 16, 40, "intermediate"),
    "expert": Board(16, 30, 99, "expert"),
}

MIN_ROWS, MAX_ROWS = 9, 24
MIN_COLS, MAX_COLS = 9, 30
MIN_MINES = 10


def max_mines(rows: int, cols: int) -> int:
    """The most mines a custom board of this size may hold (the rule book's limit)."""
    return (rows - 1) * (cols - 1)


def custom(rows: int, cols: int, mines: int) -> Board:
    """A custom board, checked against the rule book's limits; raises BoardChoiceError."""
    if not MIN_ROWS <= rows <= MAX_ROWS:
        raise BoardChoiceError(f"Rows must be {MIN_ROWS} to {MAX_ROWS}; got {rows}.")
    if not MIN_COLS <= cols <= MAX_COLS:
        raise BoardChoiceError(f"Columns must be {MIN_COLS} to {MAX_COLS}; got {cols}.")
    most = max_mines(rows, cols)
    if not MIN_MINES <= mines <= most:
        raise BoardChoiceError(
            f"A {rows}x{cols} board takes {MIN_MINES} to {most} mines; got {mines}."
        )
    for preset in PRESETS.values():
        if (preset.rows, preset.cols, preset.mines) == (rows, cols, mines):
            return preset
    return Board(rows, cols, mines)


_CUSTOM_TEXT = re.compile(r"^\s*(\d+)\s*[xX]\s*(\d+)\s*:\s*(\d+)\s*$")


def parse_custom(text: str) -> Board:
    """A custom board written as ROWSxCOLS:MINES, e.g. '20x24:99'."""
    match = _CUSTOM_TEXT.match(text)
    if not match:
        raise BoardChoiceError(
            f"write a custom board as ROWSxCOLS:MINES, e.g. 20x24:99; got {text!r}"
        )
    rows, cols, mines = (int(group) for group in match.groups())
    return custom(rows, cols, mines)
