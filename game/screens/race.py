"""The offer to race a ghost: a replay of the board just put on the table."""

from __future__ import annotations

from game.language import N_, gettext
from game.screens.answers import Button, answering, labels
from game.view.widgets.message import MessageDialog


class RaceAnswer(Button):
    """The offer's buttons: race with the ghost's progress as a bar, or as a small
    board, or not at all."""

    RACE = N_("Race: a bar")
    RACE_BOARD = N_("Race: a small board")
    NO_GHOST = N_("No ghost")


def race_dialog(whose: str, time: str) -> MessageDialog:
    """Ask whether to race ``whose`` replay (its time, or that it did not finish);
    it answers a RaceAnswer."""
    dialog = MessageDialog(
        N_("Race a ghost"),
        [
            gettext("Race {whose} on this board ({time})?").format(whose=gettext(whose), time=time),
            gettext(
                "Its cursor plays over your board from your first click; its progress "
                "shows as a bar of its solved 3BV under the mine counter, or as a small "
                "board of its open cells beside it."
            ),
        ],
        buttons=labels(list(RaceAnswer)),
    )
    return answering(dialog, RaceAnswer)
