"""The game left unfinished when the window last closed, offered back."""

from __future__ import annotations

from game.persist import SavedGame
from game.screens.answers import Button, answering, labels
from game.session import Stopwatch
from game.view.widgets.message import MessageDialog


class ResumeAnswer(Button):
    """The offer's buttons (Esc, None, resumes too: nothing is thrown away)."""

    RESUME = "Resume"
    NEW_GAME = "New game"


def resume_dialog(saved: SavedGame) -> MessageDialog:
    """Offer back the game left unfinished when the window last closed, naming the
    time as the timer showed it; it answers a ResumeAnswer."""
    shown = Stopwatch(lambda: 0.0, saved.elapsed_ms, started=True).seconds_shown
    unit = "second" if shown == 1 else "seconds"
    dialog = MessageDialog(
        "Unfinished game",
        [
            f"You left a {saved.difficulty.label} game at {shown} {unit} on the timer. "
            "Carry on where you stopped?"
        ],
        buttons=labels(list(ResumeAnswer)),
    )
    return answering(dialog, ResumeAnswer)
