"""The Custom board form: rows, columns and mines, checked against the limits; it
answers the Board chosen."""

from __future__ import annotations

from game.rules import (
    MAX_COLS,
    MAX_ROWS,
    MIN_COLS,
    MIN_MINES,
    MIN_ROWS,
    Board,
    BoardChoiceError,
    custom,
    max_mines,
)
from game.screens.answers import field
from game.view.widgets.form import Field, FormDialog

SIDES = ("rows", "cols", "mines")


def custom_dialog(board: Board) -> FormDialog:
    """The Custom board form, filled with the board's size; it answers the Board
    chosen, or None when cancelled."""

    def validate(values: dict[str, str]) -> str | None:
        try:
            custom(*(int(values[key] or "0") for key in SIDES))
        except BoardChoiceError as error:
            return str(error)
        return None

    def note(values: dict[str, str]) -> str:
        rows, cols = (int(values[key] or "0") for key in ("rows", "cols"))
        if MIN_ROWS <= rows <= MAX_ROWS and MIN_COLS <= cols <= MAX_COLS:
            return f"Mines: {MIN_MINES} to {max_mines(rows, cols)} on {rows} x {cols}."
        return f"Mines: {MIN_MINES} to (rows - 1) x (columns - 1)."

    dialog = FormDialog(
        "Custom board",
        [
            Field("rows", f"Rows ({MIN_ROWS}-{MAX_ROWS})", str(board.rows), numeric=True),
            Field("cols", f"Columns ({MIN_COLS}-{MAX_COLS})", str(board.cols), numeric=True),
            Field("mines", "Mines", str(board.mines), numeric=True),
        ],
        validate,
        note=note,
    )
    dialog.answer_for = lambda values: custom(*(int(field(values, key)) for key in SIDES))
    return dialog
