"""A board code to play, typed or pasted: it answers the BoardCode it names."""

from __future__ import annotations

from game.language import N_, gettext, shown
from game.replay import boardcode
from game.screens.answers import field
from game.view.widgets.form import Field, FormDialog


def board_code_dialog() -> FormDialog:
    """Ask for a board code to play; it answers the code parsed
    (game.replay.boardcode.BoardCode), or None when cancelled."""

    def validate(values: dict[str, str]) -> str | None:
        try:
            boardcode.parse(values["code"])
        except boardcode.BoardCodeError as error:
            return shown(error)
        return None

    dialog = FormDialog(
        N_("Play board code"),
        [Field("code", gettext("Code"), "", max_len=boardcode.MAX_TEXT)],
        validate,
        lines=[
            gettext(
                "A board code names a board's size, mines, rules and seed (shown after a game)."
            ),
            gettext(
                "Its mines are laid for the ringed start cell: open it first, for a first click"
                " elsewhere can hit a mine (and counts as a game of that code)."
            ),
            gettext("Ctrl+V pastes one, and so does the middle button on Linux."),
        ],
    )
    dialog.answer_for = lambda values: boardcode.parse(field(values, "code"))
    return dialog
