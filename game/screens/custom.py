"""The Custom board form: rows, columns and mines, checked against the limits; it
answers the Board chosen."""

from __future__ import annotations

from game.language import N_, gettext
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
            return gettext("Mines: {least} to {most} on {rows}x{cols}.").format(
                least=MIN_MINES, most=max_mines(rows, cols), rows=rows, cols=cols
            )
        return gettext("Mines: {least} to (rows - 1) x (columns - 1).").format(least=MIN_MINES)

    rows_label = gettext("Rows ({least}-{most})").format(least=MIN_ROWS, most=MAX_ROWS)
    cols_label = gettext("Columns ({least}-{most})").format(least=MIN_COLS, most=MAX_COLS)
    dialog = FormDialog(
        N_("Custom board"),
        [
            Field("rows", rows_label, str(board.rows), numeric=True),
            Field("cols", cols_label, str(board.cols), numeric=True),
            Field("mines", gettext("Mines"), str(board.mines), numeric=True),
        ],
        validate,
        note=note,
    )
    dialog.answer_for = lambda values: custom(*(int(field(values, key)) for key in SIDES))
    return dialog
