"""The game left unfinished when the window last closed, offered back."""

from __future__ import annotations

from game.language import N_, gettext, ngettext
from game.persist.resume import SavedGame
from game.screens.answers import Button, answering, labels
from game.session.stopwatch import seconds_shown_at
from game.view.widgets.message import MessageDialog


class ResumeAnswer(Button):
    """The offer's buttons (Esc, None, resumes too: nothing is thrown away)."""

    RESUME = N_("Resume")
    NEW_GAME = N_("New game")


def resume_dialog(saved: SavedGame) -> MessageDialog:
    """Offer back the game left unfinished when the window last closed, naming the
    time as the timer showed it; it answers a ResumeAnswer."""
    shown = seconds_shown_at(saved.elapsed_ms)
    dialog = MessageDialog(
        N_("Unfinished game"),
        [
            ngettext(
                "You left your {board} game at {n} second on the timer. "
                "Carry on where you stopped?",
                "You left your {board} game at {n} seconds on the timer. "
                "Carry on where you stopped?",
                shown,
            ).format(board=gettext(saved.difficulty.label), n=shown)
        ],
        buttons=labels(list(ResumeAnswer)),
    )
    return answering(dialog, ResumeAnswer)
